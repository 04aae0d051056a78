import ipaddr from 'ipaddr.js';

/**
 * Whether an outbound request may connect to this IP address: only ordinary public unicast.
 * Loopback, private, link-local (the cloud metadata address), CGNAT, multicast, reserved and
 * unspecified addresses are refused, in IPv4 and IPv6. An IPv4 address carried inside IPv6
 * (`::ffff:127.0.0.1`) is judged as the IPv4 it is; other IPv6 forms that tunnel to IPv4
 * (6to4, NAT64, Teredo) are refused outright, since where they lead is not visible here.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() === 'unicast';
}
