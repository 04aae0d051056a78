import type { IncomingHttpHeaders } from 'node:http';

/**
 * True when a browser sent this post from a page of another site. Such a post to the hosted
 * sign-in form would sign the visitor in as whoever wrote the page (login CSRF), so it is refused
 * before any password is looked at.
 *
 * Browsers name the page's origin on every POST (`null` from a sandboxed frame or a data: page)
 * and say `Sec-Fetch-Site: cross-site` when it is another site. A request with neither comes
 * from a program, which can post whatever it likes anyway but cannot act for a visitor.
 */
export function isForeignFormPost(
  headers: IncomingHttpHeaders,
  trustedOrigins: readonly string[],
): boolean {
  if (headers['sec-fetch-site'] === 'cross-site') return true;
  const { origin } = headers;
  return origin !== undefined && !trustedOrigins.includes(origin);
}
