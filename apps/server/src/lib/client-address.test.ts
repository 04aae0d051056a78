import { describe, expect, it } from 'vitest';
import { deriveNetworkKey, isLoopbackAddress } from './client-address';

describe('deriveNetworkKey', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::ffff', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:aaaa::', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('counts %s as %s', (ip, key) => {
    expect(deriveNetworkKey(ip)).toBe(key);
  });
});

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.9.8.7', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])(
    'is true for %s',
    (ip) => expect(isLoopbackAddress(ip)).toBe(true),
  );
  it.each([
    '10.0.0.1',
    '128.0.0.1',
    '::ffff:10.0.0.1',
    '::2',
    '::',
    '2001:db8::1',
    '::127.0.0.1',
    'localhost',
    '',
  ])('is false for %s', (ip) => expect(isLoopbackAddress(ip)).toBe(false));
});
