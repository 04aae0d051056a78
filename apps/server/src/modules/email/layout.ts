import { escapeHtml } from '../../lib/escape-html';
import type { Email } from '../../lib/mailer';

/** Every email names the product (docs/decisions/006-email-outbox-in-development.md). */
export const PRODUCT = 'CampusCollab';
const TAGLINE = `${PRODUCT}: connecting students, building futures.`;
const BODY_STYLE = 'font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto';
const BUTTON_STYLE =
  'display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none';
const SMALL_STYLE = 'color:#555;font-size:13px';

/** What one email the server writes itself says; the layout turns it into both parts. */
export interface EmailContent {
  to: string;
  subject: string;
  /** The heading above the paragraphs; the subject when not given. */
  heading?: string;
  paragraphs: string[];
  /** The one thing the email asks the reader to do, as a button and a link to paste. */
  action: { label: string; url: string };
  /** Said under the action: how long its link works, what to do about an unexpected email. */
  fineprint?: string[];
  /** Said above the tagline: why this email came and how to stop it, for emails one can stop. */
  footnote?: string;
}

/**
 * The one HTML document every email is written in, the emails the server composes and the
 * HTML part built for a text-only request alike, so they all read the same in a mail client.
 */
export function renderHtmlDocument(body: string): string {
  return `<!doctype html><html><body style="${BODY_STYLE}">\n${body}\n</body></html>`;
}

/**
 * Both parts of an email from its content (docs/decisions/006-email-outbox-in-development.md):
 * the text part says what the HTML part says, in the same order, so a reader of either gets the
 * same email. Every value is escaped: names and titles come from other students.
 */
export function composeEmail(content: EmailContent): Email {
  const { action, fineprint = [], footnote } = content;
  const url = escapeHtml(action.url);
  const footer = footnote ? [footnote, TAGLINE] : [TAGLINE];
  const html = renderHtmlDocument(
    [
      `<h1 style="font-size:20px">${escapeHtml(content.heading ?? content.subject)}</h1>`,
      ...content.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`),
      `<p><a href="${url}" style="${BUTTON_STYLE}">${escapeHtml(action.label)}</a></p>`,
      `<p style="${SMALL_STYLE}">Or paste this link into your browser: ${url}</p>`,
      ...fineprint.map((text) => `<p>${escapeHtml(text)}</p>`),
      `<p style="${SMALL_STYLE}">${footer.map(escapeHtml).join('<br>')}</p>`,
    ].join('\n'),
  );
  const text = [
    ...content.paragraphs,
    `${action.label}: ${action.url}`,
    ...fineprint,
    `${footer.join('\n')}\n`,
  ].join('\n\n');
  return { to: content.to, subject: content.subject, text, html };
}
