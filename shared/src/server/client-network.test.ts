import { clientNetwork } from './client-network';

describe('clientNetwork', () => {
  it('keeps an IPv4 address and reads an IPv4-mapped IPv6 address as IPv4', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const net = '2001:db8:85a3:42::/64';
    for (const address of ['2001:db8:85a3:42::1', '2001:0db8:85a3:0042:ffff:ffff:ffff:ffff', '2001:db8:85a3:42:1:2:3:4', '2001:DB8:85A3:42::abcd%eth0', '2001:db8:85a3:42::192.0.2.1']) {
      expect(clientNetwork(address)).toBe(net);
    }
    expect(clientNetwork('2001:db8:85a3:43::1')).toBe('2001:db8:85a3:43::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves what is not an address as it is (a test injection, a unix socket)', () => {
    expect(clientNetwork('')).toBe('');
    expect(clientNetwork('not-an-address')).toBe('not-an-address');
  });
});
