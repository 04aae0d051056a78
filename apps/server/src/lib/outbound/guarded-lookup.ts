import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { isPublicAddress } from './address-policy';
import { urlNotAllowed } from './outbound-url';

/** Resolves a host name to every address it has; DNS unless a caller (a test) says otherwise. */
export type ResolveHost = (host: string) => Promise<string[]>;

export const resolveWithDns: ResolveHost = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `dns.lookup` for the sockets of outbound requests: it resolves the host, refuses it when
 * any of its addresses is not public, and hands the socket exactly the addresses it checked.
 * The check and the connection use one resolution, so a DNS answer that changes between them
 * (rebinding) cannot slip a private address in.
 */
export function createGuardedLookup(resolve: ResolveHost) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.length === 0 || !addresses.every(isPublicAddress);
        if (refused) {
          callback(urlNotAllowed(`${hostname} resolves to a private address`), '');
          return;
        }
        const entries = addresses.map((address) => ({ address, family: isIP(address) }));
        if (options.all) callback(null, entries);
        else callback(null, entries[0]!.address, entries[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
