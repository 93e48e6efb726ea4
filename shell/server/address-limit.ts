/** Client addresses a limit remembers (the oldest are forgotten first). */
const ADDRESSES_KEPT = 10_000;

/**
 * At most `perMinute` admitted from one client address a minute (fixed windows per address, a bounded
 * memory of addresses): the limit of what browsers report to the shell (beacons, field data).
 */
export function addressLimit(perMinute: number, now: () => number = Date.now): (address: string) => boolean {
  const seen = new Map<string, { since: number; count: number }>();
  return (address) => {
    const t = now();
    const s = seen.get(address);
    if (!s || t - s.since >= 60_000) {
      seen.delete(address);
      seen.set(address, { since: t, count: 1 });
      if (seen.size > ADDRESSES_KEPT) seen.delete(seen.keys().next().value!);
      return true;
    }
    s.count++;
    return s.count <= perMinute;
  };
}
