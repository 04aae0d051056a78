import { isIPv4, isIPv6 } from 'node:net';

// An IPv4 client behind a dual-stack socket shows up as ::ffff:a.b.c.d.
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The eight 16-bit groups of an IPv6 address, or null when it is none. */
function expandIpv6(ip: string): number[] | null {
  let text = ip.split('%')[0]!; // a zone id (fe80::1%eth0) names an interface, not a host
  if (!isIPv6(text)) return null;
  const embedded = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (embedded) {
    const [a, b, c, d] = embedded.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, embedded.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16));
}

/**
 * The key a per-IP limit counts a client under. One IPv6 host usually holds a whole /64 (its
 * provider hands out that much), so a limit per address would let it pick a fresh one per
 * guess; the /64 is counted as one client, as @fastify/rate-limit does for its own keys.
 */
export function deriveNetworkKey(ip: string): string {
  const mapped = MAPPED_IPV4.exec(ip);
  if (mapped) return mapped[1]!;
  const groups = expandIpv6(ip);
  if (!groups) return ip.toLowerCase();
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** True for this machine's own addresses: 127.0.0.0/8 and ::1, also IPv4-mapped. */
export function isLoopbackAddress(ip: string): boolean {
  const ipv4 = MAPPED_IPV4.exec(ip)?.[1] ?? ip;
  if (isIPv4(ipv4)) return ipv4.startsWith('127.');
  const groups = expandIpv6(ip);
  return groups !== null && groups.every((group, index) => group === (index === 7 ? 1 : 0));
}
