import { escapeHtml, type Email } from '../../lib/mailer';

const PRODUCT = 'CampusCollab';

function layout(
  title: string,
  paragraphs: string[],
  action: { label: string; url: string },
): string {
  const body = paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n');
  const url = escapeHtml(action.url);
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${body}
<p><a href="${url}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="color:#555;font-size:13px">Or paste this link into your browser: ${url}</p>
<p style="color:#555;font-size:13px">${PRODUCT}: connecting students, building futures.</p>
</body></html>`;
}

export function verificationEmail(to: string, link: string): Email {
  const intro = `Welcome to ${PRODUCT}! Confirm your school email and choose your password to finish creating your account.`;
  const fineprint =
    'The link works once and expires in 24 hours. If you did not sign up, ignore this email.';
  return {
    to,
    subject: `Verify your ${PRODUCT} email`,
    text: `${intro}\n\n${link}\n\n${fineprint}\n\n${PRODUCT}: connecting students, building futures.\n`,
    html: layout('Verify your email', [intro, fineprint], { label: 'Verify email', url: link }),
  };
}

export function passwordResetEmail(to: string, link: string): Email {
  const intro = `Someone, perhaps you, asked to reset the password of your ${PRODUCT} account. Choose a new one here:`;
  const fineprint =
    'The link works once and expires in 1 hour. If you did not ask for it, ignore this email; your password is unchanged.';
  return {
    to,
    subject: `Reset your ${PRODUCT} password`,
    text: `${intro}\n\n${link}\n\n${fineprint}\n\n${PRODUCT}: connecting students, building futures.\n`,
    html: layout('Reset your password', [intro, fineprint], {
      label: 'Choose a new password',
      url: link,
    }),
  };
}

/** Sent instead of a second account, so sign-up never reveals whether an address is taken. */
export function accountExistsEmail(to: string, signInLink: string): Email {
  const intro = `Someone, perhaps you, tried to create a ${PRODUCT} account with this address. You already have one, so nothing was changed.`;
  const fineprint =
    'If it was not you, you can ignore this email; your password is unchanged. Forgot it? Choose "Forgot password?" on the sign-in page.';
  return {
    to,
    subject: `You already have a ${PRODUCT} account`,
    text: `${intro}\n\nSign in: ${signInLink}\n\n${fineprint}\n`,
    html: layout('You already have an account', [intro, fineprint], {
      label: 'Sign in',
      url: signInLink,
    }),
  };
}
