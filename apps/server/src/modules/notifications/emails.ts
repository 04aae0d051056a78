import { escapeHtml, type Email } from '../../lib/mailer';

const PRODUCT = 'CampusCollab';
const TAGLINE = `${PRODUCT}: connecting students, building futures.`;
const PREVIEW_MAX = 200;
const FOOTER = 'You can turn these emails off in Settings, under Notification preferences.';

/** Names and titles come from other students: one line each, so they cannot reshape a header. */
function toOneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** A short look at the message, like the app's cards (docs/product.md §2.14); the app has all. */
function previewOf(message: string): string {
  const flat = toOneLine(message);
  return flat.length > PREVIEW_MAX ? `${flat.slice(0, PREVIEW_MAX - 1)}…` : flat;
}

function compose(
  to: string,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string },
): Email {
  const url = escapeHtml(action.url);
  const body = paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
${body}
<p><a href="${url}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="color:#555;font-size:13px">Or paste this link into your browser: ${url}</p>
<p style="color:#555;font-size:13px">${escapeHtml(FOOTER)}<br>${escapeHtml(TAGLINE)}</p>
</body></html>`;
  const text = `${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n\n${FOOTER}\n${TAGLINE}\n`;
  return { to, subject, text, html };
}

/**
 * The last email of a burst from one sender says why the next ones will not come
 * (email-bursts.ts), so a quiet mailbox is not mistaken for a quiet sender.
 */
const burstNote = (lastOfBurst: boolean | undefined, note: string) => (lastOfBurst ? [note] : []);

export function newMessageEmail(input: {
  to: string;
  senderName: string;
  subject: string;
  message: string;
  link: string;
  lastOfBurst?: boolean;
}): Email {
  const sender = toOneLine(input.senderName);
  return compose(
    input.to,
    `New message from ${sender} on ${PRODUCT}`,
    [
      `${sender} sent you a message.`,
      `Subject: ${toOneLine(input.subject)}`,
      `"${previewOf(input.message)}"`,
      ...burstNote(
        input.lastOfBurst,
        `${sender} has written to you several times in a few minutes. More messages from ${sender} will wait in your inbox for the next few minutes, without an email.`,
      ),
    ],
    { label: 'Read it in Messages', url: input.link },
  );
}

export function newApplicationEmail(input: {
  to: string;
  applicantName: string;
  projectTitle: string;
  link: string;
  lastOfBurst?: boolean;
}): Email {
  const applicant = toOneLine(input.applicantName);
  const title = toOneLine(input.projectTitle);
  return compose(
    input.to,
    `${applicant} applied to join "${title}"`,
    [
      `${applicant} applied to join your project "${title}" on ${PRODUCT}.`,
      'Review the application on your dashboard to accept or decline it.',
      ...burstNote(
        input.lastOfBurst,
        `More applications from ${applicant} will show on your dashboard for the next few minutes, without an email.`,
      ),
    ],
    { label: 'Open your dashboard', url: input.link },
  );
}

export function applicationDecisionEmail(input: {
  to: string;
  projectTitle: string;
  accepted: boolean;
  link: string;
  lastOfBurst?: boolean;
}): Email {
  const title = toOneLine(input.projectTitle);
  const outcome = input.accepted ? 'accepted' : 'declined';
  const next = input.accepted
    ? 'Congratulations! Reach out to the project owner through Messages to get started.'
    : 'Keep exploring: there are more open projects looking for collaborators.';
  return compose(
    input.to,
    `Your application to "${title}" was ${outcome}`,
    [
      `Your application to join "${title}" on ${PRODUCT} was ${outcome}.`,
      next,
      ...burstNote(
        input.lastOfBurst,
        `More changes to this application will show on your dashboard for the next few minutes, without an email.`,
      ),
    ],
    { label: 'Open your dashboard', url: input.link },
  );
}
