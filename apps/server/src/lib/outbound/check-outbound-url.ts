import { isIP } from 'node:net';
import { HttpError } from '../http-error';
import { isPublicAddress } from './address-policy';
import type { OutboundPolicy } from './fetch-outbound';
import { resolveWithDns } from './guarded-lookup';
import { hostOf, isAllowedHost, parseOutboundUrl, urlNotAllowed } from './outbound-url';

/**
 * Judges a URL as fetchOutbound's first hop would, without sending anything: for work that is
 * costly to start (a browser render) and should be refused with 400 URL_NOT_ALLOWED up front.
 * It is a courtesy, not the guard: the request itself still goes through fetchOutbound, whose
 * socket connects only to addresses checked at that moment (docs/security.md).
 */
export async function checkOutboundUrl(
  raw: string,
  policy: Pick<OutboundPolicy, 'allowedHosts' | 'resolve'>,
): Promise<URL> {
  const url = parseOutboundUrl(raw);
  if (isAllowedHost(url, policy.allowedHosts)) return url;
  const host = hostOf(url);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await (policy.resolve ?? resolveWithDns)(host);
  } catch {
    throw new HttpError(502, 'UPSTREAM_FAILED', 'The URL could not be fetched');
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
    throw urlNotAllowed(`${host} is a private address`);
  }
  return url;
}
