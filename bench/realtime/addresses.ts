/**
 * Source addresses on the loopback network (127.0.0.0/8 is all local on Linux). Spreading the
 * sockets over many keeps each address within the server's 120 new sockets a minute per IP
 * (docs/realtime-protocol.md, limits) and each under the ~28,000 ephemeral ports one address
 * has towards one server port. Every address is handed out once per run, so no limit window
 * carries over from one scenario to the next.
 */
export const SOCKETS_PER_ADDRESS = 100;

let handedOut = 0;

export function takeAddresses(sockets: number): string[] {
  const count = Math.ceil(sockets / SOCKETS_PER_ADDRESS);
  return Array.from({ length: count }, () => {
    const n = handedOut++;
    // Last octet 1-254, so no address looks like a network or broadcast address.
    const block = Math.floor(n / 254);
    return `127.${1 + Math.floor(block / 256)}.${block % 256}.${(n % 254) + 1}`;
  });
}
