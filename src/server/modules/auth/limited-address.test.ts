import { describe, expect, it } from 'vitest';
import { limitedAddress } from './limited-address';

describe('limitedAddress', () => {
  it('counts an IPv4 address as itself, also when written as IPv4-mapped IPv6', () => {
    expect(limitedAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(limitedAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every IPv6 address of one /64 as one, however it is written', () => {
    const same = [
      '2001:db8:0:1::1',
      '2001:db8:0:1:ffff:ffff:ffff:ffff',
      '2001:0DB8:0000:0001:0000:0000:0000:0abc',
      '2001:db8:0:1::9%eth0',
      '2001:db8::1:2:3:4:5',
    ];
    expect(new Set(same.map(limitedAddress))).toEqual(new Set(['2001:db8:0:1::/64']));
    expect(limitedAddress('2001:db8:0:2::1')).not.toBe(limitedAddress('2001:db8:0:1::1'));
    expect(limitedAddress('2001:db8::66')).toBe('2001:db8:0:0::/64');
    expect(limitedAddress('::1')).toBe('0:0:0:0::/64');
    expect(limitedAddress('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything that is not an address as it is', () => {
    expect(limitedAddress('unknown')).toBe('unknown');
  });
});
