import { describe, expect, it } from 'vitest';
import { clientSubject } from './service';

// Per-client limits count an IPv4 address, or the /64 network of an IPv6 one (decision 016).
describe('the subject of a per-client limit', () => {
  it('is the IPv4 address, also when the socket reports it IPv4-mapped', () => {
    expect(clientSubject('203.0.113.7')).toBe('ip:203.0.113.7');
    expect(clientSubject('::ffff:203.0.113.7')).toBe('ip:203.0.113.7');
  });

  it('is the /64 of an IPv6 address: one household cannot spread its tries over its network', () => {
    const subject = clientSubject('2001:db8:85a3:12:8a2e:370:7334:1');
    expect(subject).toBe('ip6:2001:db8:85a3:12::/64');
    expect(clientSubject('2001:db8:85a3:12::ffff')).toBe(subject);
    expect(clientSubject('2001:0db8:85a3:0012:0000:0000:0000:0001')).toBe(subject);
    expect(clientSubject('2001:db8:85a3:13::1')).not.toBe(subject);
    expect(clientSubject('::1')).toBe('ip6:0:0:0:0::/64');
    expect(clientSubject('fe80::1%eth0')).toBe('ip6:fe80:0:0:0::/64');
  });

  it('keeps anything else as it is', () => {
    expect(clientSubject('unknown')).toBe('ip:unknown');
  });
});
