import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where the server may send a request on a visitor's say-so (a push subscription's endpoint): only to
 * hosts on the public internet, never to this machine, the private network, link-local addresses (the
 * cloud metadata service at 169.254.169.254) or IPv6 unique-local ones.
 */
const notPublic = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  notPublic.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  // (IPv4-compatible ::/96 and IPv4-mapped ::ffff:0:0/96 are judged in isPublicAddress: a BlockList
  // rule for either would match every IPv4 address, which it checks as mapped.)
  ['64:ff9b::', 96],
  // Local-use NAT64 (RFC 8215): translated to whatever the network's IPv4 is.
  ['64:ff9b:1::', 48],
  ['fc00::', 7],
  ['fe80::', 10],
  // Site-local (deprecated, RFC 3879): still routed inside some networks.
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  notPublic.addSubnet(net, prefix, 'ipv6');
}

/** The 16 bytes of an IPv6 address (`isIP(address) === 6`), a trailing dotted IPv4 included. */
function ipv6Bytes(address: string): number[] {
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all = [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

/** Whether an IP address (v4 or v6) is on the public internet. An IPv6 address that carries an IPv4 one is judged by it too. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublic.check(address, 'ipv4');
  if (family !== 6) return false;
  const bytes = ipv6Bytes(address);
  const v4 = (at: number) => bytes.slice(at, at + 4).join('.');
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  // IPv4-mapped (::ffff:a.b.c.d, also written in hex): the IPv4 address it is.
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return isPublicAddress(v4(12));
  // IPv4-compatible (::a.b.c.d, deprecated), `::` and `::1`: never a public endpoint.
  if (zeros(0, 12)) return false;
  // 6to4 (2002:aabb:ccdd::/48): the IPv4 address it tunnels to.
  if (bytes[0] === 0x20 && bytes[1] === 0x02 && !isPublicAddress(v4(2))) return false;
  return !notPublic.check(address, 'ipv6');
}

/** Names that never lead to the public internet, whatever a resolver says (a trailing dot taken off first). */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa)$/i;

export type Resolve = (host: string) => Promise<string[]>;

export const resolveAll: Resolve = (host) =>
  new Promise((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses.map((a) => a.address)))));

/**
 * What can be said of an https URL's host now: `public` (every address it resolves to is public),
 * `private` (an address or a name that is not), or `unresolved` (no answer now; it is checked again
 * before anything is sent to it).
 */
export async function hostStatus(url: string, resolve: Resolve = resolveAll): Promise<'public' | 'private' | 'unresolved'> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'private';
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password) return 'private';
  // `localhost.` is `localhost`: a fully qualified name's trailing dot says nothing about where it leads.
  const host = parsed.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
  if (isIP(host)) return isPublicAddress(host) ? 'public' : 'private';
  if (!host.includes('.') || LOCAL_NAME.test(host)) return 'private';
  let addresses: string[];
  try {
    // A resolver that does not answer soon says nothing either way.
    addresses = await Promise.race([resolve(host), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2_000).unref())]);
  } catch {
    return 'unresolved';
  }
  if (!addresses.length) return 'unresolved';
  return addresses.every(isPublicAddress) ? 'public' : 'private';
}

/**
 * The lookup for an agent that connects to public addresses only: checked when the connection is made,
 * so a name that pointed somewhere public when it was checked cannot point inside by then.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) return callback(Object.assign(new Error(`${hostname} resolves to ${refused.address}, which is not a public address`), { code: 'ENOTPUBLIC' }), '', 4);
    if (options.all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};
