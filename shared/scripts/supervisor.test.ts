// The supervisor with small stand-in section servers (a few lines of node:http each), released into a
// throw-away store with the real release writer: deploy, rollback, what is refused and why, the store's
// browser builds, the control API, and a live server that dies. The real sections, the shell and a
// browser across a deploy are the deploy journey's (e2e/journeys/deploy.test.ts).
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RemoteName } from '@qf/shared/contracts';
import { RELEASE_QUERIES } from './prometheus-health';
import { writeRelease } from './release';
import { aboutAnotherRemote, createSupervisor, DeployError, freePort, type ReleaseCounts, type SmokeTarget, type Supervisor } from './supervisor';

let work: string;
let supervisor: Supervisor | undefined;
const logs: string[] = [];
beforeEach(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'qf-supervisor-'));
  logs.length = 0;
});
afterEach(async () => {
  await supervisor?.close();
  supervisor = undefined;
  rmSync(work, { recursive: true, force: true });
});

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};
const store = () => path.join(work, 'releases');
const stateDir = () => path.join(store(), '.deploy');

/** A stand-in section server: health, build info, no pages; `behaviour` changes what it does. */
type Behaviour = 'ok' | 'exit' | 'wrong-build' | 'exit-off-the-surge' | 'slow-start' | 'never-ready';
const serverCode = (name: string, behaviour: Behaviour) => `
const http = require('node:http');
const info = require('../build-info.json');
if (${JSON.stringify(behaviour)} === 'exit') { console.error('cannot start: the database is missing'); process.exit(3); }
// Starts on the cluster's surge slot (index 2) and as a trial (past the slots), not on the first two.
if (${JSON.stringify(behaviour)} === 'exit-off-the-surge' && ['0', '1'].includes(process.env.QF_SLOT)) { console.error('cannot start here'); process.exit(3); }
// Listens at once and says it is starting (a search index over a large store) for 1.5 s, or for ever.
const startedAt = Date.now();
const starting = () => (${JSON.stringify(behaviour)} === 'slow-start' && Date.now() - startedAt < 1500) || ${JSON.stringify(behaviour)} === 'never-ready';
const server = http.createServer((req, res) => {
  if (req.url === '/healthz' && starting()) { res.statusCode = 503; return res.end(JSON.stringify({ status: 'starting', name: ${JSON.stringify(name)}, waiting: ['search index'] })); }
  if (req.url === '/healthz') return res.end(JSON.stringify({ status: 'ok', name: ${JSON.stringify(name)} }));
  if (req.url === '/build-info.json') return res.end(JSON.stringify(${JSON.stringify(behaviour)} === 'wrong-build' ? { ...info, buildId: 'other' } : info));
  if (req.url === '/_qf/paths') return res.end('[]');
  res.statusCode = 404; res.end('{}');
});
server.listen(Number(process.env.PORT), process.env.HOST);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

/** Releases a stand-in build of mf-events into the store and returns its folder name. */
function release(buildId: string, options: { behaviour?: Behaviour; react?: string; remote?: RemoteName; patterns?: string[] } = {}): string {
  const remote = options.remote ?? 'mf-events';
  const dir = path.join(work, `ws-${remote}-${buildId}`);
  const dist = path.join(dir, 'dist');
  write(path.join(dir, 'package.json'), JSON.stringify({ name: `@qf/${remote}`, version: '1.0.0' }));
  const browser = `b-${buildId}`;
  write(path.join(dist, 'build-info.json'), JSON.stringify({ name: remote, version: '1.0.0', buildId, builtAt: '2026-11-27T00:00:00.000Z', contractVersion: 1, shared: { react: { version: '19.3.1', requiredVersion: options.react ?? '^19.2.0' } }, builds: { [`${remote}-browser`]: browser, [`${remote}-node`]: `n-${buildId}` } }));
  // The route manifest its build publishes (patterns: mf-events' own unless said; mf-forms has none).
  const patterns = options.patterns ?? (remote === 'mf-events' ? ['/events', '/events/:slug'] : []);
  const routes = JSON.stringify({ contractVersion: 1, remote, routes: patterns.map((pattern, i) => ({ template: `page${i}`, pattern, hydration: 'idle' })), widgets: [] });
  write(path.join(dist, 'browser', 'routes.json'), routes);
  write(path.join(dist, 'browser', `routes.${browser}.json`), routes);
  write(
    path.join(dist, 'build-files.json'),
    JSON.stringify({
      [`${remote}-browser`]: { build: browser, dir: 'browser', files: [`remoteEntry.${buildId.padEnd(10, '0')}.js`, `mf-manifest.${browser}.json`, 'routes.json', `routes.${browser}.json`] },
      [`${remote}-node`]: { build: `n-${buildId}`, dir: 'server', files: ['remoteEntry.js'] },
    }),
  );
  write(path.join(dist, 'browser', `remoteEntry.${buildId.padEnd(10, '0')}.js`), `var entry = ${JSON.stringify(buildId)};`);
  write(path.join(dist, 'browser', `mf-manifest.${browser}.json`), '{}');
  write(path.join(dist, 'server', 'remoteEntry.js'), 'module.exports = {};');
  write(path.join(dist, 'app', 'main.js'), serverCode(remote, options.behaviour ?? 'ok'));
  return path.basename(writeRelease({ remote, workspace: dir, store: store() }).folder);
}

const noProblems = jest.fn(async (_target: SmokeTarget) => [] as string[]);

async function startWith(first: string, options: { smoke?: (t: SmokeTarget) => Promise<string[]>; remote?: 'mf-events' | 'mf-forms'; env?: NodeJS.ProcessEnv; health?: () => Promise<ReleaseCounts[]>; prometheusUrl?: string; readyTimeoutMs?: number; startTimeoutMs?: number; freePort?: (host: string) => Promise<number> } = {}) {
  const remote = options.remote ?? 'mf-events';
  supervisor = createSupervisor({
    store: store(),
    stateDir: stateDir(),
    env: { ...process.env, SHELL_ORIGINS: 'http://site.test', DATABASE_URL: '', ...options.env },
    shellInfo: { name: 'shell', contractVersion: 1, shared: { react: { version: '19.3.1', requiredVersion: '^19.2.0' } } },
    smoke: options.smoke ?? noProblems,
    drainMs: 100,
    readyTimeoutMs: options.readyTimeoutMs ?? 10_000,
    ...(options.startTimeoutMs ? { startTimeoutMs: options.startTimeoutMs } : {}),
    canaryRule: { minRequests: 20, margin: 0.05, everyMs: 50, minReporters: 5 },
    ...(options.health ? { releaseHealth: options.health } : {}),
    ...(options.prometheusUrl ? { prometheusUrl: options.prometheusUrl } : {}),
    log: (line) => logs.push(line),
    ...(options.freePort ? { freePort: options.freePort } : {}),
  });
  await supervisor.start({ [remote]: path.join(store(), remote, first) });
  return supervisor;
}

const registry = () => JSON.parse(readFileSync(path.join(stateDir(), 'registry.json'), 'utf8')) as { remotes: Record<string, { url: string; manifest: string; routes?: string; serverIntegrity?: Record<string, string>; browserIntegrity?: Record<string, string> }> };
const history = () => readFileSync(path.join(stateDir(), 'history.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
const answers = (url: string) => fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) }).then((r) => r.ok, () => false);
const buildOf = async (url: string) => ((await (await fetch(`${url}/build-info.json`)).json()) as { buildId: string }).buildId;

describe('the smoke render’s reading of the shell’s log', () => {
  it('holds against a candidate what the shell says of it, not what it says of another section’s status', () => {
    expect(aboutAnotherRemote('mf-content did not say which build it serves in time (no answer within 1500 ms); still up for this shell (slow look 1 of 2 tolerated)', 'mf-events')).toBe(true);
    expect(aboutAnotherRemote('mf-idkt (canary view) went down for this shell: connect ECONNREFUSED', 'mf-events')).toBe(true);
    expect(aboutAnotherRemote('mf-events went down for this shell: build-info answered 500', 'mf-events')).toBe(false);
    expect(aboutAnotherRemote('Error: a release built to throw on render', 'mf-events')).toBe(false);
  });
});

describe('the supervisor', () => {
  it('serves each section from its release and writes the registry the shell reads: its server, its browser build and route manifest in the store', async () => {
    const a = release('aaa');
    const s = await startWith(a);
    const entry = registry().remotes['mf-events']!;
    expect(entry.manifest).toBe(`${s.url}/releases/mf-events/${a}/dist/browser/mf-manifest.b-aaa.json`);
    // The shell routes by the copy in the store, there even while the section's server is down.
    expect(entry.routes).toBe(`${s.url}/releases/mf-events/${a}/dist/browser/routes.b-aaa.json`);
    await expect(fetch(entry.routes!).then((r) => r.json())).resolves.toMatchObject({ remote: 'mf-events', routes: [{ pattern: '/events' }, { pattern: '/events/:slug' }] });
    await expect(buildOf(entry.url)).resolves.toBe('aaa');
    // The shells run the release's Node container only as its record's digests say (issue 37, item 5).
    expect(entry.serverIntegrity).toEqual({ 'remoteEntry.js': `sha256-${createHash('sha256').update('module.exports = {};').digest('base64')}` });
    // …and the browsers its browser build (the shells check it too).
    expect(entry.browserIntegrity).toEqual({ 'remoteEntry.aaa0000000.js': `sha256-${createHash('sha256').update('var entry = "aaa";').digest('base64')}` });
    expect(history()).toEqual([expect.objectContaining({ remote: 'mf-events', action: 'start', release: 'mf-events@1.0.0+aaa' })]);
    expect(JSON.parse(readFileSync(path.join(stateDir(), 'live.json'), 'utf8')).remotes['mf-events']).toMatchObject({ release: 'mf-events@1.0.0+aaa', url: entry.url, previous: [] });
  });

  it('serves only what is under a complete release’s dist/browser, pinned names for good, with CORS for the shell', async () => {
    const a = release('aaa');
    const s = await startWith(a);
    const file = await fetch(`${s.url}/releases/mf-events/${a}/dist/browser/remoteEntry.aaa0000000.js`, { headers: { origin: 'http://site.test' } });
    expect(file.status).toBe(200);
    await expect(file.text()).resolves.toBe('var entry = "aaa";');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(file.headers.get('access-control-allow-origin')).toBe('http://site.test');
    expect((await fetch(`${s.url}/releases/mf-events/${a}/dist/browser/mf-manifest.b-aaa.json`, { headers: { origin: 'http://evil.test' } })).headers.get('access-control-allow-origin')).toBeNull();
    for (const p of [`mf-events/${a}/release.json`, `mf-events/${a}/dist/build-info.json`, `mf-events/${a}/dist/app/main.js`, `mf-events/${a}/dist/browser/..%2f..%2frelease.json`, `mf-events/${a}/dist/browser/%2e%2e/%2e%2e/release.json`, '.deploy/supervisor.json', `mf-nope/${a}/dist/browser/x.js`]) {
      const res = await fetch(`${s.url}/releases/${p}`);
      expect({ p, refused: [403, 404].includes(res.status) }).toEqual({ p, refused: true });
    }
  });

  it('deploys blue/green: the new server beside the old, the registry switched, the old one stopped, history kept; rollback switches back', async () => {
    const a = release('aaa');
    const b = release('bbb');
    const s = await startWith(a);
    const oldUrl = registry().remotes['mf-events']!.url;
    const result = await s.deploy('mf-events', `mf-events@${b}`);
    expect(result).toMatchObject({ action: 'deploy', release: 'mf-events@1.0.0+bbb', from: 'mf-events@1.0.0+aaa', mode: 'blue-green' });
    expect(result.steps.map((x) => x.step)).toEqual(['verified', 'gated', 'started and healthy', 'smoke render of each template (en, ar)', 'registry switched', 'old server drained and stopped']);
    const entry = registry().remotes['mf-events']!;
    expect(entry.url).not.toBe(oldUrl);
    expect(entry.manifest).toContain(`/releases/mf-events/${b}/dist/browser/mf-manifest.b-bbb.json`);
    await expect(buildOf(entry.url)).resolves.toBe('bbb');
    await expect(answers(oldUrl)).resolves.toBe(false);
    // The smoke render was asked of a registry with the candidate in it, never the live one.
    const target = noProblems.mock.calls.at(-1)![0];
    expect(target).toMatchObject({ remote: 'mf-events', buildId: 'bbb', paths: ['/', '/ar'], owned: false });
    // The old release's browser build is still served (pages rendered with it hydrate with it).
    expect((await fetch(`${s.url}/releases/mf-events/${a}/dist/browser/remoteEntry.aaa0000000.js`)).status).toBe(200);

    const back = await s.rollback('mf-events');
    expect(back).toMatchObject({ action: 'rollback', release: 'mf-events@1.0.0+aaa', from: 'mf-events@1.0.0+bbb' });
    await expect(buildOf(registry().remotes['mf-events']!.url)).resolves.toBe('aaa');
    await expect(s.rollback('mf-events')).rejects.toThrow('mf-events has no earlier release to roll back to');
    expect(history().map((h) => [h.action, h.release, h.from])).toEqual([
      ['start', 'mf-events@1.0.0+aaa', undefined],
      ['deploy', 'mf-events@1.0.0+bbb', 'mf-events@1.0.0+aaa'],
      ['rollback', 'mf-events@1.0.0+aaa', 'mf-events@1.0.0+bbb'],
    ]);
    await expect(s.deploy('mf-events', a)).resolves.toMatchObject({ mode: 'unchanged' });
  });

  it('starts a candidate whose port was taken before it listened on another one, and says so (a metrics listener on port 0 can take it)', async () => {
    const taken = http.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const takenPort = (taken.address() as AddressInfo).port;
    const handOut: number[] = [];
    try {
      const s = await startWith(release('aaa'), { freePort: async (host) => handOut.shift() ?? freePort(host) });
      handOut.push(takenPort);
      await expect(s.deploy('mf-events', `mf-events@${release('bbb')}`)).resolves.toMatchObject({ release: 'mf-events@1.0.0+bbb', mode: 'blue-green' });
      const entry = registry().remotes['mf-events']!;
      expect(new URL(entry.url).port).not.toBe(String(takenPort));
      await expect(buildOf(entry.url)).resolves.toBe('bbb');
      expect(logs).toContain(`mf-events: port ${takenPort} was taken before mf-events@1.0.0+bbb listened; trying another`);
    } finally {
      taken.close();
    }
  });

  it('starts a section whose port was taken before it listened on another one, named in the registry', async () => {
    const taken = http.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const takenPort = (taken.address() as AddressInfo).port;
    const handOut = [takenPort];
    try {
      await startWith(release('aaa'), { freePort: async (host) => handOut.shift() ?? freePort(host) });
      const entry = registry().remotes['mf-events']!;
      expect(new URL(entry.url).port).not.toBe(String(takenPort));
      await expect(buildOf(entry.url)).resolves.toBe('aaa');
      expect(logs.some((line) => line.startsWith(`mf-events: port ${takenPort} was taken before it listened; trying `))).toBe(true);
    } finally {
      taken.close();
    }
  });

  it('waits past the ready timeout for a server that says it is starting (issue 35), and gives up only after the start timeout', async () => {
    // Answers 503 "starting" for 1.5 s, three times the time a server has to answer at all.
    const s = await startWith(release('aaa', { behaviour: 'slow-start' }), { readyTimeoutMs: 500, startTimeoutMs: 10_000 });
    await expect(buildOf(s.live()['mf-events']!.url)).resolves.toBe('aaa');
    await s.close();
    supervisor = undefined;
    await expect(startWith(release('bbb', { behaviour: 'never-ready' }), { readyTimeoutMs: 500, startTimeoutMs: 1500 })).rejects.toThrow('mf-events 1.0.0+bbb was still starting after 1.5 s (waiting for search index)');
  });

  it('answers a command asked while the site starts with 503 and the reason, then runs it once started', async () => {
    const a = release('aaa', { behaviour: 'slow-start' });
    const b = release('bbb');
    const starting = startWith(a, { readyTimeoutMs: 500, startTimeoutMs: 10_000 });
    const file = path.join(stateDir(), 'supervisor.json');
    for (const since = Date.now(); !existsSync(file); await new Promise((r) => setTimeout(r, 20))) if (Date.now() - since > 5000) throw new Error('no supervisor.json');
    const { url, token } = JSON.parse(readFileSync(file, 'utf8')) as { url: string; token: string };
    const deploy = () => fetch(`${url}/_supervisor/deploy`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ remote: 'mf-events', release: b }) });
    const early = await deploy();
    expect([early.status, early.headers.get('retry-after'), await early.json()]).toEqual([503, '5', { error: 'the site is still starting: try again once npm start has printed its address' }]);
    await starting;
    expect((await deploy()).status).toBe(200);
    expect(supervisor!.live()['mf-events']!.release).toBe(`mf-events@${b}`);
  });

  it('switches nothing when the new server does not start, does not serve its build, or fails its smoke render, and says why', async () => {
    const a = release('aaa');
    const dies = release('ccc', { behaviour: 'exit' });
    const lies = release('ddd', { behaviour: 'wrong-build' });
    const good = release('eee');
    const smoke = jest.fn(async (t: SmokeTarget) => (t.buildId === 'eee' ? ['/events answered 503'] : []));
    const s = await startWith(a, { smoke });
    const before = readFileSync(path.join(stateDir(), 'registry.json'), 'utf8');
    await expect(s.deploy('mf-events', dies)).rejects.toThrow(/mf-events 1\.0\.0\+ccc exited \(3\) before answering:\ncannot start: the database is missing/);
    await expect(s.deploy('mf-events', lies)).rejects.toThrow('mf-events 1.0.0+ddd serves build other, not ddd');
    await expect(s.deploy('mf-events', good)).rejects.toThrow('mf-events@1.0.0+eee failed its smoke render, nothing was switched: /events answered 503');
    expect(readFileSync(path.join(stateDir(), 'registry.json'), 'utf8')).toBe(before);
    await expect(buildOf(registry().remotes['mf-events']!.url)).resolves.toBe('aaa');
    expect(history()).toHaveLength(1);
  });

  it('refuses a release that cannot join the live shell, one that was damaged, and one that is not there', async () => {
    const a = release('aaa');
    const old = release('fff', { react: '^18.2.0' });
    const damaged = release('ggg');
    writeFileSync(path.join(store(), 'mf-events', damaged, 'dist', 'browser', 'remoteEntry.ggg0000000.js'), 'tampered');
    const s = await startWith(a);
    await expect(s.deploy('mf-events', old)).rejects.toThrow('mf-events@1.0.0+fff cannot join the live shell: react: shell has 19.3.1, mf-events requires ^18.2.0');
    await expect(s.deploy('mf-events', damaged)).rejects.toThrow('mf-events@1.0.0+ggg: browser/remoteEntry.ggg0000000.js does not match its digest in release.json; the release is damaged, release it again');
    await expect(s.deploy('mf-events', '1.0.0+zzz')).rejects.toThrow(DeployError);
    await expect(s.deploy('mf-events', '../mf-events/1.0.0+aaa')).rejects.toThrow('is not a release name');
  });

  it('refuses to register a release whose routes take another live section’s paths, naming both', async () => {
    const a = release('aaa');
    const thief = release('fff', { remote: 'mf-forms', patterns: ['/events/:id'] });
    const s = await startWith(a);
    await expect(s.deploy('mf-forms', thief)).rejects.toThrow(
      `mf-forms@1.0.0+fff cannot be registered: mf-forms's pattern /events/:id (template "page0") matches the same paths as mf-events's /events/:slug (template "page1")`,
    );
    expect(registry().remotes['mf-forms']).toBeUndefined();
  });

  it('replaces mf-forms on the embedded database (one process per data folder): the old server stops first, and comes back if the new one fails', async () => {
    const a = release('aaa', { remote: 'mf-forms' });
    const b = release('bbb', { remote: 'mf-forms' });
    const dies = release('ccc', { remote: 'mf-forms', behaviour: 'exit' });
    const s = await startWith(a, { remote: 'mf-forms' });
    const first = s.live()['mf-forms']!;
    const result = await s.deploy('mf-forms', b);
    expect(result).toMatchObject({ mode: 'replace', release: 'mf-forms@1.0.0+bbb' });
    expect(result.steps.map((x) => x.step)).toEqual(['verified', 'gated', 'old server stopped (one process at a time)', 'started and healthy', 'smoke render of each template (en, ar)', 'registry switched']);
    await expect(answers(first.url)).resolves.toBe(false);
    const second = s.live()['mf-forms']!;
    await expect(s.deploy('mf-forms', dies)).rejects.toThrow('exited (3) before answering');
    // The release that was live is started again where it was: the registry never changed.
    await expect(buildOf(second.url)).resolves.toBe('bbb');
    expect(registry().remotes['mf-forms']!.url).toBe(second.url);
    expect(logs).toContain('mf-forms: mf-forms@1.0.0+bbb is live again');
  });

  describe('a canary', () => {
    /** The shell's counts as the test sets them: per build, pages and errors (and of those, what browsers reported, by how many clients). */
    let counts: Record<string, [number, number] | [number, number, number, number]> = {};
    const health = async (): Promise<ReleaseCounts[]> =>
      Object.entries(counts).map(([build, [requests, errors, reported, reporters]]) => ({ remote: 'mf-events', build, requests, errors, ...(reported !== undefined ? { reported, reporters } : {}) }));
    beforeEach(() => (counts = { aaa: [100, 1] }));
    const until = async (check: () => boolean, ms = 5000) => {
      const end = Date.now() + ms;
      while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      return check();
    };

    it('runs beside the live release for a share of visitors; a deploy or a second canary waits for it; promote makes it live', async () => {
      const a = release('aaa');
      const b = release('bbb');
      const s = await startWith(a, { health });
      const result = await s.deploy('mf-events', b, 10);
      expect(result).toMatchObject({ action: 'canary', release: 'mf-events@1.0.0+bbb', from: 'mf-events@1.0.0+aaa', percent: 10 });
      const entry = registry().remotes['mf-events']! as unknown as { url: string; canary: { url: string; manifest: string; percent: number; release: string } };
      expect(entry.canary).toMatchObject({ percent: 10, release: 'mf-events@1.0.0+bbb' });
      expect(entry.canary.manifest).toContain(`/releases/mf-events/${b}/dist/browser/mf-manifest.b-bbb.json`);
      await expect(buildOf(entry.url)).resolves.toBe('aaa');
      await expect(buildOf(entry.canary.url)).resolves.toBe('bbb');
      await expect(s.deploy('mf-events', b)).rejects.toThrow('a canary of mf-events (mf-events@1.0.0+bbb) is running: npm run promote -- mf-events, or npm run rollback -- mf-events to stop it');
      await expect(s.deploy('mf-events', b, 20)).rejects.toThrow('a canary of mf-events (mf-events@1.0.0+bbb) is running: one canary at a time');

      const promoted = await s.promote('mf-events');
      expect(promoted).toMatchObject({ action: 'promote', release: 'mf-events@1.0.0+bbb', from: 'mf-events@1.0.0+aaa' });
      const after = registry().remotes['mf-events']! as unknown as { url: string; canary?: unknown };
      expect(after.canary).toBeUndefined();
      expect(after.url).toBe(entry.canary.url);
      await expect(answers(entry.url)).resolves.toBe(false);
      await expect(s.promote('mf-events')).rejects.toThrow('no canary of mf-events is running');
      await expect(s.rollback('mf-events')).resolves.toMatchObject({ action: 'rollback', release: 'mf-events@1.0.0+aaa' });
      expect(history().map((h) => h.action)).toEqual(['start', 'canary', 'promote', 'rollback']);
    });

    it('is rolled back automatically when its error rate is worse than the live one’s by the margin, over enough pages, and the history says why', async () => {
      const a = release('aaa');
      const b = release('bbb');
      const s = await startWith(a, { health });
      await s.deploy('mf-events', b, 50);
      const canaryUrl = (registry().remotes['mf-events'] as unknown as { canary: { url: string } }).canary.url;
      // Worse, but over too few pages: nothing happens.
      counts = { aaa: [200, 1], bbb: [19, 19] };
      await new Promise((r) => setTimeout(r, 300));
      expect(s.live()['mf-events']!.canary).toBeDefined();
      // No worse than live by more than the margin: nothing happens.
      counts = { aaa: [200, 11], bbb: [40, 2] };
      await new Promise((r) => setTimeout(r, 300));
      expect(s.live()['mf-events']!.canary).toBeDefined();
      counts = { aaa: [300, 1], bbb: [40, 10] };
      expect(await until(() => !s.live()['mf-events']!.canary)).toBe(true);
      expect(registry().remotes['mf-events']).not.toHaveProperty('canary');
      expect(history().at(-1)).toEqual(
        expect.objectContaining({
          action: 'canary-rollback',
          release: 'mf-events@1.0.0+aaa',
          from: 'mf-events@1.0.0+bbb',
          // Counted since the canary started: live had 100 pages and 1 error then.
          reason: 'automatic: error rate 25 % (10 errors, 40 pages) against 0 % for mf-events@1.0.0+aaa (0 errors, 200 pages): more than 5 % worse',
        }),
      );
      expect(await until(() => logs.some((l) => l.includes('canary mf-events@1.0.0+bbb rolled back')))).toBe(true);
      // The canary's server is stopped once drained (100 ms here).
      await new Promise((r) => setTimeout(r, 300));
      await expect(answers(canaryUrl)).resolves.toBe(false);
    });

    it('counts the failures browsers report only once several clients reported them (issue 37, L1: one client rolled any canary back with 20 pages and 20 beacons)', async () => {
      const s = await startWith(release('aaa'), { health });
      await s.deploy('mf-events', release('bbb'), 50);
      // 20 pages of the canary and 20 failures reported, all by one client, then by four: not a verdict.
      for (const reporters of [1, 4]) {
        counts = { aaa: [200, 1, 0, 0], bbb: [20, 20, 20, reporters] };
        await new Promise((r) => setTimeout(r, 300));
        expect([reporters, s.live()['mf-events']!.canary]).toEqual([reporters, expect.anything()]);
      }
      // Five clients report them: they count.
      counts = { aaa: [200, 1, 0, 0], bbb: [20, 20, 20, 5] };
      expect(await until(() => !s.live()['mf-events']!.canary)).toBe(true);
      expect(history().at(-1)).toMatchObject({ action: 'canary-rollback', reason: expect.stringContaining('automatic: error rate 100 % (20 errors, 20 pages)') });
    });

    it('counts what the shell saw itself whoever asked: a canary answering 5xx to one client is rolled back', async () => {
      const s = await startWith(release('aaa'), { health });
      await s.deploy('mf-events', release('bbb'), 50);
      counts = { aaa: [200, 1, 0, 0], bbb: [20, 10, 0, 0] };
      expect(await until(() => !s.live()['mf-events']!.canary)).toBe(true);
      expect(history().at(-1)).toMatchObject({ action: 'canary-rollback', reason: expect.stringContaining('automatic: error rate 50 % (10 errors, 20 pages)') });
    });

    it('is judged by what every shell saw when a Prometheus is given (PROMETHEUS_URL), summed over the shells', async () => {
      // Two shells' series, as Prometheus holds them: the canary's errors are all on the second shell.
      const shells: Record<string, { requests: number; serverErrors: number }>[] = [{ aaa: { requests: 100, serverErrors: 0 } }, { aaa: { requests: 100, serverErrors: 1 } }];
      const prometheus = http.createServer((req, res) => {
        const query = new URL(req.url ?? '/', 'http://x').searchParams.get('query') ?? '';
        const kind = query === RELEASE_QUERIES.requests ? 'requests' : query === RELEASE_QUERIES.serverErrors ? 'serverErrors' : undefined;
        const builds = [...new Set(shells.flatMap((sh) => Object.keys(sh)))];
        const result = kind ? builds.map((b) => ({ metric: { qf_section: 'mf-events', qf_release: b }, value: [0, String(shells.reduce((sum, sh) => sum + (sh[b]?.[kind] ?? 0), 0))] })) : [];
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'success', data: { resultType: 'vector', result } }));
      });
      await new Promise<void>((resolve) => prometheus.listen(0, '127.0.0.1', resolve));
      try {
        const a = release('aaa');
        const b = release('bbb');
        const s = await startWith(a, { prometheusUrl: `http://127.0.0.1:${(prometheus.address() as AddressInfo).port}` });
        await s.deploy('mf-events', b, 50);
        // One shell alone saw 20 good pages of the canary: no reason to act.
        shells[0]!.bbb = { requests: 20, serverErrors: 0 };
        await new Promise((r) => setTimeout(r, 300));
        expect(s.live()['mf-events']!.canary).toBeDefined();
        // The other shell saw 20 pages of it, 12 of them errors: 30 % over both, against 0.5 % for live.
        shells[1]!.bbb = { requests: 20, serverErrors: 12 };
        expect(await until(() => !s.live()['mf-events']!.canary)).toBe(true);
        expect(history().at(-1)).toMatchObject({ action: 'canary-rollback', reason: expect.stringContaining('automatic: error rate 30 % (12 errors, 40 pages)') });
      } finally {
        prometheus.closeAllConnections();
        await new Promise((resolve) => prometheus.close(resolve));
      }
    });

    it('is stopped by hand with npm run rollback; refused for mf-forms on the embedded database', async () => {
      const a = release('aaa');
      const b = release('bbb');
      const s = await startWith(a, { health });
      await s.deploy('mf-events', b, 10);
      await expect(s.rollback('mf-events')).resolves.toMatchObject({ action: 'canary-rollback', release: 'mf-events@1.0.0+aaa', from: 'mf-events@1.0.0+bbb' });
      expect(history().at(-1)).toMatchObject({ action: 'canary-rollback', reason: 'by hand (npm run rollback)' });
      await s.close();
      supervisor = undefined;
      const fa = release('aaa', { remote: 'mf-forms' });
      const fb = release('bbb', { remote: 'mf-forms' });
      const f = await startWith(fa, { remote: 'mf-forms' });
      await expect(f.deploy('mf-forms', fb, 10)).rejects.toThrow('mf-forms on the embedded database runs one process at a time: a canary of it needs DATABASE_URL (PostgreSQL)');
    });
  });

  it('answers its control API only with its token (deploy, rollback, state)', async () => {
    const a = release('aaa');
    const b = release('bbb');
    const s = await startWith(a);
    const { token, url } = JSON.parse(readFileSync(path.join(stateDir(), 'supervisor.json'), 'utf8')) as { token: string; url: string };
    expect(url).toBe(s.url);
    const post = (action: string, body: object, auth = `Bearer ${token}`) => fetch(`${url}/_supervisor/${action}`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('deploy', { remote: 'mf-events', release: b }, 'Bearer nope')).status).toBe(401);
    expect((await fetch(`${url}/_supervisor/state`)).status).toBe(401);
    // Its own words only: no Fastify code, no echo of the address, no CORS on the control API (issue 37, L5).
    const origin = { origin: 'http://site.test' };
    const unknown = await fetch(`${url}/x?<b>`, { headers: origin });
    expect([unknown.status, await unknown.text(), unknown.headers.get('access-control-allow-origin')]).toEqual([404, '{"error":"not found"}', null]);
    const badUrl = await fetch(`${url}/releases/%E0%A4%A`);
    expect([badUrl.status, await badUrl.text()]).toEqual([400, '{"error":"bad request"}']);
    expect((await fetch(`${url}/_supervisor/state`, { headers: origin })).headers.get('access-control-allow-origin')).toBeNull();
    const badJson = await fetch(`${url}/_supervisor/deploy`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{' });
    expect([badJson.status, await badJson.text()]).toEqual([400, '{"error":"bad request"}']);
    expect((await post('deploy', { remote: 'mf-events' })).status).toBe(400);
    expect((await post('deploy', { remote: 'shell', release: b })).status).toBe(400);
    const refused = await post('rollback', { remote: 'mf-events' });
    expect(refused.status).toBe(409);
    await expect(refused.json()).resolves.toEqual({ error: 'mf-events has no earlier release to roll back to' });
    const done = await post('deploy', { remote: 'mf-events', release: b });
    expect(done.status).toBe(200);
    await expect(done.json()).resolves.toMatchObject({ release: 'mf-events@1.0.0+bbb', mode: 'blue-green' });
    const state = await fetch(`${url}/_supervisor/state`, { headers: { authorization: `Bearer ${token}` } });
    await expect(state.json()).resolves.toMatchObject({ remotes: { 'mf-events': { release: 'mf-events@1.0.0+bbb' } } });
  });

  it('deploys the first release of a section the shell was built without: checked like any, then an entry of its own beside the others', async () => {
    const s = await startWith(release('aaa'));
    const { token, url } = JSON.parse(readFileSync(path.join(stateDir(), 'supervisor.json'), 'utf8')) as { token: string; url: string };
    const post = (body: object) => fetch(`${url}/_supervisor/deploy`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // A malformed name is refused before anything is looked up (it would be a folder of the store).
    for (const remote of ['MF-X', 'mf-', '../mf-events', 'mf-a/b']) expect([remote, (await post({ remote, release: 'x' })).status]).toEqual([remote, 400]);
    // A new section whose patterns take another's paths is refused, naming both; nothing is registered.
    const thief = release('ttt', { remote: 'mf-sample', patterns: ['/events/:id'] });
    await expect(s.deploy('mf-sample', thief)).rejects.toThrow("cannot be registered: mf-sample's pattern /events/:id");
    expect(Object.keys(registry().remotes)).toEqual(['mf-events']);
    const sample = release('sss', { remote: 'mf-sample', patterns: ['/sample', '/sample/:slug'] });
    const done = await post({ remote: 'mf-sample', release: sample });
    expect(done.status).toBe(200);
    await expect(done.json()).resolves.toMatchObject({ remote: 'mf-sample', action: 'deploy', release: 'mf-sample@1.0.0+sss', mode: 'blue-green' });
    expect(Object.keys(registry().remotes)).toEqual(['mf-events', 'mf-sample']);
    const entry = registry().remotes['mf-sample']!;
    await expect(buildOf(entry.url)).resolves.toBe('sss');
    // Its browser build and route manifest are served from the store like every section's.
    await expect(fetch(entry.routes!).then((r) => r.json())).resolves.toMatchObject({ remote: 'mf-sample', routes: [{ pattern: '/sample' }, { pattern: '/sample/:slug' }] });
    expect((await fetch(`${s.url}/releases/mf-sample/${sample}/dist/browser/remoteEntry.sss0000000.js`)).status).toBe(200);
    expect(history().at(-1)).toMatchObject({ remote: 'mf-sample', action: 'deploy', release: 'mf-sample@1.0.0+sss' });
    expect(history().at(-1)!.from).toBeUndefined();
  });

  it('starts a live server that died again, with the same release on the same port', async () => {
    const s = await startWith(release('aaa'));
    const { url, pid } = s.live()['mf-events']!;
    process.kill(pid!, 'SIGKILL');
    const until = Date.now() + 10_000;
    while (Date.now() < until && !(s.live()['mf-events']!.pid !== pid && (await answers(url)))) await new Promise((r) => setTimeout(r, 100));
    await expect(buildOf(url)).resolves.toBe('aaa');
    expect(history().at(-1)).toMatchObject({ action: 'restart', release: 'mf-events@1.0.0+aaa', reason: 'its server exited' });
  });
});

describe('the supervisor on a cluster (issue 33: rolling updates)', () => {
  const proxy = 'http://proxy.test:8080';
  const cdn = () => path.join(work, 'cdn');
  let slots: number[] = [];

  async function startCluster(first: string): Promise<Supervisor> {
    slots = await Promise.all([0, 1, 2].map(() => freePort()));
    supervisor = createSupervisor({
      store: store(),
      stateDir: stateDir(),
      env: { ...process.env, SHELL_ORIGINS: 'http://site.test', DATABASE_URL: '' },
      shellInfo: { name: 'shell', contractVersion: 1, shared: { react: { version: '19.3.1', requiredVersion: '^19.2.0' } } },
      smoke: noProblems,
      drainMs: 50,
      readyTimeoutMs: 10_000,
      cluster: { instances: 2, slots: { 'mf-events': slots }, urlOf: () => proxy, cdn: { dir: cdn(), url: 'http://site.test/cdn' }, instanceEnv: (_remote, index) => ({ QF_SLOT: String(index) }), minReadyMs: 0 },
      log: (line) => logs.push(line),
    });
    await supervisor.start({ 'mf-events': path.join(store(), 'mf-events', first) });
    return supervisor;
  }
  const ports = () => supervisor!.live()['mf-events']!.instances!.map((i) => i.port).sort();
  const builds = async () => Promise.all(ports().map((p) => buildOf(`http://127.0.0.1:${p}`)));
  const pinned = (release: string, build: string) => ({
    url: proxy,
    manifest: `http://site.test/cdn/mf-events/${release}/browser/mf-manifest.b-${build}.json`,
    serverEntry: `http://site.test/cdn/mf-events/${release}/server/remoteEntry.js`,
    routes: `http://site.test/cdn/mf-events/${release}/browser/routes.b-${build}.json`,
    buildInfo: `http://site.test/cdn/mf-events/${release}/build-info.json`,
    serverIntegrity: { 'remoteEntry.js': `sha256-${createHash('sha256').update('module.exports = {};').digest('base64')}` },
    browserIntegrity: { [`remoteEntry.${build.padEnd(10, '0')}.js`]: `sha256-${createHash('sha256').update(`var entry = "${build}";`).digest('base64')}` },
  });

  it('runs a section’s instances on its slots, pins its release in the browser-build store, and rolls a deploy and a rollback one instance at a time', async () => {
    const a = release('aaa');
    const b = release('bbb');
    const s = await startCluster(a);
    expect(ports()).toEqual(slots.slice(0, 2).sort());
    await expect(builds()).resolves.toEqual(['aaa', 'aaa']);
    expect(registry().remotes['mf-events']).toEqual(pinned(a, 'aaa'));
    expect(readFileSync(path.join(cdn(), 'mf-events', a, 'server', 'remoteEntry.js'), 'utf8')).toBe('module.exports = {};');

    const deployed = await s.deploy('mf-events', b);
    expect(deployed).toMatchObject({ action: 'deploy', mode: 'rolling', release: 'mf-events@1.0.0+bbb', from: 'mf-events@1.0.0+aaa' });
    expect(deployed.steps.map((x) => x.step.replace(/:\d+$/, ':port'))).toEqual([
      'verified',
      'gated',
      'published to the browser-build store',
      'trial instance started and healthy',
      'smoke render of each template (en, ar)',
      'instance 1 of 2: ready on :port',
      'instance 1 of 2: the old one drained and stopped',
      'instance 2 of 2: ready on :port',
      'instance 2 of 2: the old one drained and stopped',
      'registry: the pin moved',
    ]);
    // The first new instance took the surge slot; the second, the slot the first old one left. One slot is free again.
    expect(ports()).toContain(slots[2]);
    await expect(builds()).resolves.toEqual(['bbb', 'bbb']);
    const free = slots.find((p) => !ports().includes(p))!;
    await expect(answers(`http://127.0.0.1:${free}`)).resolves.toBe(false);
    expect(registry().remotes['mf-events']).toEqual(pinned(b, 'bbb'));
    // The trial instance was smoke-rendered before any instance joined the proxy.
    expect(noProblems).toHaveBeenLastCalledWith(expect.objectContaining({ remote: 'mf-events', buildId: 'bbb' }));

    await expect(s.rollback('mf-events')).resolves.toMatchObject({ action: 'rollback', mode: 'rolling', release: 'mf-events@1.0.0+aaa' });
    await expect(builds()).resolves.toEqual(['aaa', 'aaa']);
    expect(registry().remotes['mf-events']).toEqual(pinned(a, 'aaa'));
    expect(history().map((h) => h.action)).toEqual(['start', 'deploy', 'rollback']);
  });

  it('runs a canary as one instance beside the slots, pinned in the store; promote rolls every instance to it, then the pin moves', async () => {
    const a = release('aaa');
    const b = release('bbb');
    const s = await startCluster(a);
    await expect(s.deploy('mf-events', b, 20)).resolves.toMatchObject({ action: 'canary', release: 'mf-events@1.0.0+bbb', percent: 20 });
    const canary = registry().remotes['mf-events'] as unknown as { canary: { url: string; percent: number; buildInfo: string } };
    expect(canary.canary).toMatchObject({ percent: 20, buildInfo: pinned(b, 'bbb').buildInfo });
    // Not on a slot: nginx never sends it the live cohort's requests.
    expect(slots.map((p) => `http://127.0.0.1:${p}`)).not.toContain(canary.canary.url);
    await expect(buildOf(canary.canary.url)).resolves.toBe('bbb');
    await expect(builds()).resolves.toEqual(['aaa', 'aaa']);

    const promoted = await s.promote('mf-events');
    expect(promoted).toMatchObject({ action: 'promote', mode: 'rolling', release: 'mf-events@1.0.0+bbb', from: 'mf-events@1.0.0+aaa' });
    await expect(builds()).resolves.toEqual(['bbb', 'bbb']);
    expect(registry().remotes['mf-events']).toEqual(pinned(b, 'bbb'));
    await expect(answers(canary.canary.url)).resolves.toBe(false);
    expect(history().map((h) => h.action)).toEqual(['start', 'canary', 'promote']);
    // What it replaced can be rolled back to, the same way.
    await expect(s.rollback('mf-events')).resolves.toMatchObject({ mode: 'rolling', release: 'mf-events@1.0.0+aaa' });
  });

  it('puts the instances it replaced back when a new one cannot start, and moves no pin', async () => {
    const a = release('aaa');
    const c = release('ccc', { behaviour: 'exit-off-the-surge' });
    const s = await startCluster(a);
    await expect(s.deploy('mf-events', c)).rejects.toThrow(new RegExp(`exited \\(3\\) before answering:\\ncannot start here\\n \\(instance 2 of 2\\); every instance serves mf-events@1\\.0\\.0\\+aaa again$`));
    await expect(builds()).resolves.toEqual(['aaa', 'aaa']);
    expect(registry().remotes['mf-events']).toEqual(pinned(a, 'aaa'));
    expect(s.live()['mf-events']!.release).toBe('mf-events@1.0.0+aaa');
    expect(history().map((h) => h.action)).toEqual(['start']);
  });

  it('starts an instance that died again on its slot; the others keep serving', async () => {
    const s = await startCluster(release('aaa'));
    const before = s.live()['mf-events']!.instances!;
    process.kill(before[0]!.pid!, 'SIGKILL');
    const until = Date.now() + 10_000;
    const restarted = () => history().some((h) => h.action === 'restart');
    while (Date.now() < until && !(restarted() && (await answers(`http://127.0.0.1:${before[0]!.port}`)))) await new Promise((r) => setTimeout(r, 100));
    expect(ports()).toEqual(before.map((i) => i.port).sort());
    await expect(builds()).resolves.toEqual(['aaa', 'aaa']);
    expect(history().at(-1)).toMatchObject({ action: 'restart', release: 'mf-events@1.0.0+aaa', reason: `its instance on :${before[0]!.port} exited` });
  });
});
