/**
 * Escapes text for an HTML body or attribute: every email template and the hosted sign-in page
 * put other people's names, titles and links into markup, and none of them may add markup.
 */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}
