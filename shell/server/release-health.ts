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
import { clientNetwork } from '@qf/shared/server';
import { shellT } from '../src/i18n';
import { addressLimit } from './address-limit';
import type { RegistryClient } from './registry';

const kAnswered = Symbol('qf.releaseHealth.answered');
type Answered<V> = { [kAnswered]?: { view: V; sitePath: string } };

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

/**
 * Pages counted from one client a minute while a canary runs (a visitor reads a few): one client asking
 * a page again and again does not make a release look better, or worse, than its visitors find it.
 */
export const PAGES_PER_CLIENT_MINUTE = 30;

/** Clients remembered per release as having reported a failure (the count stops growing there: a signal is long clear by then). */
const REPORTERS_KEPT = 1000;

/** Releases whose reporters are remembered (the oldest reported is forgotten first). */
const RELEASES_KEPT = 64;

/** The errors browsers report (the others the shell saw itself: an answer of 500 or more, a widget that failed on the server). */
const REPORTED: ReadonlySet<ErrorKind> = new Set(['mount', 'render', 'hydration']);

export interface ReleaseCounts {
  remote: RemoteName;
  build: string;
  requests: number;
  errors: number;
  byKind: Partial<Record<ErrorKind, number>>;
  /**
   * Of `errors`, those browsers reported (beacons), and how many clients reported them (an IPv4 address,
   * an IPv6 /64: clientNetwork; counted up to 1,000). Anyone can send a beacon, so the canary rule
   * counts reported errors only once several clients report them: one client cannot roll a release
   * back (issue 37, L1). The errors the shell saw itself always count.
   */
  reported: number;
  reporters: number;
}

export function createReleaseHealth(now: () => number = Date.now) {
  const counts = new Map<string, Omit<ReleaseCounts, 'reporters'>>();
  // Who reported failures of each release, canary or not (the metrics read it too): bounded both ways.
  const reporters = new Map<string, Set<string>>();
  const since = new Date(now()).toISOString();
  const of = (remote: RemoteName, build: string) => {
    const key = `${remote}@${build}`;
    let c = counts.get(key);
    if (!c) counts.set(key, (c = { remote, build, requests: 0, errors: 0, byKind: {}, reported: 0 }));
    return c;
  };
  const admitPage = addressLimit(PAGES_PER_CLIENT_MINUTE, now);
  const admitBeacon = addressLimit(BEACONS_PER_MINUTE, now);
  return {
    /** A page of `remote`'s release `build` answered to `address` (the client's, as the server believes it): counted up to PAGES_PER_CLIENT_MINUTE per client. */
    request(remote: RemoteName, build: string, address: string) {
      if (admitPage(clientNetwork(address))) of(remote, build).requests++;
    },
    /** An error of `remote`'s release `build` (counted while a canary runs). */
    error(remote: RemoteName, build: string, kind: ErrorKind) {
      const c = of(remote, build);
      c.errors++;
      c.byKind[kind] = (c.byKind[kind] ?? 0) + 1;
      if (REPORTED.has(kind)) c.reported++;
    },
    /** A browser at `address` reported a failure of `remote`'s release `build` (canary or not). */
    reportedBy(remote: RemoteName, build: string, address: string) {
      const key = `${remote}@${build}`;
      let clients = reporters.get(key);
      if (!clients) {
        reporters.set(key, (clients = new Set()));
        if (reporters.size > RELEASES_KEPT) reporters.delete(reporters.keys().next().value!);
      }
      if (clients.size < REPORTERS_KEPT) clients.add(clientNetwork(address));
    },
    /** How many clients reported failures of each release (the releases any reported). */
    reporters(): { remote: string; build: string; reporters: number }[] {
      return [...reporters].map(([key, clients]) => {
        const at = key.lastIndexOf('@');
        return { remote: key.slice(0, at), build: key.slice(at + 1), reporters: clients.size };
      });
    },
    /** Whether a beacon from `address` may be counted now (BEACONS_PER_MINUTE per client: an IPv6 client by its /64). */
    admitBeacon: (address: string) => admitBeacon(clientNetwork(address)),
    snapshot(): { since: string; releases: ReleaseCounts[] } {
      return { since, releases: [...counts.values()].map((c) => ({ ...c, byKind: { ...c.byKind }, reporters: reporters.get(`${c.remote}@${c.build}`)?.size ?? 0 })) };
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
    /** Whether a canary runs: at once when the shell knows (its registry document read), else a promise. */
    canaryRuns: () => boolean | Promise<boolean>;
    viewFor: (request: FastifyRequest) => Promise<V>;
    opsToken?: string;
    health?: ReleaseHealth;
    /** A failure a browser reported (admitted by the limit), with the release of that remote the visitor gets, canary or not (metrics). */
    onBrowserFailure?: (remote: RemoteName, build: string, kind: 'mount' | 'render' | 'hydration') => void;
  },
) {
  /** What a request answered, on its raw request (a WeakMap entry per page cost the collector more). */
  const answeredBy = {
    get: (request: FastifyRequest) => (request.raw as Answered<V>)[kAnswered],
    set: (request: FastifyRequest, seen: { view: V; sitePath: string }) => void ((request.raw as Answered<V>)[kAnswered] = seen),
  };
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
  // A hook with a callback that returns at once for what is not a page (an async one cost every request
  // a promise and a turn); the counting itself is not waited for.
  // Without a canary (most of the time) a page costs nothing here but the look at the document kept.
  app.addHook('onResponse', (request, reply, done) => {
    const seen = answeredBy.get(request);
    const runs = seen ? canaryRuns() : false;
    if (runs !== false) count(seen!, request.ip, reply.statusCode, runs).catch((error: unknown) => request.log.error({ err: error }, 'release health could not count an answer'));
    done();
  });
  async function count(seen: { view: V; sitePath: string }, ip: string, status: number, runs: true | Promise<boolean>) {
    if (!(await runs)) return;
    const owner = await seen.view.registry.owner(splitLang(seen.sitePath).path).catch(() => null);
    const build = owner ? await buildOf(seen.view, owner) : undefined;
    if (!owner || !build) return;
    health.request(owner, build, ip);
    if (status >= 500) health.error(owner, build, '5xx');
  }

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
        const build = await buildOf(view, remote);
        if (build) health.reportedBy(remote, build, request.ip);
        onBrowserFailure?.(remote, build ?? '', beacon.data.kind);
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
    /** How many clients reported failures of each release (the metrics). */
    reporters: () => health.reporters(),
  };
}
