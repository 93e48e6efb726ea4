// Release health (issue 12): while a canary runs, the shell counts per release of a remote (remote and
// build) the pages and page data it answered for pages that remote owns, and the errors: answers of
// 500 and over (an owner that failed to resolve or render), widgets that failed to render on the
// server, and the errors browsers report (`POST /_qf/beacon`: a section or widget that failed to mount
// or to render, or whose hydration did not match the server's HTML). The supervisor reads the counts (`GET /_qf/release-health`, with its token) and rolls a
// canary back when its error rate is worse than the live release's by its margin.
import { z } from 'zod';
import { remoteNames, type RemoteName } from '@qf/shared/contracts';

export const ERROR_KINDS = ['5xx', 'widget', 'mount', 'render', 'hydration'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** What a browser may report: only these, only of a known remote; anything else is a 400. */
export const beaconSchema = z.strictObject({ remote: z.enum(remoteNames), kind: z.enum(['mount', 'render', 'hydration']) });

/** Beacons counted from one client address per minute: a page reports a handful; a flood is not a signal. */
export const BEACONS_PER_MINUTE = 20;
/** Client addresses remembered for the beacon limit (the oldest are forgotten first). */
const ADDRESSES_KEPT = 10_000;

export interface ReleaseCounts {
  remote: RemoteName;
  build: string;
  requests: number;
  errors: number;
  byKind: Partial<Record<ErrorKind, number>>;
}

export function createReleaseHealth(now: () => number = Date.now) {
  const counts = new Map<string, ReleaseCounts>();
  const beacons = new Map<string, { since: number; count: number }>();
  const since = new Date(now()).toISOString();
  const of = (remote: RemoteName, build: string) => {
    const key = `${remote}@${build}`;
    let c = counts.get(key);
    if (!c) counts.set(key, (c = { remote, build, requests: 0, errors: 0, byKind: {} }));
    return c;
  };
  return {
    request(remote: RemoteName, build: string) {
      of(remote, build).requests++;
    },
    error(remote: RemoteName, build: string, kind: ErrorKind) {
      const c = of(remote, build);
      c.errors++;
      c.byKind[kind] = (c.byKind[kind] ?? 0) + 1;
    },
    /** Whether a beacon from `address` may be counted now (BEACONS_PER_MINUTE per address). */
    admitBeacon(address: string): boolean {
      const t = now();
      const seen = beacons.get(address);
      if (!seen || t - seen.since >= 60_000) {
        beacons.delete(address);
        beacons.set(address, { since: t, count: 1 });
        if (beacons.size > ADDRESSES_KEPT) beacons.delete(beacons.keys().next().value!);
        return true;
      }
      seen.count++;
      return seen.count <= BEACONS_PER_MINUTE;
    },
    snapshot(): { since: string; releases: ReleaseCounts[] } {
      return { since, releases: [...counts.values()].map((c) => ({ ...c, byKind: { ...c.byKind } })) };
    },
  };
}

export type ReleaseHealth = ReturnType<typeof createReleaseHealth>;
