import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { compatibilityProblems, outsideRequest } from '@qf/shared/server';
import { routeConflicts, siteRoutes, type SiteRoutes } from '@qf/shared/section';
import { getJson } from './http-get';
import {
  buildInfoSchema,
  registrySchema,
  routeManifestSchema,
  type BuildInfo,
  type Registry,
  type RegistryEntry,
  type RemoteName,
  type RouteManifest,
} from '@qf/shared/contracts';

/**
 * Whether a remote is up and which build it serves; `entry` is the registry entry it was checked
 * against (the code to load is that entry's: a deploy may switch the entry between two asks).
 */
export type RemoteStatus = { up: true; info: BuildInfo; browserBuild: string; entry?: RegistryEntry } | { up: false; reason: string; unsure?: true };

/**
 * Looks in a row at a remote that was up which said nothing sure, still taken for load or a passing
 * fault rather than death: no answer in time, or a proxy's 502/503/504 (the balancer in front of the
 * instances found none of them to answer this one look). The remote keeps its last good status through
 * them; a refused connection, another error answer or an incompatible build is down at once. On a busy
 * machine one build-info check over its 1.5 s turned a section's pages into 503 pages for a look's
 * length; in the cluster, one instance of each section killed made nginx answer one look 502 and the
 * surviving shell answered its pages 503 for 0.5 s (the cluster journey). A remote really gone refuses
 * connections, or its proxy keeps answering 502 past these looks.
 */
export const UNSURE_LOOKS_TOLERATED = 2;

/** A proxy's answer that no instance behind it answered (bad gateway, none available, gateway timeout). */
const GATEWAY_ANSWERS = new Set([502, 503, 504]);

/** A timeout (node:http's NoAnswerInTime, fetch's AbortSignal.timeout), as opposed to a refusal or a bad answer. */
const isTimeout = (error: unknown): boolean => error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/** How the registry reads JSON over HTTP (node:http by default; tests give a stand-in). */
export type FetchJson = (url: string, init: { signal: AbortSignal }) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

/** node:http with kept-alive connections: the build of every remote is asked for several times a second. */
const viaHttp = (timeoutMs: number): FetchJson => (url) => getJson(url, { timeoutMs });

interface Options {
  /** File path or http(s) URL of the registry document. */
  source: string;
  ttlMs: number;
  fetchImpl?: FetchJson;
  /** How long a remote may take to say which build it serves. */
  statusTimeoutMs?: number;
  /**
   * For how long after the last request the statuses are kept fresh in the background (every half
   * TTL), so a request never waits for a remote's build info: after a pause longer than the TTL the
   * first page of a cache hit waited 25-40 ms (five remotes asked) on one machine, a network round
   * trip in production, on every visit of a quiet site. 0 turns it off (a TTL of 0 does too).
   */
  keepFreshMs?: number;
  /**
   * What the shell's own build was made against (its build info): a remote whose build cannot join it
   * (another contract, a shared singleton out of range: `compatibilityProblems`) is never loaded; it
   * counts as down, its slots get their fallback, and the reason is logged once per build.
   */
  shellInfo?: Pick<BuildInfo, 'name' | 'contractVersion' | 'shared'>;
  /**
   * The route manifest a remote's Node build exposes (`./routes`), for a build that publishes none
   * (made before builds published `routes.<build>.json`): a shell deployed before its sections still
   * routes their pages.
   */
  builtRoutes?: (remote: RemoteName, entry: RegistryEntry, buildId: string) => Promise<RouteManifest>;
  /**
   * Which server of a remote with a canary this view uses: the entry's own ('live', default) or its
   * canary's ('canary': the view of the visitors in the canary's cohort).
   */
  variant?: 'live' | 'canary';
}

/** What a status was asked of: the server, and the release pinned to it (a rolling update switches the pin, not the server). */
const whereOf = (entry: RegistryEntry): string => (entry.buildInfo ? `${entry.url} ${entry.buildInfo}` : entry.url);

/**
 * A remote's status and the registry entry to load its code from: the entry its status was checked
 * against. Asked apart, the two can straddle a deploy (the status of the new build, the entry of the
 * old, or the other way round) and a build would be loaded from another build's files and kept under
 * its id (seen on the cluster: the new release's pages rendered with the old release's code).
 */
export async function statusAndEntry(registry: { status(remote: RemoteName): Promise<RemoteStatus>; entry(remote: RemoteName): Promise<RegistryEntry | undefined> }, remote: RemoteName): Promise<{ status: RemoteStatus; entry: RegistryEntry | undefined }> {
  const status = await registry.status(remote);
  return { status, entry: status.up && status.entry ? status.entry : await registry.entry(remote) };
}

/**
 * Reads of what never changes at its address (a release's route manifest, its pinned build info): each
 * kept once it succeeded; a failure is asked again after `retryMs()`; the 64 most recent addresses kept
 * (releases come and go; the ones in use are read again at once if forgotten).
 */
function keptReads<T>(retryMs: () => number): (address: string, read: () => Promise<T>) => Promise<T> {
  const reads = new Map<string, { at: number; value: Promise<T> }>();
  return (address, read) => {
    const kept = reads.get(address);
    if (kept && (kept.at === Infinity || Date.now() - kept.at < retryMs())) return kept.value;
    const entry = { at: Infinity, value: read() };
    reads.set(address, entry);
    entry.value.catch(() => (entry.at = Date.now()));
    if (reads.size > 64) reads.delete(reads.keys().next().value!);
    return entry.value;
  };
}

/**
 * The sections a registry document names, sorted: at run time the registry is the one list of the
 * sections there are. A section the shell was built without is one of them as soon as its entry is
 * written (the contracts check its name's form, not a list: issue 33, item 5). Sorted once per
 * document: every page asks (its composition's hash, whether a canary runs), and a document is read
 * again only when it changed.
 */
const sortedSections = new WeakMap<Registry, readonly RemoteName[]>();
export function sectionsOf(reg: Registry): readonly RemoteName[] {
  let sections = sortedSections.get(reg);
  if (!sections) sortedSections.set(reg, (sections = Object.freeze((Object.keys(reg.remotes) as RemoteName[]).sort())));
  return sections;
}

/** The one canary of a registry document (a deploy runs one at a time): its remote, share and release. */
export function canaryOf(reg: Registry): { remote: RemoteName; percent: number; release?: string } | undefined {
  // Asked of every page (which composition, whether release health counts): found once per document.
  if (canaries.has(reg)) return canaries.get(reg);
  let found: { remote: RemoteName; percent: number; release?: string } | undefined;
  for (const remote of sectionsOf(reg)) {
    const canary = reg.remotes[remote]?.canary;
    if (canary) {
      found = { remote, percent: canary.percent, ...(canary.release ? { release: canary.release } : {}) };
      break;
    }
  }
  canaries.set(reg, found);
  return found;
}
const canaries = new WeakMap<Registry, ReturnType<typeof canaryOf>>();

/**
 * A kept registry document at most this many TTLs old answers a request at once while it is looked at
 * again; an older one (nobody asked for a while) is looked at first.
 */
export const STALE_AFTER_TTLS = 4;

/** A remote's status as last asked: when, of which server, the answer (and the answer itself once it came). */
interface KeptStatus {
  at: number;
  url: string;
  value: Promise<RemoteStatus>;
  settled?: RemoteStatus;
}

/** The statuses are kept fresh for a minute after the last request (see keepFreshMs). */
const KEEP_FRESH_MS = 60_000;

/**
 * The shell's run-time view of the composition: the registry document (re-read when it changes, so
 * deploying or rolling back a remote is editing it) and the build each remote serves right now.
 */
export function createRegistry({ source, ttlMs, statusTimeoutMs = 1500, fetchImpl = viaHttp(statusTimeoutMs), keepFreshMs = KEEP_FRESH_MS, shellInfo, variant = 'live', builtRoutes }: Options) {
  const label = (remote: RemoteName) => (variant === 'canary' ? `${remote} (canary view)` : remote);
  /** Builds already reported incompatible (remote and build id): said once, not at every poll. */
  const refused = new Set<string>();
  /** The document and what it was read from: a file's modification time (read again only when it changes). */
  let doc: { stamp: string; registry: Registry } | undefined;
  /** When the document was last looked at (fetched, or its file's time checked). */
  let lookedAt = 0;
  /** The last status of each remote, and the server it was asked of (a new URL in the registry is asked at once). */
  const statuses = new Map<RemoteName, KeptStatus>();
  /** The last build seen of each remote: a remote that is down keeps its place in the hash. */
  const lastSeen = new Map<RemoteName, string>();
  let hashed: { reg: Registry; shellBuild: string; builds: string; hash: string; statuses: number; until: number } | undefined;
  /**
   * Counts the changes to `statuses`: an answer made from them (the routes, the composition's hash) is
   * kept while the count, the document and the TTL say nothing changed. Every page asks both: made
   * from scratch each time they cost every request a promise per section and more (issue 32's CPU A/B).
   */
  let statusesVersion = 0;
  const setStatus = (remote: RemoteName, status: KeptStatus) => {
    statuses.set(remote, status);
    statusesVersion++;
    // Once answered, the status can be read without a promise (statusNow).
    if (!status.settled) status.value.then((value) => void (status.settled = value), () => undefined);
  };
  /**
   * The document kept, when a request may be answered from it without a look (the TTL has not run out
   * since the last): what the synchronous reads (`…Now`) answer from. Otherwise the promised reads look.
   */
  const current = (): Registry | undefined => (doc && ttlMs > 0 && Date.now() - lookedAt < ttlMs ? doc.registry : undefined);
  /** Whether an answer kept (made from the document `kept.reg` and the statuses at `kept.statuses`) still holds for `reg`, now. */
  const holds = (kept: { reg: Registry; statuses: number; until: number } | undefined, reg: Registry): boolean =>
    kept !== undefined && kept.reg === reg && kept.statuses === statusesVersion && Date.now() < kept.until;

  /**
   * The look being taken: requests that need the registry meanwhile wait for it instead of looking again.
   * Without a TTL every ask looks for itself: a look started before the document changed (by the last
   * answer's bookkeeping, say) would give a request made after the change the document before it.
   */
  let looking: Promise<Registry> | undefined;
  /** The error of the last look that failed while a document was kept, said once until a look succeeds. */
  let lookFailed: string | undefined;
  /** When the last look started (done or not, failed or not). */
  let triedAt = 0;
  /**
   * The document, looked at again at most once per TTL. Once there is one, no request waits for a look:
   * the first after the TTL starts one and is answered from the document kept, which the look replaces
   * when it is done (a deploy's edit is seen one look later: within the TTL and a file stat or a round
   * trip). When every request waited for the look, a loaded shell's renders all stopped at once, twice a
   * second, and ran in a burst after it. A look that fails keeps the document (said once).
   *
   * Except after a quiet spell: when no look was even tried for STALE_AFTER_TTLS TTLs (no request, no
   * refresh: a shell idle for over a minute), the document may be from before any number of deploys,
   * and the request waits for the look. Answered from it, an idle shell's first page after a canary was
   * rolled back was the canary's. A failed look is not waited for again until the next quiet spell.
   */
  function registry(): Promise<Registry> {
    if (ttlMs <= 0) return look();
    if (!doc) {
      if (!looking) triedAt = Date.now();
      looking ??= look().finally(() => (looking = undefined));
      return looking;
    }
    if (!looking && Date.now() - lookedAt >= ttlMs) {
      const quiet = Date.now() - triedAt >= ttlMs * STALE_AFTER_TTLS;
      triedAt = Date.now();
      looking = look().finally(() => (looking = undefined));
      looking.then(
        () => (lookFailed = undefined),
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          if (lookFailed !== message) console.warn(`registry ${source} not read again, the document read before is kept: ${message}`);
          lookFailed = message;
        },
      );
      const kept = doc.registry;
      if (quiet) return looking.catch(() => kept);
    }
    return Promise.resolve(doc.registry);
  }

  async function look(): Promise<Registry> {
    if (/^https?:\/\//.test(source)) {
      const res = await fetchImpl(source, { signal: AbortSignal.timeout(statusTimeoutMs) });
      if (!res.ok) throw new Error(`registry ${source} answered ${res.status}`);
      doc = { stamp: 'http', registry: registrySchema.parse(await res.json()) };
    } else {
      const stamp = String((await stat(source)).mtimeMs);
      if (doc?.stamp !== stamp) doc = { stamp, registry: registrySchema.parse(JSON.parse(await readFile(source, 'utf8'))) };
    }
    lookedAt = Date.now();
    return doc.registry;
  }

  function entryOf(reg: Registry, remote: RemoteName): RegistryEntry | undefined {
    const entry = reg.remotes[remote];
    if (!entry?.canary || variant !== 'canary') return entry;
    const { canary, manifest: _manifest, serverEntry: _serverEntry, routes: _routes, buildInfo: _buildInfo, serverIntegrity: _serverIntegrity, browserIntegrity: _browserIntegrity, ...own } = entry;
    return {
      ...own,
      url: canary.url,
      ...(canary.manifest ? { manifest: canary.manifest } : {}),
      ...(canary.serverEntry ? { serverEntry: canary.serverEntry } : {}),
      ...(canary.routes ? { routes: canary.routes } : {}),
      ...(canary.buildInfo ? { buildInfo: canary.buildInfo } : {}),
      ...(canary.serverIntegrity ? { serverIntegrity: canary.serverIntegrity } : {}),
      ...(canary.browserIntegrity ? { browserIntegrity: canary.browserIntegrity } : {}),
    };
  }

  /** Whether each remote was up at its last check: a change is logged (the only trace ops get of a 503 the registry caused). */
  const wasUp = new Map<RemoteName, boolean>();
  function noted(remote: RemoteName, status: RemoteStatus): RemoteStatus {
    const before = wasUp.get(remote);
    wasUp.set(remote, status.up);
    if (before === true && !status.up) console.warn(`${label(remote)} went down for this shell: ${status.reason}`);
    if (before === false && status.up) console.warn(`${label(remote)} is up again (build ${status.info.buildId})`);
    return status;
  }

  /** The last good status of each remote (and the server it came from), and the unsure looks since. */
  const lastGood = new Map<RemoteName, { url: string; status: RemoteStatus; unsureLooks: number }>();
  async function check(entry: RegistryEntry, remote: RemoteName): Promise<RemoteStatus> {
    const status = await checkOnce(entry, remote);
    const good = lastGood.get(remote);
    if (status.up) lastGood.set(remote, { url: whereOf(entry), status, unsureLooks: 0 });
    else if (status.unsure && good?.url === whereOf(entry) && good.unsureLooks < UNSURE_LOOKS_TOLERATED) {
      good.unsureLooks++;
      console.warn(`${label(remote)} did not say which build it serves (${status.reason}); still up for this shell (look ${good.unsureLooks} of ${UNSURE_LOOKS_TOLERATED} tolerated)`);
      return good.status;
    } else lastGood.delete(remote);
    return noted(remote, status);
  }

  /**
   * The build info of a pinned release, from the browser-build store (entry `buildInfo`): a release never
   * changes, so each address is read once; a read that failed is asked again at the next look.
   */
  const pinnedReads = keptReads<BuildInfo>(() => 0);
  const pinnedInfo = (url: string): Promise<BuildInfo> =>
    pinnedReads(url, async () => {
      const res = await fetchImpl(url, { signal: AbortSignal.timeout(statusTimeoutMs) });
      if (!res.ok) throw new Error(`the pinned build info ${url} answered ${res.status}`);
      return buildInfoSchema.parse(await res.json());
    });

  async function checkOnce(entry: RegistryEntry, remote: RemoteName): Promise<RemoteStatus> {
    try {
      const res = await fetchImpl(`${entry.url}/build-info.json`, { signal: AbortSignal.timeout(statusTimeoutMs) });
      if (!res.ok) return { up: false, reason: `build-info answered ${res.status}`, ...(GATEWAY_ANSWERS.has(res.status) ? { unsure: true as const } : {}) };
      const served = buildInfoSchema.parse(await res.json());
      // A pinned release (issue 33): its build is the entry's, whichever instance answered (a rolling
      // update runs two releases behind one address); the instance says it is up and which content it reads.
      const info = entry.buildInfo ? { ...(await pinnedInfo(entry.buildInfo)), ...(served.contentVersion ? { contentVersion: served.contentVersion } : {}) } : served;
      if (entry.buildInfo && served.name !== info.name) return { up: false, reason: `${entry.url} is ${served.name}, the pinned release is ${info.name}` };
      if (entry.version && entry.version !== info.version) return { up: false, reason: `serves ${info.version}, registry pins ${entry.version}` };
      const problems = shellInfo ? compatibilityProblems(shellInfo, info) : [];
      if (problems.length) {
        const reason = `incompatible with this shell: ${problems.join('; ')}`;
        if (!refused.has(`${remote} ${info.buildId}`)) console.error(`${remote} build ${info.buildId} is not loaded: ${reason}`);
        refused.add(`${remote} ${info.buildId}`);
        return { up: false, reason };
      }
      lastSeen.set(remote, info.buildId);
      return { up: true, info, browserBuild: info.builds?.[`${remote}-browser`] ?? info.buildId, entry };
    } catch (error) {
      return { up: false, reason: error instanceof Error ? error.message : String(error), ...(isTimeout(error) ? { unsure: true as const } : {}) };
    }
  }

  /** The route manifest each remote is routed by, and the address it was read from (one release's). */
  const accepted = new Map<RemoteName, { source: string; manifest: RouteManifest }>();
  /** Manifests being read or read, by address; a failed read is tried again after the TTL. */
  const manifestReads = keptReads<RouteManifest>(() => Math.max(ttlMs, 1000));
  /** Addresses already said to be unreadable or refused: said once, not at every request. */
  const routesSaid = new Set<string>();
  /** Remotes whose current manifest was refused (a conflict): their routes are known, just not used. */
  const refusedRoutes = new Set<RemoteName>();
  /** Counts the changes to `accepted`: the table is made again only after one. */
  let acceptedVersion = 0;
  let table: { version: number; routes: SiteRoutes } | undefined;

  /** Where a remote's route manifest is: its entry's published copy, else the one its server serves for the build it serves. */
  function routesSource(entry: RegistryEntry, status: RemoteStatus | undefined): string | undefined {
    if (entry.routes) return entry.routes;
    return status?.up ? `${entry.url}/browser/routes.${status.browserBuild}.json` : undefined;
  }

  /** The manifest at `source`, else (a build made before builds published theirs) what `fallback` gives. */
  function readManifest(remote: RemoteName, source: string, fallback?: () => Promise<RouteManifest | undefined>): Promise<RouteManifest> {
    return manifestReads(source, async () => {
      try {
        const res = await fetchImpl(source, { signal: AbortSignal.timeout(statusTimeoutMs) });
        if (!res.ok) throw new Error(`answered ${res.status}`);
        const manifest = routeManifestSchema.parse(await res.json());
        if (manifest.remote !== remote) throw new Error(`it is the route manifest of ${manifest.remote}`);
        return manifest;
      } catch (error) {
        const built = await fallback?.().catch(() => undefined);
        if (built?.remote === remote) return built;
        throw error;
      }
    });
  }

  function sayOnce(source: string, line: string) {
    if (routesSaid.has(source)) return;
    routesSaid.add(source);
    console.error(line);
  }

  /**
   * The site's routes: the route manifest of every remote in the registry, each read once per release
   * and registered only if none of its patterns matches the same paths as another remote's (refused,
   * naming both; the remote keeps the routes it had). A remote that is down keeps the routes it was
   * last routed by. Asked on every page, it reads nothing new unless a release changed.
   */
  let routed: { reg: Registry; accepted: number; statuses: number; until: number; answer: { table: SiteRoutes; unrouted: RemoteName[] } } | undefined;
  async function routing(): Promise<{ table: SiteRoutes; unrouted: RemoteName[] }> {
    const reg = await registry();
    // The answer made last, while nothing it was made from changed (at most a TTL: a manifest that could
    // not be read is asked again).
    if (holds(routed, reg) && routed!.accepted === acceptedVersion) {
      keepFresh();
      return routed!.answer;
    }
    // The counts before: a status that changes meanwhile (asked by this very look) makes the next ask look again.
    const [statusesBefore, acceptedBefore] = [statusesVersion, acceptedVersion];
    const answer = await route(reg);
    if (ttlMs > 0) routed = { reg, accepted: acceptedBefore, statuses: statusesBefore, until: Date.now() + ttlMs, answer };
    return answer;
  }

  async function route(reg: Registry): Promise<{ table: SiteRoutes; unrouted: RemoteName[] }> {
    // A section that left the registry is no longer routed.
    for (const remote of accepted.keys()) if (!entryOf(reg, remote) && accepted.delete(remote)) acceptedVersion++;
    // Every manifest is read at once; they are then taken in the sections' order, never in the order
    // their reads ended: two shells (or one shell started twice) that read the same manifests refuse the
    // same one of two that conflict.
    const read = await Promise.all(
      sectionsOf(reg).map(async (remote): Promise<{ remote: RemoteName; source: string; manifest: RouteManifest } | undefined> => {
        const entry = entryOf(reg, remote);
        if (!entry) return undefined;
        const status = entry.routes ? undefined : await api.status(remote);
        const source = routesSource(entry, status);
        if (!source || accepted.get(remote)?.source === source) return undefined;
        // A build made before builds published their routes: the manifest its Node build exposes.
        const built = builtRoutes
          ? async () => {
              const now = status ?? (await api.status(remote));
              return now.up ? builtRoutes(remote, entry, now.info.buildId) : undefined;
            }
          : undefined;
        try {
          return { remote, source, manifest: await readManifest(remote, source, built) };
        } catch (error) {
          const kept = accepted.has(remote) ? 'the routes it had stay' : 'its pages are not routed until it is read';
          sayOnce(source, `${label(remote)}: the route manifest ${source} could not be read (${error instanceof Error ? error.message : String(error)}); ${kept}`);
          return undefined;
        }
      }),
    );
    for (const next of read) {
      if (!next || accepted.get(next.remote)?.source === next.source) continue;
      const { remote, source, manifest } = next;
      const others = [...accepted.values()].map((a) => a.manifest).filter((m) => m.remote !== remote);
      const conflicts = routeConflicts(manifest, others);
      if (conflicts.length) {
        // Known and refused: not a section whose routes are unknown (which would turn 404s into 503s).
        refusedRoutes.add(remote);
        const kept = accepted.has(remote) ? 'the routes it had stay' : 'its pages are not routed';
        sayOnce(source, `${label(remote)}: the route manifest ${source} is refused, ${conflicts.join('; ')}; ${kept}`);
        continue;
      }
      refusedRoutes.delete(remote);
      accepted.set(remote, { source, manifest });
      acceptedVersion++;
    }
    if (table?.version !== acceptedVersion) {
      const routed = [...accepted.keys()].sort();
      table = { version: acceptedVersion, routes: siteRoutes(routed.map((remote) => accepted.get(remote)!.manifest)) };
      // A link to a page no section publishes is left out of the pages (said once): a typo, or a
      // section whose release with that page is not live yet.
      for (const line of table.routes.brokenLinks()) sayOnce(`link ${line}`, `${line}; its links are left out`);
    }
    return { table: table.routes, unrouted: sectionsOf(reg).filter((remote) => !accepted.has(remote) && !refusedRoutes.has(remote)) };
  }

  let lastAsked = 0;
  let refresher: NodeJS.Timeout | undefined;
  let closed = false;

  /** Ask every remote again, replacing each status only once its answer is in (requests never wait). */
  async function refreshAll(): Promise<void> {
    if (Date.now() - lastAsked > keepFreshMs) {
      clearInterval(refresher);
      refresher = undefined;
      return;
    }
    const reg = await registry().catch(() => undefined);
    if (!reg) return;
    await Promise.all(
      sectionsOf(reg).map(async (remote) => {
        const entry = entryOf(reg, remote);
        if (!entry) return;
        const at = Date.now();
        const value = await check(entry, remote);
        const cached = statuses.get(remote);
        // A check started later (by a request) has the last word.
        if (!closed && (!cached || cached.at <= at)) setStatus(remote, { at, url: whereOf(entry), value: Promise.resolve(value), settled: value });
      }),
    );
  }

  /** Called by every status asked for: starts (or keeps) the background refresh. */
  function keepFresh() {
    lastAsked = Date.now();
    if (refresher || closed || ttlMs <= 0 || keepFreshMs <= 0) return;
    let running = false;
    // Started by the first request that asks, it refreshes for every later one: none of their traces.
    refresher = outsideRequest(() =>
      setInterval(() => {
        if (running) return;
        running = true;
        refreshAll().finally(() => (running = false));
      }, Math.max(ttlMs / 2, 10)),
    );
    refresher.unref();
  }

  const api = {
    registry,

    /** Stops the background refresh (the server is closing). */
    close() {
      closed = true;
      clearInterval(refresher);
      refresher = undefined;
    },

    /** What `registry` would answer at once while the document is within its TTL; else undefined: ask `registry`. */
    registryNow(): Registry | undefined {
      return current();
    },

    async entry(remote: RemoteName): Promise<RegistryEntry | undefined> {
      return entryOf(await registry(), remote);
    },

    /** Whether a remote is up and which build it serves; cached for `ttlMs`, concurrent calls share one check. */
    async status(remote: RemoteName): Promise<RemoteStatus> {
      const entry = entryOf(await registry(), remote);
      if (!entry) return { up: false, reason: 'not in the registry' };
      keepFresh();
      const cached = statuses.get(remote);
      // A deploy switches the entry to another server: what the previous one said is not this one's status.
      if (cached && cached.url === whereOf(entry) && Date.now() - cached.at < ttlMs) return cached.value;
      const value = check(entry, remote);
      setStatus(remote, { at: Date.now(), url: whereOf(entry), value });
      return value;
    },

    /**
     * What `status` would answer, at once, when it is known without a look or a check (the document and
     * the remote's status within the TTL, the status answered); else undefined: ask `status`. Every
     * page asks the statuses of its remotes: the promises and turns of the asking cost more than the rest.
     */
    statusNow(remote: RemoteName): RemoteStatus | undefined {
      const reg = current();
      const entry = reg && entryOf(reg, remote);
      const cached = entry && statuses.get(remote);
      if (!cached?.settled || cached.url !== whereOf(entry!) || Date.now() - cached.at >= ttlMs) return undefined;
      keepFresh();
      return cached.settled;
    },

    /** What `routing` would answer, at once, while the answer made last holds (see statusNow); else undefined. */
    routingNow(): { table: SiteRoutes; unrouted: RemoteName[] } | undefined {
      const reg = current();
      if (!reg || !holds(routed, reg) || routed!.accepted !== acceptedVersion) return undefined;
      keepFresh();
      return routed!.answer;
    },

    /** What `compositionHash` would answer, at once, while the hash made last holds (see statusNow); else undefined. */
    compositionHashNow(shellBuild: string): string | undefined {
      const reg = current();
      if (!reg || !holds(hashed, reg) || hashed!.shellBuild !== shellBuild) return undefined;
      keepFresh();
      return hashed!.hash;
    },

    /** The remote that owns a language-neutral path, by the route manifests the remotes publish (`routing`). */
    async owner(path: string): Promise<RemoteName | null> {
      return (await routing()).table.owner(path);
    },

    /**
     * The site's routes and the remotes in the registry whose routes are not known (down since this
     * shell started, with no published copy in their entry): a page nobody else owns may be theirs.
     */
    routing,

    /** The browser manifest of exactly the build a remote serves now (pinned copies never change). */
    manifestUrl(entry: RegistryEntry, status: Extract<RemoteStatus, { up: true }>): string {
      return entry.manifest ?? `${entry.url}/browser/mf-manifest.${status.browserBuild}.json`;
    },

    /**
     * Hash of the composition: the registry and the build of every remote (last seen when down). Asked
     * on every cached page served: hashed again only when the registry document or a build changed.
     */
    async compositionHash(shellBuild: string): Promise<string> {
      const reg = await registry();
      if (holds(hashed, reg) && hashed!.shellBuild === shellBuild) {
        keepFresh();
        return hashed!.hash;
      }
      const statusesBefore = statusesVersion;
      const builds = (
        await Promise.all(
          sectionsOf(reg).map(async (remote) => {
            const s = await api.status(remote);
            return `${remote}:${s.up ? s.info.buildId : (lastSeen.get(remote) ?? 'unknown')}`;
          }),
        )
      ).join('|');
      const until = ttlMs > 0 ? Date.now() + ttlMs : 0;
      if (hashed?.reg === reg && hashed.shellBuild === shellBuild && hashed.builds === builds) {
        hashed = { ...hashed, statuses: statusesBefore, until };
        return hashed.hash;
      }
      const hash = createHash('sha256').update(JSON.stringify(reg)).update(shellBuild).update(builds).digest('hex').slice(0, 20);
      hashed = { reg, shellBuild, builds, hash, statuses: statusesBefore, until };
      return hash;
    },
  };
  return api;
}

export type RegistryClient = ReturnType<typeof createRegistry>;
