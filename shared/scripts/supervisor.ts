// The supervisor (issue 12): the process that owns the site's servers on one machine, serves the release
// store's browser builds (the CDN of this machine), and switches a section from one release to another
// without touching the shell: blue/green deploy, rollback, canary (with automatic rollback), promotion,
// history.
//
// `npm start` runs it (scripts/start.mjs): every section is released from its workspace build into the
// store and served from there, the shell reads the registry the supervisor writes, and a server that
// dies is started again. `npm run deploy` / `npm run rollback` (deploy.ts) ask it over its control API.
//
// What it keeps, in its state folder (DEPLOY_DIR, default `<store>/.deploy`):
//   registry.json     the live registry: what the shell and mf-content read (REGISTRY)
//   live.json         per section: the live release, its server, and the releases to roll back to
//   history.jsonl     one line per switch: what, when, from which release, how long, why
//   supervisor.json   where the control API answers and its token (mode 0600)
//
// A deploy: the release is checked (every file against its digest) and gated against the live shell
// (compatibilityProblems); its server starts beside the live one on a free port; it must answer
// /healthz and serve the release's build; a throw-away shell renders a page of each of its templates
// in both languages against it; then the registry entry is switched (written beside, renamed), and the
// old server is stopped once the shell has had time to read the new registry (its in-flight requests
// finish: the servers close gracefully). Browser builds are served from the store by their release's
// address and never deleted, so a page rendered by the old release still hydrates with it.
//
// A canary: the same checks and smoke render, then the release is named as the entry's canary for a
// share of visitors (the shell's cohorts); the shell counts pages and errors per release, this process
// reads them every second and rolls the canary back when its error rate is worse than the live one's by
// the margin (canaryRule), or promotes it when asked.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import { buildInfoSchema, isRemoteName, pagePathsSchema, registrySchema, type BuildInfo, type Registry, type RegistryEntry, type RemoteName, type RouteManifest } from '@qf/shared/contracts';
import { routeConflicts } from '@qf/shared/section';
import { compatibilityProblems, SECTION_HEADERS } from '@qf/shared/server';
import { publishedRoutes } from './gate';
import { browserIntegrityOf, messageOf, readRelease, serverIntegrityOf, sha256, writeAtomic, type ReleaseRecord } from './release';
import { prometheusReleaseCounts } from './prometheus-health';
import { pinnedFiles, publishRelease, PublishError } from './cdn';

export { stateDirOf } from './release';

const root = path.resolve(__dirname, '..', '..');

export class DeployError extends Error {}

export type Action = 'start' | 'deploy' | 'rollback' | 'restart' | 'canary' | 'promote' | 'canary-rollback';

export interface HistoryEntry {
  at: string;
  remote: RemoteName;
  action: Action;
  /** The release made live (its id). */
  release: string;
  /** The release it replaced. */
  from?: string;
  /** From the request to the switch, in ms. */
  ms?: number;
  reason?: string;
}

export interface LiveRemote {
  release: string;
  folder: string;
  url: string;
  port: number;
  pid?: number;
  /** Release folders to roll back to, the most recent last. */
  previous: string[];
  /** On the cluster: the instances serving the release, each on a slot of the section's proxy. */
  instances?: { port: number; pid?: number }[];
  /** A release tried on a share of visitors first, while it runs. */
  canary?: CanaryState;
}

/** Pages answered and errors counted for one release by the shell (its GET /_qf/release-health). */
export interface Counts {
  requests: number;
  errors: number;
  /**
   * Of `errors`, those browsers reported, and how many clients reported them (an IPv4 address, an IPv6
   * /64). Reports count only once `canaryRule.minReporters` clients made them: anyone can send one,
   * so one client must not roll a release back (issue 37, L1). Absent from an older shell: all count.
   */
  reported?: number;
  reporters?: number;
}

export interface CanaryState {
  release: string;
  folder: string;
  url: string;
  port: number;
  pid?: number;
  percent: number;
  startedAt: string;
  /** The shell's counts of the live build and the canary's when the canary started (counts are since the shell started). */
  baseline: { live: Counts; canary: Counts };
}

/** One release's counts as the shell reports them. */
export interface ReleaseCounts extends Counts {
  remote: string;
  build: string;
}

export interface Step {
  step: string;
  ms: number;
}

export interface SwitchResult {
  remote: RemoteName;
  action: Action;
  /** For a canary: the share of visitors it is served to. */
  percent?: number;
  release: string;
  from?: string;
  /**
   * blue/green: the new server ran beside the old; replace: the old one stopped first (one process at a
   * time); rolling: the cluster's instances were replaced one at a time, a new one ready before an old one drained.
   */
  mode: 'blue-green' | 'replace' | 'rolling' | 'unchanged';
  steps: Step[];
  /** From the request to the switch of the registry entry. */
  switchedMs: number;
  /** From the request to the old server's exit (the whole deploy). */
  totalMs: number;
}

/** A page of the candidate to render before it goes live, and what the throw-away shell must answer. */
export interface SmokeTarget {
  registryFile: string;
  remote: RemoteName;
  /** The candidate's build: a page it owns must be rendered with it. */
  buildId: string;
  paths: string[];
  /** Whether the paths are the candidate's own pages (not the home page of a section without pages). */
  owned: boolean;
}

export interface SupervisorOptions {
  store: string;
  stateDir: string;
  /** Every server's environment (CONTENT_DIR, DATA_DIR, DATABASE_URL, SHELL_ORIGINS, …). */
  env: NodeJS.ProcessEnv;
  host?: string;
  /** The control API and the store's browser builds (0: a free port). */
  port?: number;
  /** The shell the site runs (npm start): started after the sections, restarted if it dies. */
  shell?: { dir: string; port: number };
  /** What the live shell was built against (its build info): a release that cannot join it is refused. */
  shellInfo?: Pick<BuildInfo, 'name' | 'contractVersion' | 'shared'>;
  /** Renders the candidate's pages and returns the problems seen (none: it may go live). */
  smoke?: (target: SmokeTarget) => Promise<string[]>;
  /** How long the old server keeps running after the switch (the shell reads the registry every 500 ms). */
  drainMs?: number;
  /** How long a new server may take to answer its health check at all (listening, serving the release's build). */
  readyTimeoutMs?: number;
  /**
   * How long a server that answers "starting" (`/healthz` 503 with its name: it listens and is building
   * what it needs, mf-content's search index over a large store) is waited for before it counts as
   * failed (default 10 minutes; `npm start` reads START_TIMEOUT_S). Its progress is logged meanwhile.
   */
  startTimeoutMs?: number;
  /**
   * A canary is rolled back when, over at least `minRequests` of its pages, its error rate is above the
   * live release's by more than `margin` (0.05: five points); the counts are looked at every `everyMs`.
   * The failures browsers report count once `minReporters` clients reported them (`Counts`).
   */
  canaryRule?: { minRequests: number; margin: number; everyMs: number; minReporters: number };
  /** The shell's release counts (default: its GET /_qf/release-health with the token this supervisor gave it). */
  releaseHealth?: () => Promise<ReleaseCounts[]>;
  /**
   * A Prometheus that scrapes every shell (PROMETHEUS_URL): the canary is then judged by what all of
   * them saw (prometheus-health.ts), not by one shell's counts.
   */
  prometheusUrl?: string;
  /** Runs the sections as a cluster does (npm run cluster): several instances each, rolling updates. */
  cluster?: ClusterOptions;
  /** The shell build a smoke render runs, when this supervisor runs no shell of its own (the cluster's shells are not its own). */
  smokeShellDir?: string;
  log?: (line: string) => void;
  /** Where servers' ports come from (a free loopback port by default; tests hand out a taken one). */
  freePort?: (host: string) => Promise<number>;
}

/**
 * The sections as the production topology runs them (issue 33, item 2): `instances` servers of each,
 * behind a proxy (nginx) that balances over the section's slots and passes a request on to another slot
 * when one does not answer; the registry names the proxy and pins each release's files in the
 * browser-build store (cdn.ts), so a browser never fetches code from a section's instance. A deploy is
 * a rolling update as Kubernetes makes one with maxSurge 1 and maxUnavailable 0: a new instance starts
 * on the free slot and is ready (`/healthz`, serving the release's build) before an old one drains and
 * stops; the registry's pin moves once every instance serves the new release.
 */
export interface ClusterOptions {
  instances: number;
  /** Each section's slots: the ports its proxy balances over, one more than `instances` (the surge). */
  slots: Partial<Record<RemoteName, number[]>>;
  /** The address of each section's proxy: the registry's `url` for it. */
  urlOf: (remote: RemoteName) => string;
  /** The browser-build store's folder and the address its CDN serves it from. */
  cdn: { dir: string; url: string };
  /** Environment of the instance on a slot (by the slot's index): mf-forms' own DATA_DIR. */
  instanceEnv?: (remote: RemoteName, slot: number) => NodeJS.ProcessEnv;
  /** Where each section's instances' metrics listeners are listed for Prometheus (file_sd: `<dir>/<remote>.json`). */
  targetsDir?: string;
  /**
   * How long a new instance is ready before an old one drains (Kubernetes' `minReadySeconds`): the proxy
   * marks a slot that refused a connection down for its `fail_timeout` (2 s in deploy/nginx), and sends
   * nothing to the new instance on it until then; draining the old one sooner leaves the proxy no live
   * instance (measured: a rollback under load without it answered 124097 of 305753 requests with 5xx).
   * Default 3000 ms.
   */
  minReadyMs?: number;
}

/** How many ports a server is tried on when the one chosen is taken before it listens (EADDRINUSE). */
const PORT_ATTEMPTS = 3;
const portTaken = (error: unknown): boolean => /EADDRINUSE/.test(messageOf(error));

/** A free loopback port: asked of the OS, released, then used by the server started on it. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The release in `folder`, every file checked against its digest: a store that was tampered with or half-copied deploys nothing. */
export function verifiedRelease(folder: string): ReleaseRecord {
  if (!existsSync(path.join(folder, 'release.json'))) throw new DeployError(`${folder} is not a release (no release.json)`);
  const record = readRelease(folder);
  for (const [file, { sha256: digest }] of Object.entries(record.files)) {
    const full = path.join(folder, 'dist', file);
    if (!existsSync(full) || sha256(readFileSync(full)) !== digest) throw new DeployError(`${record.id}: ${file} does not match its digest in release.json; the release is damaged, release it again`);
  }
  return record;
}

/** The build info of a release (what its server will serve). */
export const releaseBuildInfo = (folder: string): BuildInfo => buildInfoSchema.parse(JSON.parse(readFileSync(path.join(folder, 'dist', 'build-info.json'), 'utf8')));

/** The registry document for the live releases: each entry's server and its browser build in the store. */
export function registryFor(
  live: Partial<Record<RemoteName, { url: string; folder: string; canary?: { url: string; folder: string; percent: number; release: string } }>>,
  store: string,
  assetsUrl: string,
  /** The files a release is pinned by, when not the store's as this supervisor serves it (the cluster: the CDN's). */
  pin?: (remote: RemoteName, folder: string) => Pick<RegistryEntry, 'manifest' | 'serverEntry' | 'routes' | 'buildInfo'>,
): Registry {
  /** A file of the release's browser build, as the store serves it. */
  const inStore = (folder: string, file: string) => {
    const rel = path.relative(store, folder).split(path.sep).map((part) => encodeURIComponent(part).replace(/%2B/g, '+')).join('/');
    return `${assetsUrl}/releases/${rel}/dist/browser/${file}`;
  };
  /**
   * The release's pinned browser manifest and, when its build published one, its pinned route manifest
   * (the shell routes by it even while the release's server is down).
   */
  const filesOf = (remote: RemoteName, folder: string) => {
    const info = releaseBuildInfo(folder);
    const browserBuild = info.builds?.[`${remote}-browser`] ?? info.buildId;
    const routes = `routes.${browserBuild}.json`;
    return { manifest: inStore(folder, `mf-manifest.${browserBuild}.json`), ...(existsSync(path.join(folder, 'dist', 'browser', routes)) ? { routes: inStore(folder, routes) } : {}) };
  };
  const pinned = pin ?? filesOf;
  // Each release's code runs in the shells and the browsers only as its record's digests say (issue 37, item 5).
  const digestsOf = (folder: string) => {
    if (!existsSync(path.join(folder, 'release.json'))) return {};
    const record = readRelease(folder);
    return { serverIntegrity: serverIntegrityOf(record), browserIntegrity: browserIntegrityOf(record) };
  };
  const files = (remote: RemoteName, folder: string) => ({ ...pinned(remote, folder), ...digestsOf(folder) });
  const remotes: Registry['remotes'] = {};
  // Every live section, whichever: one the shell was built without joins with its entry (issue 33, item 5).
  for (const remote of (Object.keys(live) as RemoteName[]).sort()) {
    const entry = live[remote];
    if (!entry) continue;
    const canary = entry.canary
      ? { canary: { url: entry.canary.url, ...files(remote, entry.canary.folder), percent: entry.canary.percent, release: entry.canary.release } }
      : {};
    remotes[remote] = { url: entry.url, ...files(remote, entry.folder), ...canary } satisfies RegistryEntry;
  }
  return registrySchema.parse({ remotes });
}

/**
 * The pages to render before a release goes live: one path of each template it resolves, in both
 * languages (its `/_qf/paths`, each asked of its `/_qf/page`); the home page for a section that owns
 * no page (mf-forms: its widgets are on other sections' pages).
 */
export async function smokePaths(url: string, limit = 400): Promise<{ paths: string[]; owned: boolean }> {
  const res = await fetch(`${url}/_qf/paths`, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new DeployError(`${url}/_qf/paths answered ${res.status}`);
  const entries = pagePathsSchema.parse(await res.json()).slice(0, limit);
  const byTemplate = new Map<string, { en: string; ar: string }>();
  for (const entry of entries) {
    const page = await fetch(`${url}/_qf/page?path=${encodeURIComponent(entry.en)}&lang=en`, { signal: AbortSignal.timeout(10_000) });
    if (!page.ok) continue;
    const template = ((await page.json()) as { page?: { template?: string } }).page?.template;
    if (template && !byTemplate.has(template)) byTemplate.set(template, entry);
  }
  const pages = [...byTemplate.values()];
  return pages.length ? { paths: pages.flatMap((p) => [p.en, p.ar]), owned: true } : { paths: ['/', '/ar'], owned: false };
}

/** A line of the shell's registry about another remote's status (went down, is up again, a slow look). */
export const aboutAnotherRemote = (line: string, remote: RemoteName): boolean => {
  const m = /(mf-[a-z-]+)(?: \(canary view\))? (?:did not say which build|went down for this shell|is up again)/.exec(line);
  return Boolean(m && m[1] !== remote);
};

/** A section is named by its form (the contracts' pattern): a release of a section the shell was built without deploys like any. */
const controlBody = z.object({ remote: z.custom<RemoteName>(isRemoteName), release: z.string().min(1).max(300).optional(), canary: z.number().int().min(1).max(99).optional() });

interface Running {
  child: ChildProcess;
  remote: RemoteName | 'shell';
  label: string;
  port: number;
  stopping: boolean;
  output: string;
  /** The release folder it runs (a section's server). */
  folder?: string;
  /** Its metrics listener (the cluster's instances: listed for Prometheus). */
  metricsPort?: number;
}

export function createSupervisor(options: SupervisorOptions) {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((line: string) => console.log(line));
  const portFor = options.freePort ?? freePort;
  const drainMs = options.drainMs ?? 1500;
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  const startTimeoutMs = Math.max(options.startTimeoutMs ?? 600_000, readyTimeoutMs);
  const canaryRule = options.canaryRule ?? { minRequests: 20, margin: 0.05, everyMs: 1000, minReporters: 5 };
  // CANARY_MIN_REPORTERS: where every browser comes from one address (a proxy that gives the shells
  // none of its clients' addresses, a journey on one machine), fewer clients can be enough.
  const minReporters = options.env.CANARY_MIN_REPORTERS;
  if (!options.canaryRule && minReporters !== undefined) {
    if (!/^[1-9]\d{0,5}$/.test(minReporters)) throw new DeployError(`CANARY_MIN_REPORTERS must be a whole number of clients, 1 or more (is ${JSON.stringify(minReporters)})`);
    canaryRule.minReporters = Number(minReporters);
  }
  /** The token of the shell's release counts: given to the shell this supervisor starts. */
  const opsToken = randomBytes(24).toString('hex');
  const smokeShellDir = options.shell?.dir ?? options.smokeShellDir;
  const registryFile = path.join(options.stateDir, 'registry.json');
  const liveFile = path.join(options.stateDir, 'live.json');
  const historyFile = path.join(options.stateDir, 'history.jsonl');
  mkdirSync(options.stateDir, { recursive: true });
  const token = randomBytes(24).toString('hex');
  const live = new Map<RemoteName, LiveRemote>();
  const running = new Set<Running>();
  const busy = new Set<RemoteName>();
  let assetsUrl = '';
  let app: FastifyInstance | undefined;
  let shellProcess: Running | undefined;
  /** Whether `start` is done (every section and the shell ready): the control API waits for it. */
  let siteStarted = false;
  let closing = false;

  const cluster = options.cluster;
  /** On the cluster, a release is pinned by its files in the browser-build store (published before it runs). */
  const pin = cluster ? (remote: RemoteName, folder: string) => pinnedFiles(cluster.cdn.dir, cluster.cdn.url, remote, path.basename(folder)) : undefined;
  const persist = () => {
    for (const [remote, l] of live) {
      const pool = pools.get(remote);
      if (pool) l.instances = pool.map((r) => ({ port: r.port, ...(r.child.pid ? { pid: r.child.pid } : {}) }));
    }
    writeAtomic(liveFile, `${JSON.stringify({ remotes: Object.fromEntries(live) }, null, 2)}\n`);
    writeAtomic(registryFile, `${JSON.stringify(registryFor(Object.fromEntries(live), options.store, assetsUrl, pin), null, 2)}\n`);
  };
  const record = (entry: HistoryEntry) => appendFileSync(historyFile, `${JSON.stringify(entry)}\n`);

  /** Starts a server; `onDeath` is called if it exits without being asked to. */
  function spawnServer(remote: RemoteName | 'shell', label: string, file: string, cwd: string, port: number, env: NodeJS.ProcessEnv, onDeath?: (r: Running) => void): Running {
    const child = spawn(process.execPath, [file], {
      cwd,
      env: { ...options.env, ...env, PORT: String(port), HOST: host, QF_EXIT_WITH_PARENT: '1' },
      // The open stdin pipe is the servers' lifeline: they end with the supervisor, however it ends.
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const r: Running = { child, remote, label, port, stopping: false, output: '' };
    for (const stream of [child.stdout!, child.stderr!]) {
      let buffered = '';
      stream.on('data', (chunk: Buffer) => {
        r.output = (r.output + chunk.toString()).slice(-8000);
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const line of lines) log(`[${label}] ${line}`);
      });
    }
    running.add(r);
    child.once('exit', (code, signal) => {
      running.delete(r);
      if (!r.stopping && !closing) {
        log(`[${label}] exited (${signal ?? code})`);
        onDeath?.(r);
      }
    });
    return r;
  }

  function stopServer(r: Running, deadlineMs = 15_000): Promise<void> {
    r.stopping = true;
    if (r.child.exitCode !== null || r.child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const kill = setTimeout(() => {
        log(`[${r.label}] did not stop within ${deadlineMs / 1000} s of SIGTERM: killed`);
        r.child.kill('SIGKILL');
      }, deadlineMs);
      r.child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      r.child.kill('SIGTERM');
    });
  }

  /**
   * Waits until the server answers its health check and serves `buildId`; rejects if it dies first, if
   * it does not answer within readyTimeoutMs, or if it still says "starting" after startTimeoutMs (what
   * it waits for is logged every 15 s meanwhile: a slow start is reported, not a failure).
   */
  async function ready(r: Running, name: string, buildId?: string): Promise<void> {
    const url = `http://${host}:${r.port}`;
    const died = new Promise<never>((_, reject) => r.child.once('exit', (code, signal) => reject(new DeployError(`${r.label} exited (${signal ?? code}) before answering:\n${r.output.slice(-1500)}`))));
    died.catch(() => undefined);
    const since = Date.now();
    let starting: string[] | undefined;
    /** When it last answered "starting": one that stops answering fails after readyTimeoutMs all the same. */
    let sign = since;
    let said = since;
    let over = false;
    const poll = async (): Promise<void> => {
      while (!over) {
        try {
          const health = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
          const body = (await health.json().catch(() => ({}))) as { name?: string; status?: string; waiting?: unknown };
          if (health.ok && body.name === name) {
            if (!buildId) return;
            const info = await fetch(`${url}/build-info.json`, { signal: AbortSignal.timeout(2000) });
            const served = info.ok ? buildInfoSchema.parse(await info.json()).buildId : `an answer ${info.status}`;
            if (served === buildId) return;
            throw new DeployError(`${r.label} serves build ${served}, not ${buildId}`);
          }
          if (health.status === 503 && body.name === name && body.status === 'starting') {
            starting = Array.isArray(body.waiting) ? body.waiting.map(String) : [];
            sign = Date.now();
          }
        } catch (error) {
          if (error instanceof DeployError) throw error;
        }
        const waited = Date.now() - since;
        if (starting && waited > startTimeoutMs) throw new DeployError(`${r.label} was still starting after ${startTimeoutMs / 1000} s (waiting for ${starting.join(', ') || 'its start'})`);
        if (Date.now() - sign > readyTimeoutMs) throw new DeployError(`${r.label} did not answer /healthz within ${readyTimeoutMs / 1000} s`);
        if (starting && Date.now() - said >= 15_000) {
          said = Date.now();
          log(`[${r.label}] starting for ${Math.round(waited / 1000)} s: waiting for ${starting.join(', ') || 'its start'}`);
        }
        await sleep(50);
      }
    };
    try {
      await Promise.race([poll(), died]);
    } finally {
      over = true;
    }
  }

  /** Environment of a section's server run from the store (its defaults are relative to its own folder). */
  const sectionEnv = (remote: RemoteName): NodeJS.ProcessEnv => ({
    NODE_PATH: path.join(root, 'node_modules'),
    CONTENT_DIR: options.env.CONTENT_DIR ?? path.join(root, 'content'),
    ...(remote === 'mf-content' ? { REGISTRY: registryFile } : {}),
    ...(remote === 'mf-forms' && !options.env.DATABASE_URL ? { DATA_DIR: options.env.DATA_DIR ?? path.join(root, 'data', 'forms') } : {}),
  });

  async function startRelease(remote: RemoteName, folder: string, port?: number, onDeath: (dead: Running) => void = (dead) => void restart(remote, dead), env: NodeJS.ProcessEnv = {}): Promise<{ server: Running; port: number }> {
    const record = readRelease(folder);
    const chosen = port ?? (await portFor(host));
    const metricsPort = cluster?.targetsDir ? await portFor(host) : undefined;
    const server = spawnServer(remote, `${remote} ${record.version}+${record.buildId}${cluster ? ` :${chosen}` : ''}`, path.join(folder, 'dist', 'app', 'main.js'), folder, chosen, { ...sectionEnv(remote), ...env, ...(metricsPort ? { METRICS_PORT: String(metricsPort) } : {}) }, onDeath);
    server.folder = folder;
    if (metricsPort) server.metricsPort = metricsPort;
    try {
      await ready(server, remote, record.buildId);
    } catch (error) {
      await stopServer(server);
      throw error;
    }
    return { server, port: chosen };
  }

  /** A live section's server died: the same release is started again on the same port (the registry does not change). */
  const restarts = new Map<RemoteName, number[]>();
  async function restart(remote: RemoteName, dead: Running) {
    const current = live.get(remote);
    if (!current || current.port !== dead.port) return;
    const recent = (restarts.get(remote) ?? []).filter((t) => Date.now() - t < 60_000);
    if (recent.length >= 5) return log(`${remote} died 5 times within a minute: not started again (npm run deploy -- ${remote} <release> starts a release)`);
    restarts.set(remote, [...recent, Date.now()]);
    await sleep(1000);
    if (closing || live.get(remote) !== current) return;
    try {
      const { server } = await startRelease(remote, current.folder, current.port);
      current.pid = server.child.pid;
      servers.set(remote, server);
      persist();
      record({ at: new Date().toISOString(), remote, action: 'restart', release: current.release, reason: 'its server exited' });
      log(`${remote}: ${current.release} started again`);
    } catch (error) {
      log(`${remote}: could not start ${current.release} again: ${messageOf(error)}`);
    }
  }

  /** The running server of each live release. */
  const servers = new Map<RemoteName, Running>();

  /** On the cluster: each section's live instances (during a rolling update, of both releases). */
  const pools = new Map<RemoteName, Running[]>();

  function slotsOf(remote: RemoteName): number[] {
    const slots = cluster?.slots[remote];
    if (!slots?.length) throw new DeployError(`the cluster has no slots for ${remote}: its proxy balances over the sections it started with (npm run cluster)`);
    return slots;
  }

  /** Publishes a release to the browser-build store: its code is where browsers and shells fetch it before any instance of it runs. */
  function published(folder: string) {
    try {
      return publishRelease(folder, cluster!.cdn.dir);
    } catch (error) {
      throw error instanceof PublishError ? new DeployError(error.message) : error;
    }
  }

  /** Lists a section's instances' metrics listeners where Prometheus discovers them (file_sd), as Kubernetes' endpoints would. */
  function listTargets(remote: RemoteName) {
    if (!cluster?.targetsDir) return;
    const targets = (pools.get(remote) ?? []).filter((r) => r.metricsPort).map((r) => `${host}:${r.metricsPort}`);
    writeAtomic(path.join(cluster.targetsDir, `${remote}.json`), `${JSON.stringify([{ targets, labels: {} }])}\n`);
  }

  /** The environment of the instance on a slot (by its index; a trial instance has an index past the slots). */
  const instanceEnv = (remote: RemoteName, index: number) => cluster?.instanceEnv?.(remote, index) ?? {};

  /** Starts an instance of the release in `folder` on a slot of the section's proxy; it is started again there if it dies. */
  async function startInstance(remote: RemoteName, folder: string, port: number): Promise<Running> {
    const { server } = await startRelease(remote, folder, port, (dead) => void restartInstance(remote, dead), instanceEnv(remote, slotsOf(remote).indexOf(port)));
    return server;
  }

  /** An instance died: the same release is started again on its slot (the proxy meanwhile sends its requests to the others). */
  async function restartInstance(remote: RemoteName, dead: Running) {
    const pool = pools.get(remote);
    if (!pool?.includes(dead) || !dead.folder) return;
    const key = `${remote} :${dead.port}`;
    const recent = (instanceRestarts.get(key) ?? []).filter((t) => Date.now() - t < 60_000);
    if (recent.length >= 5) return log(`${remote}: the instance on :${dead.port} died 5 times within a minute: not started again`);
    instanceRestarts.set(key, [...recent, Date.now()]);
    await sleep(1000);
    if (closing || !pool.includes(dead)) return;
    try {
      const server = await startInstance(remote, dead.folder, dead.port);
      if (!pool.includes(dead) || closing) return void stopServer(server);
      pool.splice(pool.indexOf(dead), 1, server);
      listTargets(remote);
      persist();
      const release = readRelease(dead.folder).id;
      record({ at: new Date().toISOString(), remote, action: 'restart', release, reason: `its instance on :${dead.port} exited` });
      log(`${remote}: ${release} started again on :${dead.port}`);
    } catch (error) {
      log(`${remote}: could not start the instance on :${dead.port} again: ${messageOf(error)}`);
    }
  }
  const instanceRestarts = new Map<string, number[]>();

  /**
   * Replaces, one at a time, every instance of the section that does not run `folder` by one that does:
   * the new one starts on the free slot and is ready (healthy, serving the release's build) before the
   * old one drains and stops (maxSurge 1, maxUnavailable 0). If a new one cannot start, the instances
   * already replaced go back to `restore` the same way, and the error is thrown.
   */
  async function roll(remote: RemoteName, folder: string, t: ReturnType<typeof stepper>, restore?: string): Promise<void> {
    const pool = pools.get(remote)!;
    const total = pool.filter((r) => r.folder !== folder).length;
    for (let done = 1; ; done++) {
      const old = pool.find((r) => r.folder !== folder);
      if (!old) return;
      const port = slotsOf(remote).find((p) => !pool.some((r) => r.port === p));
      if (port === undefined) throw new DeployError(`${remote} has no free slot for a new instance (slots ${slotsOf(remote).join(', ')})`);
      let server: Running;
      try {
        server = await startInstance(remote, folder, port);
      } catch (error) {
        if (!restore) throw error;
        await roll(remote, restore, stepper()).catch((again: unknown) => log(`${remote}: putting the replaced instances back failed: ${messageOf(again)}`));
        throw new DeployError(`${messageOf(error)} (instance ${done} of ${total}); every instance serves ${readRelease(restore).id} again`);
      }
      pool.push(server);
      listTargets(remote);
      await sleep(cluster!.minReadyMs ?? 3000);
      t.step(`instance ${done} of ${total}: ready on :${port}`);
      pool.splice(pool.indexOf(old), 1);
      listTargets(remote);
      await stopServer(old);
      t.step(`instance ${done} of ${total}: the old one drained and stopped`);
    }
  }

  /**
   * A deploy or rollback on the cluster: the release is published to the browser-build store, a trial
   * instance of it (on a port no proxy sends visitors to) is smoke-rendered, then the section's instances
   * are rolled to it and the registry's pin moves to it.
   */
  async function rollTo(remote: RemoteName, folder: string, action: 'deploy' | 'rollback', release: ReleaseRecord, current: LiveRemote | undefined, t: ReturnType<typeof stepper>): Promise<SwitchResult> {
    published(folder);
    t.step('published to the browser-build store');
    const { server: trial, smoke } = await startCandidate(remote, folder, release, () => undefined, instanceEnv(remote, slotsOf(remote).length));
    t.step('trial instance started and healthy');
    const problems = await smoke.finish(t);
    await stopServer(trial);
    if (problems.length) throw new DeployError(`${release.id} failed its smoke render, nothing was switched: ${problems.join('; ')}`);
    await roll(remote, folder, t, current?.folder);
    const previous = current ? (action === 'deploy' ? [...current.previous, current.folder] : current.previous.slice(0, -1)) : [];
    live.set(remote, { release: release.id, folder, url: cluster!.urlOf(remote), port: slotsOf(remote)[0]!, previous });
    persist();
    const switchedMs = Date.now() - t.started;
    record({ at: new Date().toISOString(), remote, action, release: release.id, ...(current ? { from: current.release } : {}), ms: switchedMs });
    t.step('registry: the pin moved');
    log(`${remote}: ${action} of ${release.id} rolled out in ${switchedMs} ms${current ? ` (was ${current.release})` : ''}`);
    // Answered once the shells have read the registry (every 500 ms): from then on pages are the new release's.
    await sleep(drainMs);
    return { remote, action, release: release.id, ...(current ? { from: current.release } : {}), mode: 'rolling', steps: t.steps, switchedMs, totalMs: Date.now() - t.started };
  }

  function startShell() {
    if (!options.shell) return;
    const { dir, port } = options.shell;
    shellProcess = spawnServer('shell', 'shell', path.join(dir, 'dist', 'server', 'main.js'), dir, port, { REGISTRY: registryFile, OPS_TOKEN: opsToken }, () => {
      log('[shell] started again in 1 s');
      setTimeout(() => !closing && startShell(), 1000);
    });
  }

  /**
   * A throw-away shell over `registryFile`, started (it takes a second) while the candidate starts. It
   * looks at each remote on every request (status TTL 0): it must see the candidate as soon as it is up.
   */
  async function startSmokeShell(remote: RemoteName, registryFile: string): Promise<{ shell: Running; port: number }> {
    for (let attempt = 1; ; attempt++) {
      const port = await portFor(host);
      // Warnings and errors only: every line it logs while rendering is held against the candidate (its
      // access log would be a line per page). No metrics listener: nobody scrapes a throw-away shell.
      const shell = spawnServer('shell', `smoke shell for ${remote}`, path.join(smokeShellDir!, 'dist', 'server', 'main.js'), smokeShellDir!, port, {
        REGISTRY: registryFile,
        REMOTE_STATUS_TTL_MS: '0',
        LOG_LEVEL: 'warn',
        METRICS_PORT: '',
      });
      try {
        await ready(shell, 'shell');
        return { shell, port };
      } catch (error) {
        await stopServer(shell);
        // Its port taken before it listened (see startCandidate): another, twice at most.
        if (attempt >= PORT_ATTEMPTS || !portTaken(error)) throw error;
        log(`smoke shell for ${remote}: port ${port} was taken before it listened; trying another`);
      }
    }
  }

  /** The smoke shell renders `paths`; every answer but 200, a page not made with the candidate, and every line it logs about it are problems. */
  async function renderSmoke({ shell, port }: { shell: Running; port: number }, target: SmokeTarget): Promise<string[]> {
    const problems: string[] = [];
    const before = shell.output.length;
    for (const p of target.paths) {
      const res = await fetch(`http://${host}:${port}${p}`, { signal: AbortSignal.timeout(15_000), headers: { accept: 'text/html' } });
      const html = await res.text();
      if (res.status !== 200) problems.push(`${p} answered ${res.status}`);
      else if (target.owned && !html.includes(`"buildId":"${target.buildId}"`)) problems.push(`${p} was not rendered with ${target.remote} build ${target.buildId}`);
    }
    // What the shell says of another section's status (a slow look on a busy machine) is not the candidate's fault.
    const said = shell.output
      .slice(before)
      .split('\n')
      .filter((line) => line.trim() && !aboutAnotherRemote(line, target.remote))
      .join('\n');
    if (said) problems.push(`the shell logged while rendering: ${said.slice(-1500)}`);
    return problems;
  }

  /** Times the steps of one deploy, rollback, canary or promotion. */
  function stepper() {
    const started = Date.now();
    const steps: Step[] = [];
    let last = started;
    return {
      started,
      steps,
      step(name: string) {
        steps.push({ step: name, ms: Date.now() - last });
        last = Date.now();
      },
    };
  }

  /** One operation of a remote at a time. */
  async function exclusive<T>(remote: RemoteName, work: () => Promise<T>): Promise<T> {
    if (busy.has(remote)) throw new DeployError(`a deploy, canary or rollback of ${remote} is already running`);
    busy.add(remote);
    try {
      return await work();
    } finally {
      busy.delete(remote);
    }
  }

  /** Patterns of the release in `folder` that match the same paths as a live release of another section (each names both). */
  function routeConflictsOf(remote: RemoteName, folder: string): string[] {
    const manifest = publishedRoutes(path.join(folder, 'dist'));
    if (!manifest) return [];
    const others = [...live]
      .filter(([r]) => r !== remote)
      .flatMap(([, l]) => [l.folder, ...(l.canary ? [l.canary.folder] : [])])
      .map((folder) => publishedRoutes(path.join(folder, 'dist')))
      .filter((m): m is RouteManifest => m !== undefined);
    return routeConflicts(manifest, others);
  }

  /** The release in `folder`, checked (digests, gate): a release that must not run is refused here. */
  function checked(remote: RemoteName, folder: string, t: ReturnType<typeof stepper>): ReleaseRecord {
    const release = verifiedRelease(folder);
    if (release.remote !== remote) throw new DeployError(`${release.id} is a release of ${release.remote}, not of ${remote}`);
    t.step('verified');
    const problems = options.shellInfo ? compatibilityProblems(options.shellInfo, releaseBuildInfo(folder)) : [];
    if (problems.length) throw new DeployError(`${release.id} cannot join the live shell: ${problems.join('; ')}`);
    const conflicts = routeConflictsOf(remote, folder);
    if (conflicts.length) throw new DeployError(`${release.id} cannot be registered: ${conflicts.join('; ')}`);
    t.step('gated');
    return release;
  }

  /**
   * A candidate started on a free port, its smoke render begun against it. A port the OS handed out can
   * be taken before the server listens (every server's metrics listener with METRICS_PORT=0 binds one the
   * OS chooses): a candidate that exits with EADDRINUSE is started again on another port, twice at most.
   */
  async function startCandidate(remote: RemoteName, folder: string, release: ReleaseRecord, onDeath?: (dead: Running) => void, env?: NodeJS.ProcessEnv) {
    for (let attempt = 1; ; attempt++) {
      const port = await portFor(host);
      const url = `http://${host}:${port}`;
      const smoke = beginSmoke(remote, folder, url, release);
      try {
        const { server } = await startRelease(remote, folder, port, onDeath, env);
        return { server, port, url, smoke };
      } catch (error) {
        await smoke.cancel();
        if (attempt >= PORT_ATTEMPTS || !portTaken(error)) throw error;
        log(`${remote}: port ${port} was taken before ${release.id} listened; trying another`);
      }
    }
  }

  /**
   * The smoke render of a candidate that will answer at `url`: a throw-away shell over the live registry
   * with the candidate in this remote's place renders one page of each of its templates in both
   * languages. Begun before the candidate starts (the shell starts meanwhile); `finish` once it is up.
   */
  function beginSmoke(remote: RemoteName, folder: string, url: string, release: ReleaseRecord): { finish(t: ReturnType<typeof stepper>): Promise<string[]>; cancel(): Promise<void> } {
    if (options.smoke === undefined && !smokeShellDir) return { finish: async () => [], cancel: async () => undefined };
    const candidate = { ...Object.fromEntries([...live].map(([r, l]) => [r, { url: l.url, folder: l.folder }])), [remote]: { url, folder } };
    const trial = path.join(options.stateDir, `smoke-${remote}-${Date.now()}.json`);
    writeAtomic(trial, JSON.stringify(registryFor(candidate, options.store, assetsUrl, pin)));
    const shell = options.smoke ? undefined : startSmokeShell(remote, trial);
    shell?.catch(() => undefined);
    const cleanup = async () => {
      rmSync(trial, { force: true });
      const started = await shell?.catch(() => undefined);
      if (started) await stopServer(started.shell);
    };
    return {
      async finish(t) {
        try {
          const target: SmokeTarget = { registryFile: trial, remote, buildId: release.buildId, ...(await smokePaths(url)) };
          const problems = options.smoke ? await options.smoke(target) : await renderSmoke(await shell!, target);
          if (!problems.length) t.step('smoke render of each template (en, ar)');
          return problems;
        } catch (error) {
          return [messageOf(error)];
        } finally {
          await cleanup();
        }
      },
      cancel: cleanup,
    };
  }

  /** Makes the release in `folder` live for `remote` (deploy and rollback). */
  async function switchTo(remote: RemoteName, folder: string, action: 'deploy' | 'rollback'): Promise<SwitchResult> {
    return exclusive(remote, async () => {
      const t = stepper();
      const release = checked(remote, folder, t);
      const current = live.get(remote);
      if (current?.canary) throw new DeployError(`a canary of ${remote} (${current.canary.release}) is running: npm run promote -- ${remote}, or npm run rollback -- ${remote} to stop it`);
      if (current && path.resolve(current.folder) === path.resolve(folder)) {
        return { remote, action, release: release.id, mode: 'unchanged', steps: t.steps, switchedMs: 0, totalMs: Date.now() - t.started };
      }
      if (cluster) return rollTo(remote, folder, action, release, current, t);
      // PGlite allows one process per data folder: mf-forms on the embedded database is replaced, not run beside.
      const mode = remote === 'mf-forms' && !options.env.DATABASE_URL ? 'replace' : 'blue-green';
      const old = servers.get(remote);
      if (mode === 'replace' && old) {
        servers.delete(remote);
        await stopServer(old);
        t.step('old server stopped (one process at a time)');
      }
      let started: Awaited<ReturnType<typeof startCandidate>>;
      try {
        started = await startCandidate(remote, folder, release);
      } catch (error) {
        if (mode === 'replace' && current) await revive(remote, current);
        throw error;
      }
      const { server, port, url, smoke } = started;
      t.step('started and healthy');
      const smokeProblems = await smoke.finish(t);
      if (smokeProblems.length) {
        await stopServer(server);
        if (mode === 'replace' && current) await revive(remote, current);
        throw new DeployError(`${release.id} failed its smoke render, nothing was switched: ${smokeProblems.join('; ')}`);
      }
      const previous = current ? (action === 'deploy' ? [...current.previous, current.folder] : current.previous.slice(0, -1)) : [];
      live.set(remote, { release: release.id, folder, url, port, ...(server.child.pid ? { pid: server.child.pid } : {}), previous });
      servers.set(remote, server);
      persist();
      const switchedMs = Date.now() - t.started;
      record({ at: new Date().toISOString(), remote, action, release: release.id, ...(current ? { from: current.release } : {}), ms: switchedMs });
      t.step('registry switched');
      log(`${remote}: ${action} of ${release.id} live in ${switchedMs} ms${current ? ` (was ${current.release})` : ''}`);
      if (old && mode === 'blue-green') {
        await drainAndStop(old);
        t.step('old server drained and stopped');
      }
      return { remote, action, release: release.id, ...(current ? { from: current.release } : {}), mode, steps: t.steps, switchedMs, totalMs: Date.now() - t.started };
    });
  }

  /** The shell reads the registry at most every 500 ms; requests it sent to the old server finish. */
  async function drainAndStop(old: Running) {
    await sleep(drainMs);
    await stopServer(old);
  }

  /** The canary server of each remote running one. */
  const canaryServers = new Map<RemoteName, Running>();

  /** The shell's counts of a build (0 when it has none yet). */
  async function countsOf(): Promise<ReleaseCounts[]> {
    if (options.releaseHealth) return options.releaseHealth();
    if (options.prometheusUrl) return prometheusReleaseCounts(options.prometheusUrl);
    if (!options.shell) return [];
    const res = await fetch(`http://${host}:${options.shell.port}/_qf/release-health`, { headers: { authorization: `Bearer ${opsToken}` }, signal: AbortSignal.timeout(2000) });
    if (!res.ok) throw new Error(`the shell's release health answered ${res.status}`);
    return ((await res.json()) as { releases: ReleaseCounts[] }).releases;
  }
  const pick = (all: ReleaseCounts[], remote: RemoteName, build: string): Counts => {
    const c = all.find((r) => r.remote === remote && r.build === build);
    return { requests: c?.requests ?? 0, errors: c?.errors ?? 0, ...(c?.reported !== undefined ? { reported: c.reported, reporters: c.reporters ?? 0 } : {}) };
  };
  /** A release's build id (a release never changes: read once, not at every look of the canary watch). */
  const builds = new Map<string, string>();
  const buildOfRelease = (folder: string): string => {
    let build = builds.get(folder);
    if (build === undefined) builds.set(folder, (build = readRelease(folder).buildId));
    return build;
  };

  /** Starts a canary: the release beside the live one, checked and smoke-rendered, served to `percent` % of visitors. */
  async function startCanary(remote: RemoteName, folder: string, percent: number): Promise<SwitchResult> {
    return exclusive(remote, async () => {
      const t = stepper();
      const release = checked(remote, folder, t);
      const current = live.get(remote);
      if (!current) throw new DeployError(`${remote} is not running here`);
      const other = [...live].find(([, l]) => l.canary);
      if (other) throw new DeployError(`a canary of ${other[0]} (${other[1].canary!.release}) is running: one canary at a time (npm run promote or npm run rollback -- ${other[0]})`);
      if (remote === 'mf-forms' && !options.env.DATABASE_URL) throw new DeployError('mf-forms on the embedded database runs one process at a time: a canary of it needs DATABASE_URL (PostgreSQL)');
      if (path.resolve(current.folder) === path.resolve(folder)) throw new DeployError(`${release.id} is already live`);
      if (cluster) {
        published(folder);
        t.step('published to the browser-build store');
      }
      // On the cluster the canary is one instance beside the section's slots: only its cohort's requests reach it.
      const { server, port, url, smoke } = await startCandidate(remote, folder, release, () => void abortCanary(remote, 'its server exited', true).catch(() => undefined), cluster ? instanceEnv(remote, slotsOf(remote).length) : {});
      t.step('started and healthy');
      const problems = await smoke.finish(t);
      if (problems.length) {
        await stopServer(server);
        throw new DeployError(`${release.id} failed its smoke render, no canary was started: ${problems.join('; ')}`);
      }
      const all = await countsOf().catch(() => []);
      current.canary = {
        release: release.id,
        folder,
        url,
        port,
        ...(server.child.pid ? { pid: server.child.pid } : {}),
        percent,
        startedAt: new Date().toISOString(),
        baseline: { live: pick(all, remote, buildOfRelease(current.folder)), canary: pick(all, remote, release.buildId) },
      };
      canaryServers.set(remote, server);
      persist();
      const switchedMs = Date.now() - t.started;
      record({ at: new Date().toISOString(), remote, action: 'canary', release: release.id, from: current.release, ms: switchedMs, reason: `${percent} % of visitors` });
      t.step('registry: canary to a cohort');
      log(`${remote}: canary ${release.id} to ${percent} % of visitors in ${switchedMs} ms (live: ${current.release})`);
      watchCanaries();
      // Answered once the shell has read the registry (every 500 ms): from then on the cohort gets it.
      await sleep(drainMs);
      t.step('the shell reads it');
      return { remote, action: 'canary', release: release.id, from: current.release, percent, mode: 'blue-green', steps: t.steps, switchedMs, totalMs: Date.now() - t.started };
    });
  }

  /** Makes the canary live for everyone; the release it replaces can be rolled back to. */
  async function promote(remote: RemoteName): Promise<SwitchResult> {
    return exclusive(remote, async () => {
      const t = stepper();
      const current = live.get(remote);
      const canary = current?.canary;
      if (!current || !canary) throw new DeployError(`no canary of ${remote} is running`);
      if (cluster) {
        // The section's instances roll to the canary's release (its cohort keeps the canary meanwhile); then
        // the pin moves for everyone and the canary's own instance drains.
        await roll(remote, canary.folder, t, current.folder);
        live.set(remote, { release: canary.release, folder: canary.folder, url: current.url, port: current.port, previous: [...current.previous, current.folder] });
        persist();
        const switchedMs = Date.now() - t.started;
        record({ at: new Date().toISOString(), remote, action: 'promote', release: canary.release, from: current.release, ms: switchedMs });
        t.step('registry: the pin moved, the canary is everyone’s');
        log(`${remote}: canary ${canary.release} promoted, live for everyone (was ${current.release})`);
        const server = canaryServers.get(remote);
        canaryServers.delete(remote);
        if (server) {
          server.stopping = true;
          await drainAndStop(server);
          t.step('canary instance drained and stopped');
        }
        return { remote, action: 'promote', release: canary.release, from: current.release, mode: 'rolling', steps: t.steps, switchedMs, totalMs: Date.now() - t.started };
      }
      const old = servers.get(remote);
      live.set(remote, { release: canary.release, folder: canary.folder, url: canary.url, port: canary.port, ...(canary.pid ? { pid: canary.pid } : {}), previous: [...current.previous, current.folder] });
      const server = canaryServers.get(remote);
      canaryServers.delete(remote);
      if (server) {
        // From now on it is the live server: started again if it dies, like any.
        server.child.removeAllListeners('exit');
        server.child.once('exit', (code, signal) => {
          running.delete(server);
          if (!server.stopping && !closing) {
            log(`[${server.label}] exited (${signal ?? code})`);
            void restart(remote, server);
          }
        });
        servers.set(remote, server);
      }
      persist();
      const switchedMs = Date.now() - t.started;
      record({ at: new Date().toISOString(), remote, action: 'promote', release: canary.release, from: current.release, ms: switchedMs });
      t.step('registry switched');
      log(`${remote}: canary ${canary.release} promoted, live for everyone (was ${current.release})`);
      if (old) {
        await drainAndStop(old);
        t.step('old server drained and stopped');
      }
      return { remote, action: 'promote', release: canary.release, from: current.release, mode: 'blue-green', steps: t.steps, switchedMs, totalMs: Date.now() - t.started };
    });
  }

  /**
   * Stops a canary: everyone gets the live release again; the history says why. Its server is drained
   * and stopped before this answers, or after (`inBackground`: the automatic rollback, so that the
   * remote is free for the next deploy at once).
   */
  async function abortCanary(remote: RemoteName, reason: string, inBackground = false): Promise<SwitchResult> {
    const t = stepper();
    const current = live.get(remote);
    const canary = current?.canary;
    if (!current || !canary) throw new DeployError(`no canary of ${remote} is running`);
    delete current.canary;
    persist();
    const switchedMs = Date.now() - t.started;
    record({ at: new Date().toISOString(), remote, action: 'canary-rollback', release: current.release, from: canary.release, ms: switchedMs, reason });
    t.step('registry: canary removed');
    log(`${remote}: canary ${canary.release} rolled back (${reason}); everyone gets ${current.release}`);
    const server = canaryServers.get(remote);
    canaryServers.delete(remote);
    if (server && inBackground) void drainAndStop(server);
    else if (server) {
      await drainAndStop(server);
      t.step('canary server drained and stopped');
    }
    return { remote, action: 'canary-rollback', release: current.release, from: canary.release, mode: 'blue-green', steps: t.steps, switchedMs, totalMs: Date.now() - t.started };
  }

  /** The verdict on a canary from the counts since it started: the reason to roll it back, or none. */
  function verdict(remote: RemoteName, current: LiveRemote, all: ReleaseCounts[]): string | undefined {
    const canary = current.canary!;
    // Errors that count: browsers' reports only once enough clients made them (reporters are since the shell started).
    const counted = (x: Counts): Counts => ({ requests: x.requests, errors: x.errors - (x.reported !== undefined && (x.reporters ?? 0) < canaryRule.minReporters ? x.reported : 0) });
    const since = (now: Counts, base: Counts): Counts => {
      const [n, b] = [counted(now), counted(base)];
      return now.requests < base.requests ? n : { requests: n.requests - b.requests, errors: Math.max(0, n.errors - b.errors) };
    };
    const c = since(pick(all, remote, buildOfRelease(canary.folder)), canary.baseline.canary);
    const l = since(pick(all, remote, buildOfRelease(current.folder)), canary.baseline.live);
    if (c.requests < canaryRule.minRequests) return undefined;
    const rate = (x: Counts) => (x.requests ? x.errors / x.requests : 0);
    if (rate(c) <= rate(l) + canaryRule.margin) return undefined;
    const pct = (x: number) => `${Math.round(x * 1000) / 10} %`;
    return `error rate ${pct(rate(c))} (${c.errors} errors, ${c.requests} pages) against ${pct(rate(l))} for ${current.release} (${l.errors} errors, ${l.requests} pages): more than ${pct(canaryRule.margin)} worse`;
  }

  /** While a canary runs, its counts are looked at every `canaryRule.everyMs`; a bad one is rolled back. */
  let watching: NodeJS.Timeout | undefined;
  function watchCanaries() {
    if (watching) return;
    let looking = false;
    watching = setInterval(() => {
      const running = [...live].filter(([, l]) => l.canary);
      if (!running.length || closing) {
        clearInterval(watching);
        watching = undefined;
        return;
      }
      if (looking) return;
      looking = true;
      countsOf()
        .then(async (all) => {
          for (const [remote, current] of running) {
            if (busy.has(remote) || !current.canary) continue;
            const reason = verdict(remote, current, all);
            if (reason) await exclusive(remote, () => abortCanary(remote, `automatic: ${reason}`, true));
          }
        })
        .catch((error: unknown) => log(`canary watch: ${messageOf(error)}`))
        .finally(() => (looking = false));
    }, canaryRule.everyMs);
    watching.unref();
  }

  /** After a failed replace, the release that was live is started again where it was. */
  async function revive(remote: RemoteName, current: LiveRemote) {
    try {
      const { server } = await startRelease(remote, current.folder, current.port);
      servers.set(remote, server);
      if (server.child.pid) current.pid = server.child.pid;
      persist();
      log(`${remote}: ${current.release} is live again`);
    } catch (error) {
      log(`${remote}: ${current.release} could not be started again: ${messageOf(error)}`);
    }
  }

  function releaseFolderOf(remote: RemoteName, release: string): string {
    const dir = path.join(options.store, remote);
    const name = release.startsWith(`${remote}@`) ? release.slice(remote.length + 1) : release;
    if (!/^[\w.+-]+$/.test(name) || name.includes('..')) throw new DeployError(`"${release}" is not a release name (<version>+<buildId>, or ${remote}@<version>+<buildId>)`);
    const folder = path.join(dir, name);
    if (!existsSync(path.join(folder, 'release.json'))) throw new DeployError(`${remote} has no release ${name} in ${options.store} (npm run releases -- ${remote} lists them)`);
    return folder;
  }

  async function serveControl(port: number) {
    const server = Fastify({
      logger: false,
      bodyLimit: 16 * 1024,
      // An address or request Fastify cannot take (a malformed escape, a bad header): its own words, not Fastify's (issue 37, L5).
      frameworkErrors: (_error, _request, reply: FastifyReply) => void reply.code(400).send({ error: 'bad request' }),
    });
    await server.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
    const origins = new Set((options.env.SHELL_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean));
    server.addHook('onRequest', async (request, reply) => {
      reply.header('Vary', 'Origin');
      for (const [name, value] of Object.entries(SECTION_HEADERS)) reply.header(name, value);
      // CORS for the store's browser builds only: the control API is for ops' commands, never a page's script (issue 37, L5).
      const origin = request.headers.origin;
      if (origin && origins.has(origin) && request.url.startsWith('/releases/')) reply.header('Access-Control-Allow-Origin', origin);
    });
    // Its own words, never Fastify's codes or the address asked echoed back (issue 37, L5).
    server.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ error: 'not found' }));
    server.setErrorHandler(async (error: { statusCode?: number }, _request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) log(`control API: ${messageOf(error)}`);
      return reply.code(status).send({ error: status === 500 ? 'the supervisor could not answer' : status === 404 ? 'not found' : 'bad request' });
    });
    // The store's browser builds, as a CDN in front of an object store would serve them: only what is
    // under a complete release's dist/browser, hashed and pinned names cached for good.
    await server.register(fastifyStatic, {
      root: options.store,
      prefix: '/releases/',
      index: false,
      list: false,
      dotfiles: 'deny',
      allowedPath: (pathName) => {
        const parts = pathName.split('/').filter(Boolean);
        return parts.length >= 5 && isRemoteName(parts[0]) && !parts[1]!.includes('.partial-') && parts[2] === 'dist' && parts[3] === 'browser' && existsSync(path.join(options.store, parts[0]!, parts[1]!, 'release.json'));
      },
      setHeaders(reply, filePath) {
        const base = path.basename(filePath);
        const pinned = /\.[0-9a-f]{10}\.(js|css)$/.test(base) || /^mf-manifest\.[0-9a-f]+\.json$/.test(base);
        reply.header('Cache-Control', pinned ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const authorized = (header: string | undefined) => header === `Bearer ${token}`;
    server.get('/_supervisor/state', async (request, reply) => {
      if (!authorized(request.headers.authorization)) return reply.code(401).send({ error: 'the supervisor’s token is required (supervisor.json)' });
      return { remotes: Object.fromEntries(live), assetsUrl, registry: registryFile, ...(shellProcess?.child.pid ? { shell: { pid: shellProcess.child.pid } } : {}) };
    });
    for (const action of ['deploy', 'rollback', 'promote'] as const) {
      server.post(`/_supervisor/${action}`, async (request, reply) => {
        if (!authorized(request.headers.authorization)) return reply.code(401).send({ error: 'the supervisor’s token is required (supervisor.json)' });
        // The shell answers before the sections are ready (it starts beside them): a command waits for the
        // site's start, which it would otherwise race (the section's server not yet the supervisor's).
        if (!siteStarted) return reply.code(503).header('Retry-After', '5').send({ error: 'the site is still starting: try again once npm start has printed its address' });
        const body = controlBody.safeParse(request.body);
        if (!body.success || (action === 'deploy' && !body.data.release)) return reply.code(400).send({ error: action === 'deploy' ? 'remote and release are required (canary: 1-99)' : 'remote is required' });
        try {
          const { remote, release, canary } = body.data;
          if (action === 'deploy') return await api.deploy(remote, release!, canary);
          return await (action === 'promote' ? api.promote(remote) : api.rollback(remote));
        } catch (error) {
          if (!(error instanceof DeployError)) throw error;
          return reply.code(409).send({ error: error.message });
        }
      });
    }
    await server.listen({ port, host });
    return server;
  }

  const api = {
    registryFile,
    historyFile,
    get url() {
      return assetsUrl;
    },
    live: () => Object.fromEntries(live) as Partial<Record<RemoteName, LiveRemote>>,
    /** On the cluster: every section's instances now (name, port, metrics port, process). */
    instances: () => [...pools].flatMap(([remote, pool]) => pool.map((r, i) => ({ name: remote, instance: i + 1, port: r.port, metricsPort: r.metricsPort, child: r.child }))),
    /** Deploys a release (blue/green), or with `canary` starts it as a canary for that share of visitors. */
    deploy: async (remote: RemoteName, release: string, canary?: number) => (canary ? startCanary(remote, releaseFolderOf(remote, release), canary) : switchTo(remote, releaseFolderOf(remote, release), 'deploy')),
    promote: async (remote: RemoteName) => promote(remote),
    /** Stops a running canary (by hand); without one, makes the release live before the current one live again. */
    rollback: async (remote: RemoteName) => {
      if (live.get(remote)?.canary) return exclusive(remote, () => abortCanary(remote, 'by hand (npm run rollback)'));
      const target = live.get(remote)?.previous.at(-1);
      if (!target) throw new DeployError(`${remote} has no earlier release to roll back to`);
      return switchTo(remote, target, 'rollback');
    },

    /** Serves the control API and the store, starts each section from its release folder and, beside them, the shell. */
    async start(initial: Partial<Record<RemoteName, string>>) {
      app = await serveControl(options.port ?? 0);
      assetsUrl = `http://${host}:${(app.server.address() as net.AddressInfo).port}`;
      writeAtomic(path.join(options.stateDir, 'supervisor.json'), JSON.stringify({ pid: process.pid, url: assetsUrl, token }), 0o600);
      if (cluster) {
        // Every section's release published, then its instances on the first slots (the last is the surge).
        // The registry first (its addresses are the proxy's, its pins the store's): a section reads it as it starts (mf-content's search).
        const sections = Object.entries(initial) as [RemoteName, string][];
        for (const [remote, folder] of sections) {
          published(folder);
          pools.set(remote, []);
          live.set(remote, { release: readRelease(folder).id, folder, url: cluster.urlOf(remote), port: slotsOf(remote)[0]!, previous: [] });
        }
        persist();
        await Promise.all(
          sections.map(async ([remote, folder]) => {
            const pool = pools.get(remote)!;
            await Promise.all(slotsOf(remote).slice(0, cluster.instances).map(async (port) => pool.push(await startInstance(remote, folder, port))));
            listTargets(remote);
            record({ at: new Date().toISOString(), remote, action: 'start', release: live.get(remote)!.release });
          }),
        );
        persist();
        siteStarted = true;
        return;
      }
      // The registry first, with the port each server will listen on: a section reads it as it starts (mf-content's search).
      const sections = Object.entries(initial) as [RemoteName, string][];
      for (const [remote, folder] of sections) {
        const port = await portFor(host);
        live.set(remote, { release: readRelease(folder).id, folder, url: `http://${host}:${port}`, port, previous: [] });
      }
      persist();
      // The shell starts beside the sections, as Kubernetes starts them: it reads its own content while
      // they read theirs (at 100,000 entries it had waited for mf-content's search index, then spent ten
      // seconds of its own: the site's start was the sum), and it serves a section not ready yet as it
      // does one that is down, until it is. It reads the registry again when it changes (a port below).
      startShell();
      await Promise.all(
        sections.map(async ([remote, folder]) => {
          const entry = live.get(remote)!;
          let server: Running;
          for (let attempt = 1; ; attempt++) {
            try {
              ({ server } = await startRelease(remote, folder, entry.port));
              break;
            } catch (error) {
              // Its port taken before it listened (see startCandidate): another, named in the registry,
              // which the shell reads again when it changes.
              if (attempt >= PORT_ATTEMPTS || !portTaken(error)) throw error;
              const port = await portFor(host);
              log(`${remote}: port ${entry.port} was taken before it listened; trying ${port}`);
              Object.assign(entry, { port, url: `http://${host}:${port}` });
              persist();
            }
          }
          servers.set(remote, server);
          if (server.child.pid) entry.pid = server.child.pid;
          record({ at: new Date().toISOString(), remote, action: 'start', release: entry.release });
        }),
      );
      persist();
      if (shellProcess) await ready(shellProcess, 'shell');
      siteStarted = true;
    },

    async close() {
      closing = true;
      clearInterval(watching);
      await Promise.all([...running].map((r) => stopServer(r)));
      await app?.close();
    },
  };
  return api;
}

export type Supervisor = ReturnType<typeof createSupervisor>;
