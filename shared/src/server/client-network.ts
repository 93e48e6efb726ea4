import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, `::` expanded and an IPv4 tail converted. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0]!.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [before, after] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const leading = part(before);
  const trailing = part(after);
  const groups = after === undefined ? leading : [...leading, ...Array<number>(8 - leading.length - trailing.length).fill(0), ...trailing];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * The client a server-side limit or count knows, from the address the server believes (`request.ip`, which
 * trusts forwarded addresses from configured proxies only): an IPv4 address as is, and for IPv6 its /64
 * network, since one machine commonly holds a whole /64 and could otherwise take a fresh address per
 * request. IPv4-mapped IPv6 addresses (`::ffff:203.0.113.7`) are the IPv4 address.
 */
export function clientNetwork(address: string): string {
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}
