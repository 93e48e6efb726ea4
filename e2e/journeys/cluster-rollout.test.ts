import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Browser, Page } from 'playwright-core';
import { acrossSwitch, buildVariant, launchBrowser, npmIn, recordProblems, releaseVariant, root, type Ran } from '../site';

/**
 * Issue 33, items 1-3, on the production topology in small (`npm run cluster`: nginx in front, two of
 * every server, Prometheus): a section released as its pipeline does it (published to the browser-build
 * store, rolled out instance by instance) while visitors read it and load runs through nginx, rolled
 * back the same way, and a canary judged by what both shells counted, rolled back automatically.
 */
jest.setTimeout(600_000);

const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd} || ls /usr/lib/postgresql/*/bin/${cmd} /usr/sbin/${cmd}`], { encoding: 'utf8' }).status === 0;
const runnable = process.getuid?.() === 0 || (has('initdb') && has('nginx') && has('prometheus'));

const UPCOMING = { a: 'Upcoming events', b: 'Upcoming events, next release' };

interface Report {
  url: string;
  prometheusUrl: string | null;
  remotePorts: Record<string, number>;
  servers: { name: string; instance: number; port: number; pid: number }[];
}

let work = '';
let store = '';
let cluster: ChildProcess | undefined;
let output = '';
let report: Report;
let browser: Browser | undefined;
let releaseA = '';
let releaseB = '';
let throwsInBrowser = '';

/** One of the project's npm scripts, as ops run it, against this journey's store. */
const npm = (args: string[], env: Record<string, string> = {}): Promise<Ran> => npmIn(store, args, env);

/** Releases a build made elsewhere (a variant folder) into this journey's store; returns its folder name. */
const releaseFrom = (folder: string): Promise<string> => releaseVariant(store, folder);

/** The cluster supervisor's state folder (npm run deploy -- --cluster finds it the same way). */
const stateDir = () => (JSON.parse(readFileSync(path.join(store, '.deploy', 'cluster.json'), 'utf8')) as { stateDir: string }).stateDir;
const live = () => (JSON.parse(readFileSync(path.join(stateDir(), 'live.json'), 'utf8')) as { remotes: Record<string, { release: string; instances: { port: number }[] }> }).remotes['mf-events']!;
const history = () => readFileSync(path.join(stateDir(), 'history.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { remote: string; action: string; release: string; from?: string; reason?: string });
const escape = (s: string) => s.replace(/[.+]/g, '\\$&');
/** The cluster's last lines of warnings and errors (and the supervisor's), for a failure's message. */
const said = () => output.split('\n').slice(-40).join('\n');

/** Which release of mf-events a URL of the browser-build store belongs to. */
const releaseOf = (url: string) => /\/cdn\/mf-events\/([^/]+)\/browser\//.exec(url)?.[1];
const releasesIn = (html: string): string[] => [...new Set([...html.matchAll(/\/cdn\/mf-events\/([^/]+)\/browser\//g)].map((m) => m[1] ?? ''))];

/**
 * Load through nginx while `during` runs: `connections` visitors asking pages of every section (mf-events'
 * among them), in both languages. Returns what autocannon counted: requests, errors (no answer), 5xx, non-2xx.
 */
async function underLoad<T>(connections: number, during: () => Promise<T>): Promise<{ value: T; requests: number; errors: number; fivexx: number; non2xx: number; why: string[] }> {
  const paths = ['/events', '/ar/events', '/', '/ar', '/media-center', '/idkt', '/stories'];
  const load = autocannon({ url: report.url, connections, duration: 3600, requests: paths.map((p) => ({ method: 'GET', path: p })) });
  // What a failed request met (a reset, a timeout), to say why when one fails.
  const why: string[] = [];
  load.on('reqError', (error: Error & { code?: string }) => why.push(`${new Date().toISOString()} ${error.code ?? ''} ${error.message}`));
  let value: T;
  try {
    value = await during();
  } finally {
    load.stop();
  }
  const result = await load;
  return { value, requests: result.requests.total, errors: result.errors, fivexx: result['5xx'], non2xx: result.non2xx, why };
}

/** A page of mf-events at `sitePath` across `command` (a rolling update) under load: its code from the store held until it is done. */
async function acrossRollout(page: Page, sitePath: string, command: () => Promise<Ran>) {
  const { value: load, loaded, failed, loads } = await acrossSwitch(page, report.url + sitePath, /\/cdn\/mf-events\//, releaseOf, () => underLoad(10, command));
  return { load, loaded, failed, loads };
}

async function prometheus(query: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]> {
  const res = await fetch(`${report.prometheusUrl}/api/v1/query?query=${encodeURIComponent(query)}`);
  return ((await res.json()) as { data: { result: { metric: Record<string, string>; value: [number, string] }[] } }).data.result;
}

(runnable ? describe : describe.skip)(`rolling releases on the cluster (${runnable ? 'nginx, PostgreSQL, Prometheus, two of every server' : 'skipped: nginx, PostgreSQL or Prometheus is not installed and we are not root to install them'})`, () => {
  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'qf-rollout-'));
    store = path.join(work, 'releases');
    // The variants first, while nothing else runs (two cores): B, and a release that throws in the browser.
    releaseB = await releaseFrom(await buildVariant('mf-events', 'src/translations.ts', `upcoming: '${UPCOMING.a}',`, `upcoming: '${UPCOMING.b}',`));
    throwsInBrowser = await releaseFrom(
      await buildVariant(
        'mf-events',
        'src/views/EventsList.tsx',
        'export function EventsList({ data }: ViewComponentProps<EventsListData>): ReactElement {',
        "export function EventsList({ data }: ViewComponentProps<EventsListData>): ReactElement {\n  if (typeof window !== 'undefined') throw new Error('a release built to throw on render in the browser');",
      ),
    );
    const reportFile = path.join(work, 'report.json');
    cluster = spawn(process.execPath, [path.join(root, 'scripts', 'cluster.mjs')], {
      cwd: root,
      // Its warnings and errors kept (the last 30 KB), to say what happened when a figure is off.
      // Every browser of the journey is 127.0.0.1 to the shells (nginx gives them the address it saw, never
      // a client's X-Forwarded-For): one client's reports are enough here (the rule is tested in deploy.test.ts).
      env: { ...process.env, CLUSTER_PORT: '0', CLUSTER_REPORT: reportFile, CLUSTER_QUIET: '0', LOG_LEVEL: 'warn', RELEASES_DIR: store, CANARY_MIN_REPORTERS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cluster.stdout!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-30_000)));
    cluster.stderr!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-30_000)));
    const until = Date.now() + 240_000;
    while (!existsSync(reportFile)) {
      if (cluster.exitCode !== null) throw new Error(`npm run cluster exited (${cluster.exitCode}):\n${output.slice(-4000)}`);
      if (Date.now() > until) throw new Error(`the cluster did not start within 240 s:\n${output.slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
    releaseA = live().release.replace('mf-events@', '');
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    if (cluster && cluster.exitCode === null) {
      const exited = new Promise((r) => cluster!.once('exit', r));
      cluster.kill('SIGTERM');
      await exited;
    }
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('serves every section’s code from the browser-build store, pinned by the registry: no page asks a section’s instance for code', async () => {
    const page = await fetch(`${report.url}/events`);
    const html = await page.text();
    expect(releasesIn(html)).toEqual([releaseA]);
    // Nor may it: the pages' policy names no section's server (issue 37, L6).
    const csp = page.headers.get('content-security-policy') ?? '';
    for (const port of Object.values(report.remotePorts)) expect([port, csp.includes(`:${port}`), html.includes(`:${port}/`)]).toEqual([port, false, false]);
    const registry = JSON.parse(readFileSync(path.join(stateDir(), 'registry.json'), 'utf8')) as { remotes: Record<string, { url: string; manifest: string; serverEntry: string; buildInfo: string }> };
    for (const [remote, entry] of Object.entries(registry.remotes)) {
      expect([remote, entry.manifest.startsWith(`${report.url}/cdn/${remote}/`), entry.serverEntry.startsWith(`${report.url}/cdn/${remote}/`), entry.buildInfo.startsWith(`${report.url}/cdn/${remote}/`)]).toEqual([remote, true, true, true]);
      const info = await fetch(entry.buildInfo);
      expect([remote, info.status, info.headers.get('cache-control')]).toEqual([remote, 200, 'public, max-age=31536000, immutable']);
    }
    expect(live().instances).toHaveLength(2);
  });

  it('deploy: a rolling update under load fails no request; a page rendered by A hydrates with A after, its next page is B’s (English)', async () => {
    const page = await browser!.newPage();
    const problems = recordProblems(page, { requests: false });
    const before = live().instances.map((i) => i.port);
    const { load, loaded, failed, loads } = await acrossRollout(page, '/events', () => npm(['deploy', '--', 'mf-events', releaseB, '--cluster']));
    const ran = load.value;
    console.log(`rolling deploy: ${ran.stdout.split('\n')[0]}; under load: ${load.requests} requests, ${load.errors} errors, ${load.fivexx} 5xx, ${load.non2xx} non-2xx${load.why.length ? ` (${load.why.join('; ')}; the cluster said: ${said()})` : ''}`);
    expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: '' });
    expect(ran.stdout).toMatch(new RegExp(`^deployed mf-events@${escape(releaseB)} \\(was mf-events@${escape(releaseA)}\\): live in [\\d.]+ s, done in [\\d.]+ s \\(rolling\\)`));
    // One at a time: a new instance ready before an old one drained, twice.
    expect(ran.stdout).toMatch(/instance 1 of 2: ready on :\d+[\s\S]*instance 1 of 2: the old one drained and stopped[\s\S]*instance 2 of 2: ready on :\d+[\s\S]*instance 2 of 2: the old one drained and stopped/);
    expect({ requests: load.requests > 50, errors: load.errors, fivexx: load.fivexx, non2xx: load.non2xx }).toEqual({ requests: true, errors: 0, fivexx: 0, non2xx: 0 });
    expect([...new Set(loaded.filter((l) => l.at === 'before').map((l) => l.release))]).toEqual([releaseA]);
    expect([...new Set(loaded.filter((l) => l.at === 'after').map((l) => l.release))]).toEqual([releaseB]);
    // The composition changed under the page: its next navigation was one full load, into B.
    expect(loads).toBe(1);
    expect({ failed, problems }).toEqual({ failed: [], problems: [] });
    expect(live().release).toBe(`mf-events@${releaseB}`);
    expect(live().instances.map((i) => i.port)).not.toEqual(before);
    expect(await (await fetch(`${report.url}/events`)).text()).toContain(UPCOMING.b);
    await page.close();
  });

  it('rollback: the same rolling update back to A, under load; a page rendered by B hydrates with B (Arabic)', async () => {
    const page = await browser!.newPage();
    const problems = recordProblems(page, { requests: false });
    const { load, loaded, failed, loads } = await acrossRollout(page, '/ar/events', () => npm(['rollback', '--', 'mf-events', '--cluster']));
    const ran = load.value;
    console.log(`rolling rollback: ${ran.stdout.split('\n')[0]}; under load: ${load.requests} requests, ${load.errors} errors, ${load.fivexx} 5xx, ${load.non2xx} non-2xx${load.why.length ? ` (${load.why.join('; ')}; the cluster said: ${said()})` : ''}`);
    expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: '' });
    expect(ran.stdout).toMatch(new RegExp(`^rolled back mf-events@${escape(releaseA)} \\(was mf-events@${escape(releaseB)}\\).*\\(rolling\\)`));
    expect({ requests: load.requests > 50, errors: load.errors, fivexx: load.fivexx, non2xx: load.non2xx }).toEqual({ requests: true, errors: 0, fivexx: 0, non2xx: 0 });
    expect([...new Set(loaded.filter((l) => l.at === 'before').map((l) => l.release))]).toEqual([releaseB]);
    expect([...new Set(loaded.filter((l) => l.at === 'after').map((l) => l.release))]).toEqual([releaseA]);
    expect(loads).toBe(1);
    expect({ failed, problems }).toEqual({ failed: [], problems: [] });
    expect(live().release).toBe(`mf-events@${releaseA}`);
    await page.close();
  });

  it('canary across both shells: a release that throws in the browser is rolled back automatically from what both shells counted', async () => {
    // What this run did (a retry runs after a first run that already rolled a canary back).
    const before = history().length;
    const since = () => history().slice(before);
    const ran = await npm(['deploy', '--', 'mf-events', throwsInBrowser, '--canary', '50', '--cluster']);
    console.log(`cluster canary: ${ran.stdout.split('\n')[0]}`);
    expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: '' });
    const pageFor = async (cohort: number) => (await fetch(`${report.url}/events`, { headers: { cookie: `qf_cohort=${cohort}` } })).text();
    // Whichever shell answers (nginx alternates them), a cohort gets the same release.
    const seen = { canary: new Set<string>(), live: new Set<string>() };
    for (let i = 0; i < 6; i++) {
      for (const r of releasesIn(await pageFor(10))) seen.canary.add(r);
      for (const r of releasesIn(await pageFor(90))) seen.live.add(r);
    }
    expect({ canary: [...seen.canary], live: [...seen.live] }).toEqual({ canary: [throwsInBrowser], live: [releaseA] });
    // Visitors of the canary's cohort: its view throws in their browsers, which tell the shell that answered them.
    for (let i = 0; i < 6; i++) {
      const context = await browser!.newContext();
      await context.addCookies([{ name: 'qf_cohort', value: '10', url: report.url }]);
      const page = await context.newPage();
      await page.goto(`${report.url}/events`);
      await page.locator('main h1').hover();
      await page.getByRole('alert').filter({ hasText: 'This part of the page could not be displayed.' }).waitFor();
      await context.close();
    }
    for (let i = 0; i < 20; i++) await Promise.all([pageFor(10), pageFor(90)]);
    const until = Date.now() + 60_000;
    while (Date.now() < until && !since().some((h) => h.action === 'canary-rollback')) await new Promise((r) => setTimeout(r, 250));
    const last = since().at(-1)!;
    console.log(`cluster canary: ${last.reason}`);
    expect(last).toMatchObject({ action: 'canary-rollback', release: `mf-events@${releaseA}`, from: `mf-events@${throwsInBrowser}` });
    expect(last.reason ?? '').toMatch(new RegExp(`^automatic: error rate [\\d.]+ % \\(\\d+ errors, \\d+ pages\\) against 0 % for mf-events@${escape(releaseA)} \\(0 errors, \\d+ pages\\): more than 5 % worse$`));
    // Both shells served the canary's cohort, and Prometheus saw both: the verdict was on every shell's counts.
    const build = throwsInBrowser.split('+')[1] ?? '';
    const perShell = await prometheus(`sum by (instance) (http_server_request_duration_seconds_count{job="shell",qf_section="mf-events",qf_release="${build}"})`);
    expect(perShell.filter((s) => Number(s.value[1]) > 0)).toHaveLength(2);
    // The shells read the registry within a second (two looks of 500 ms); a loaded machine is given 15 s.
    // Until then one shell may have read it and the other not: done when eight pages in a row (nginx
    // alternates the shells, so four of each) are A's. One right page was not enough: the next went to
    // the other shell, a look behind.
    const back = Date.now() + 15_000;
    const inARow: string[][] = [];
    while (Date.now() < back && !(inARow.length === 8 && inARow.every((r) => r.join() === releaseA))) {
      inARow.push(releasesIn(await pageFor(10)));
      if (inARow.length > 8) inARow.shift();
      await new Promise((r) => setTimeout(r, 50));
    }
    const wrong = inARow.filter((r) => r.join() !== releaseA);
    if (wrong.length) console.log(`cluster canary: the cohort still gets ${wrong.map((r) => r.join(', ')).join('; ')}; registry: ${readFileSync(path.join(stateDir(), 'registry.json'), 'utf8')}\nthe cluster said: ${said()}`);
    expect(inARow).toEqual(Array.from({ length: 8 }, () => [releaseA]));
  });
});
