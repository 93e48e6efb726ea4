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
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  notPublic.addSubnet(net, prefix, 'ipv6');
}

/** Whether an IP address (v4 or v6, IPv4-mapped v6 included) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublic.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  return !notPublic.check(address, 'ipv6');
}

/** Names that never lead to the public internet, whatever a resolver says. */
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
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
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
