import { HttpError } from '../http-error';

/** The error every refused destination gets, before any byte is sent (docs/security.md). */
export function urlNotAllowed(reason: string): HttpError {
  return new HttpError(400, 'URL_NOT_ALLOWED', `This URL is not allowed: ${reason}`);
}

/**
 * Hosts an operator opened to outbound requests although they resolve to private addresses
 * (`DATA_ALLOWED_HOSTS`: `host` or `host:port`, comma-separated), as a lookup of lower-cased
 * `host` and `host:port` entries.
 */
export function parseAllowedHosts(setting: string | undefined): ReadonlySet<string> {
  const entries = (setting ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  return new Set(entries);
}

/** The port a URL connects to, its scheme's default when it names none. */
export function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** The host as DNS and the allow-list see it: no IPv6 brackets, lower case. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

export function isAllowedHost(url: URL, allowed: ReadonlySet<string>): boolean {
  const host = hostOf(url);
  return allowed.has(host) || allowed.has(`${host}:${portOf(url)}`);
}

/**
 * A client's URL, parsed the way the WHATWG parser reads it (so `http://2130706433/` and
 * `http://0x7f.1/` are already 127.0.0.1 here), refused unless it is plain http or https with
 * no credentials in it.
 */
export function parseOutboundUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw urlNotAllowed('it is not an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw urlNotAllowed('only http and https are fetched');
  }
  if (url.username || url.password) throw urlNotAllowed('it carries credentials');
  return url;
}
