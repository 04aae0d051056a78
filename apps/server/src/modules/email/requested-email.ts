import { escapeHtml } from '../../lib/escape-html';
import type { Email } from '../../lib/mailer';
import { convertHtmlToText } from './html-to-text';
import { renderHtmlDocument } from './layout';

/** An email a caller of POST /api/notifications/{project}/email wrote (docs/product.md §7.5). */
export function composeRequestedEmail(request: {
  to: string;
  subject: string;
  html?: string;
  text?: string;
}): Email {
  return { to: request.to, subject: request.subject, ...completeEmailParts(request) };
}

/**
 * Every email leaves with a text and an HTML part (decision 006): clients that show only one of
 * them, and spam filters that distrust single-part mail, both get what they need. A part that is
 * only whitespace counts as missing.
 */
function completeEmailParts(parts: { html?: string; text?: string }): {
  html: string;
  text: string;
} {
  const html = parts.html?.trim() ? parts.html : undefined;
  const text = parts.text?.trim() ? parts.text : undefined;
  if (html && text) return { html, text };
  if (text) return { html: convertTextToHtml(text), text };
  if (html) return { html, text: convertHtmlToText(html) };
  throw new Error('completeEmailParts needs html or text');
}

/** The text, escaped so it cannot inject markup, with its paragraphs and line breaks kept. */
function convertTextToHtml(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`)
    .join('\n');
  return renderHtmlDocument(paragraphs);
}
