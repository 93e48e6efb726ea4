// Release health (issue 12): while a canary runs, the shell counts per release of a remote (remote and
// build) the pages and page data it answered for pages that remote owns, and the errors: answers of
// 500 and over (an owner that failed to resolve or render), widgets that failed to render on the
// server, and the errors browsers report (`POST /_qf/beacon`: a section or widget that failed to mount
// or to render, or whose hydration did not match the server's HTML). The supervisor reads the counts
// (`GET /_qf/release-health`, with its token) and rolls a canary back when its error rate is worse
// than the live release's by its margin. `registerReleaseHealth` is all of it as a Fastify plugin.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isRemoteName, type RemoteName } from '@qf/shared/contracts';
import { splitLang } from '@qf/shared/routing';
import { shellT } from '../src/i18n';
import { addressLimit } from './address-limit';
import type { RegistryClient } from './registry';

export const ERROR_KINDS = ['5xx', 'widget', 'mount', 'render', 'hydration'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/**
 * What a browser may report: only these, of a remote whose name is well formed; anything else is a 400.
 * Only a remote of the visitor's registry is counted (a name is never a metric label unless it is a
 * section the site has).
 */
export const beaconSchema = z.strictObject({ remote: z.string().refine(isRemoteName), kind: z.enum(['mount', 'render', 'hydration']) });

/** Beacons counted from one client address per minute: a page reports a handful; a flood is not a signal. */
export const BEACONS_PER_MINUTE = 20;

export interface ReleaseCounts {
  remote: RemoteName;
  build: string;
  requests: number;
  errors: number;
  byKind: Partial<Record<ErrorKind, number>>;
}

export function createReleaseHealth(now: () => number = Date.now) {
  const counts = new Map<string, ReleaseCounts>();
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
    admitBeacon: addressLimit(BEACONS_PER_MINUTE, now),
    snapshot(): { since: string; releases: ReleaseCounts[] } {
      return { since, releases: [...counts.values()].map((c) => ({ ...c, byKind: { ...c.byKind } })) };
    },
  };
}

export type ReleaseHealth = ReturnType<typeof createReleaseHealth>;

/** What release health reads of a composition (live or canary): the build of a remote it serves, and a page's owner. */
export interface HealthView {
  registry: Pick<RegistryClient, 'status' | 'owner' | 'entry'>;
}

/**
 * Release health as a plugin: the counting of pages and page data answered (`answered`, called by the
 * routes that answer them, with the visitor's composition), of server-side widget failures
 * (`noteError`), the beacon (`POST /_qf/beacon`) and the supervisor's read (`GET /_qf/release-health`,
 * with `Authorization: Bearer <opsToken>`; a 404 without it, or when no token is set). Nothing is
 * counted unless a canary runs.
 */
export function registerReleaseHealth<V extends HealthView>(
  app: FastifyInstance,
  {
    canaryRuns,
    viewFor,
    opsToken,
    health = createReleaseHealth(),
    onBrowserFailure,
  }: {
    canaryRuns: () => Promise<boolean>;
    viewFor: (request: FastifyRequest) => Promise<V>;
    opsToken?: string;
    health?: ReleaseHealth;
    /** A failure a browser reported (admitted by the limit), with the release of that remote the visitor gets, canary or not (metrics). */
    onBrowserFailure?: (remote: RemoteName, build: string, kind: 'mount' | 'render' | 'hydration') => void;
  },
) {
  const answeredBy = new WeakMap<FastifyRequest, { view: V; sitePath: string }>();
  async function buildOf(view: V, remote: RemoteName): Promise<string | undefined> {
    const status = await view.registry.status(remote);
    return status.up ? status.info.buildId : undefined;
  }
  async function noteError(view: V, remote: RemoteName, kind: ErrorKind) {
    if (!(await canaryRuns())) return;
    const build = await buildOf(view, remote);
    if (build) health.error(remote, build, kind);
  }

  // Each page and page data answered counts for the release of its owner in the visitor's
  // composition, an answer of 500 or more as its error.
  app.addHook('onResponse', async (request, reply) => {
    const seen = answeredBy.get(request);
    if (!seen || !(await canaryRuns())) return;
    const owner = await seen.view.registry.owner(splitLang(seen.sitePath).path).catch(() => null);
    const build = owner ? await buildOf(seen.view, owner) : undefined;
    if (!owner || !build) return;
    health.request(owner, build);
    if (reply.statusCode >= 500) health.error(owner, build, '5xx');
  });

  // What browsers report of a section or widget that failed to mount or to render: counted for the
  // release of that remote the visitor's cohort gets, at most BEACONS_PER_MINUTE per client address.
  app.post('/_qf/beacon', { bodyLimit: 1024 }, async (request, reply) => {
    let body: unknown = request.body;
    try {
      if (typeof body === 'string') body = JSON.parse(body);
    } catch {
      body = undefined;
    }
    const beacon = beaconSchema.safeParse(body);
    if (!beacon.success) return reply.code(400).send({ error: 'bad-request', message: shellT('en')('status.badRequest') });
    if (health.admitBeacon(request.ip)) {
      const view = await viewFor(request);
      const remote = beacon.data.remote as RemoteName;
      // A section this visitor's registry does not have (gone since the page was made, or made up) is not counted.
      if (await view.registry.entry(remote)) {
        await noteError(view, remote, beacon.data.kind);
        onBrowserFailure?.(remote, (await buildOf(view, remote)) ?? '', beacon.data.kind);
      }
    }
    return reply.code(204).send();
  });

  // The counts, for the supervisor only (its token, OPS_TOKEN); without the token this page does not exist.
  // Without it, the answer is the one any unknown address gets (the site's 404 page), and the token is
  // compared in constant time (issue 37, info items).
  const expected = opsToken ? createHash('sha256').update(`Bearer ${opsToken}`).digest() : undefined;
  const holdsToken = (header: string | undefined) => Boolean(expected && header !== undefined && timingSafeEqual(createHash('sha256').update(header).digest(), expected));
  app.get('/_qf/release-health', async (request, reply) => {
    if (!holdsToken(request.headers.authorization)) return reply.callNotFound();
    reply.header('Cache-Control', 'no-store');
    return health.snapshot();
  });

  return {
    /** A page or page data of `sitePath` is being answered from `view`: counted once answered. */
    answered(request: FastifyRequest, view: V, sitePath: string): void {
      answeredBy.set(request, { view, sitePath });
    },
    noteError,
  };
}
