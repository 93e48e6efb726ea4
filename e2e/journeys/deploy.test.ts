import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { acrossSwitch, buildVariant, followEventLink, freePort, launchBrowser, npmIn, recordProblems, releaseVariant, root, stopNpmStart, waitForNpmStart, type Ran } from '../site';

jest.setTimeout(300_000);

// Issue 12: a section deployed and rolled back on the running site, as ops do it (npm start, npm run
// release / deploy / rollback), with a browser holding a page rendered by the release being replaced.
// Release A is the workspace's build of mf-events (npm start releases it); B is the same section with
// one visible change, built as its team would (buildVariant) and released from there; two more are
// built to fail: one throws when the server renders it, one when a browser does.

const UPCOMING = { a: 'Upcoming events', b: 'Upcoming events, next release' };

let work = '';
let store = '';
let shellUrl = '';
let site: ChildProcess | undefined;
let output = '';
let browser: Browser | undefined;
let releaseA = '';
let releaseB = '';
let broken = '';
let throwsInBrowser = '';

/** One of the project's npm scripts, as ops run it, against this journey's store. */
const npm = (args: string[], env: Record<string, string> = {}): Promise<Ran> => npmIn(store, args, env);

/** Releases a build made elsewhere (a variant folder) into this journey's store; returns its folder name. */
const releaseFrom = (folder: string): Promise<string> => releaseVariant(store, folder);

const live = () => (JSON.parse(readFileSync(path.join(store, '.deploy', 'live.json'), 'utf8')) as { remotes: Record<string, { release: string }> }).remotes['mf-events']!.release;
const history = () => readFileSync(path.join(store, '.deploy', 'history.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { remote: string; action: string; release: string; from?: string; reason?: string });


beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'qf-deploy-'));
  store = path.join(work, 'releases');
  // The two variants first, while nothing else runs (two cores): B, and a release built to throw on render.
  const thrower = await buildVariant('mf-events', 'src/server.ts', 'export const { render, ready } = createServerRenderer(section);', "export const render = (): string => {\n  throw new Error('a release built to throw on render');\n};\nexport const { ready } = createServerRenderer(section);");
  broken = await releaseFrom(thrower);
  const browserThrower = await buildVariant(
    'mf-events',
    'src/views/EventsList.tsx',
    'export function EventsList({ data }: ViewComponentProps<EventsListData>): ReactElement {',
    "export function EventsList({ data }: ViewComponentProps<EventsListData>): ReactElement {\n  if (typeof window !== 'undefined') throw new Error('a release built to throw on render in the browser');",
  );
  throwsInBrowser = await releaseFrom(browserThrower);
  const variant = await buildVariant('mf-events', 'src/translations.ts', `upcoming: '${UPCOMING.a}',`, `upcoming: '${UPCOMING.b}',`);
  releaseB = await releaseFrom(variant);

  const port = await freePort();
  shellUrl = `http://127.0.0.1:${port}`;
  site = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    // The journey is the proxy in front of the shell (TRUSTED_PROXIES): its visitors come from addresses of their own.
    env: { ...process.env, PORT: String(port), RELEASES_DIR: store, SUPERVISOR_PORT: '0', DATA_DIR: path.join(work, 'forms'), SHELL_ORIGINS: shellUrl, TRUSTED_PROXIES: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  site.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  site.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await waitForNpmStart(site, shellUrl, 120_000, () => output);
  releaseA = live().replace('mf-events@', '');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stopNpmStart(site, output);
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Which release of mf-events the browser build a response came from (the store's folder in its URL). */
const releaseOf = (url: string) => /\/releases\/mf-events\/([^/]+)\/dist\/browser\//.exec(url)?.[1];

/** A page of mf-events at `sitePath` across `command` (a deploy or rollback): its code from the store held until it is done. */
async function acrossDeploy(page: Page, sitePath: string, command: () => Promise<Ran>) {
  const { value: ran, loaded, failed, loads } = await acrossSwitch(page, shellUrl + sitePath, /\/releases\/mf-events\//, releaseOf, command);
  // The composition changed under the page: its next navigation is one full load (then client-side again).
  expect(loads).toBe(1);
  return { ran, loaded, failed };
}

describe('a section deployed and rolled back while visitors read it', () => {
  it('deploy: a page rendered by release A hydrates with A after B is live; the next page is B’s (English)', async () => {
    const page = await browser!.newPage();
    const problems = recordProblems(page, { requests: false });
    const before = await (await fetch(`${shellUrl}/events`)).text();
    expect(before).toContain(UPCOMING.a);
    const { ran, loaded, failed } = await acrossDeploy(page, '/events', () => npm(['deploy', '--', 'mf-events', releaseB]));
    console.log(`deploy journey: ${ran.stdout.split('\n')[0]}`);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(new RegExp(`^deployed mf-events@${releaseB.replace(/[.+]/g, '\\$&')} \\(was mf-events@${releaseA.replace(/[.+]/g, '\\$&')}\\): live in [\\d.]+ s, done in [\\d.]+ s \\(blue-green\\)`));
    expect([...new Set(loaded.filter((l) => l.at === 'before').map((l) => l.release))]).toEqual([releaseA]);
    expect([...new Set(loaded.filter((l) => l.at === 'after').map((l) => l.release))]).toEqual([releaseB]);
    expect({ failed, problems }).toEqual({ failed: [], problems: [] });
    expect(await (await fetch(`${shellUrl}/events`)).text()).toContain(UPCOMING.b);
    expect(live()).toBe(`mf-events@${releaseB}`);
    await page.close();
  });

  it('rollback: a page rendered by B hydrates with B after A is live again; the next page is A’s (Arabic)', async () => {
    const page = await browser!.newPage();
    const problems = recordProblems(page, { requests: false });
    const { ran, loaded, failed } = await acrossDeploy(page, '/ar/events', () => npm(['rollback', '--', 'mf-events']));
    console.log(`rollback journey: ${ran.stdout.split('\n')[0]}`);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(new RegExp(`^rolled back mf-events@${releaseA.replace(/[.+]/g, '\\$&')} \\(was mf-events@${releaseB.replace(/[.+]/g, '\\$&')}\\)`));
    expect([...new Set(loaded.filter((l) => l.at === 'before').map((l) => l.release))]).toEqual([releaseB]);
    expect([...new Set(loaded.filter((l) => l.at === 'after').map((l) => l.release))]).toEqual([releaseA]);
    expect({ failed, problems }).toEqual({ failed: [], problems: [] });
    expect(live()).toBe(`mf-events@${releaseA}`);
    expect(await (await fetch(`${shellUrl}/events`)).text()).toContain(UPCOMING.a);
    await page.close();
  });

  it('refuses, and switches nothing: a release that throws on render, one built against another React, a damaged one, a rollback with nothing before', async () => {
    const threw = await npm(['deploy', '--', 'mf-events', broken]);
    expect(threw.code).toBe(1);
    expect(threw.stderr).toContain(`deploy: mf-events@${broken} failed its smoke render, nothing was switched: /events answered 503`);
    expect(threw.stderr).toContain('/ar/events answered 503');

    // B as if built against React 18: its build info says so (and its digest in release.json agrees).
    const shellReact = (JSON.parse(readFileSync(path.join(root, 'shell', 'dist', 'build-info.json'), 'utf8')) as { shared: { react: { version: string } } }).shared.react.version;
    const incompatible = path.join(store, 'mf-events', '1.0.0+react18');
    cpSync(path.join(store, 'mf-events', releaseB), incompatible, { recursive: true });
    const infoFile = path.join(incompatible, 'dist', 'build-info.json');
    const info = JSON.parse(readFileSync(infoFile, 'utf8')) as { buildId: string; shared: Record<string, { requiredVersion: string }> };
    writeFileSync(infoFile, JSON.stringify({ ...info, buildId: 'react18', shared: { ...info.shared, react: { ...info.shared.react, requiredVersion: '^18.2.0' } } }));
    const record = JSON.parse(readFileSync(path.join(incompatible, 'release.json'), 'utf8')) as { id: string; files: Record<string, { bytes: number; sha256: string }> };
    const bytes = readFileSync(infoFile);
    record.id = 'mf-events@1.0.0+react18';
    record.files['build-info.json'] = { bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    writeFileSync(path.join(incompatible, 'release.json'), JSON.stringify(record));
    const gated = await npm(['deploy', '--', 'mf-events', 'mf-events@1.0.0+react18']);
    expect(gated.code).toBe(1);
    expect(gated.stderr.trim()).toBe(`deploy: mf-events@1.0.0+react18 cannot join the live shell: react: shell has ${shellReact}, mf-events requires ^18.2.0`);

    const damaged = path.join(store, 'mf-events', '1.0.0+damaged');
    cpSync(path.join(store, 'mf-events', releaseB), damaged, { recursive: true });
    const remoteEntry = Object.keys((JSON.parse(readFileSync(path.join(damaged, 'release.json'), 'utf8')) as { files: object }).files).find((f) => /^browser\/remoteEntry\./.test(f))!;
    writeFileSync(path.join(damaged, 'dist', remoteEntry), '/* changed in the store */');
    const tampered = await npm(['deploy', '--', 'mf-events', '1.0.0+damaged']);
    expect(tampered.code).toBe(1);
    expect(tampered.stderr).toContain(`${remoteEntry} does not match its digest in release.json; the release is damaged, release it again`);

    const nothing = await npm(['rollback', '--', 'mf-events']);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr.trim()).toBe('rollback: mf-events has no earlier release to roll back to');

    expect(live()).toBe(`mf-events@${releaseA}`);
    expect(await (await fetch(`${shellUrl}/events`)).text()).toContain(UPCOMING.a);
    expect(history().filter((h) => h.remote === 'mf-events').map((h) => [h.action, h.release, h.from])).toEqual([
      ['start', `mf-events@${releaseA}`, undefined],
      ['deploy', `mf-events@${releaseB}`, `mf-events@${releaseA}`],
      ['rollback', `mf-events@${releaseA}`, `mf-events@${releaseB}`],
    ]);
    const listed = await npm(['releases', '--', 'mf-events']);
    expect(listed.stdout).toContain(`* mf-events@${releaseA}`);
    expect(listed.stdout).toMatch(/live: mf-events at http:\/\/127\.0\.0\.1:\d+ serves build /);
    expect(existsSync(path.join(store, 'mf-events', releaseB, 'dist', 'browser'))).toBe(true);
  });

  /** The page `path` as a visitor of `cohort` gets it (the release named by its scripts' addresses). */
  /** A visitor's address of their own, as the journey (a trusted proxy) tells the shell: one client's pages and reports count as one reader's. */
  let visitors = 0;
  const nextAddress = () => `198.51.100.${(visitors++ % 250) + 1}`;
  const pageFor = async (cohort: number, sitePath = '/events') => (await fetch(shellUrl + sitePath, { headers: { cookie: `qf_cohort=${cohort}`, 'x-forwarded-for': nextAddress() } })).text();
  const releasesIn = (html: string) => [...new Set([...html.matchAll(/\/releases\/mf-events\/([^/]+)\/dist\/browser\//g)].map((m) => m[1]))];

  /** A visitor of `cohort` in a browser of their own: the events list, reached for so that it hydrates. */
  async function visit(cohort: number, sitePath = '/events') {
    const context = await browser!.newContext();
    // The proxy in front of the shell names the visitor's address on what it forwards to the shell only: a
    // header on every request would make the browser's CORS requests for section code (integrity-checked)
    // need a preflight, which no browser sends for a plain script.
    const address = nextAddress();
    await context.route(`${shellUrl}/**`, (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }));
    await context.addCookies([{ name: 'qf_cohort', value: String(cohort), url: shellUrl }]);
    const page = await context.newPage();
    const problems = recordProblems(page);
    await page.goto(shellUrl + sitePath);
    await page.locator('main h1').hover();
    return { page, problems, context };
  }

  it('canary: a release that throws in the browser serves its cohort only, and is rolled back automatically with the reason', async () => {
    const ran = await npm(['deploy', '--', 'mf-events', throwsInBrowser, '--canary', '50']);
    console.log(`canary journey: ${ran.stdout.split('\n')[0]}`);
    expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: '' });
    expect(ran.stdout.split('\n')[0]).toMatch(new RegExp(`^canary mf-events@${throwsInBrowser.replace(/[.+]/g, '\\$&')} serves 50 % of visitors \\(live: mf-events@${releaseA.replace(/[.+]/g, '\\$&')}\\)`));
    expect(releasesIn(await pageFor(10))).toEqual([throwsInBrowser]);
    expect(releasesIn(await pageFor(90))).toEqual([releaseA]);

    // A visitor of the live cohort: the list hydrates, nothing fails.
    const calm = await visit(90);
    await calm.page.locator('[data-qf-section][data-qf-mounted]').waitFor({ state: 'attached' });
    expect(calm.problems).toEqual([]);
    await calm.context.close();

    // Visitors of the canary's cohort: its view throws in their browser; the page says so, the browser tells
    // the shell. Five of them, each from an address of their own: reports count from five clients on.
    for (let i = 0; i < 5; i++) {
      const { page, context } = await visit(10);
      await page.getByRole('alert').filter({ hasText: 'This part of the page could not be displayed.' }).waitFor();
      await context.close();
    }
    // More pages served to both cohorts: the canary has its minimum of pages to be judged on.
    for (let i = 0; i < 20; i++) await Promise.all([pageFor(10), pageFor(90)]);
    const until = Date.now() + 20_000;
    while (Date.now() < until && !history().some((h) => h.action === 'canary-rollback')) await new Promise((r) => setTimeout(r, 200));
    const last = history().at(-1)!;
    expect(last).toMatchObject({ action: 'canary-rollback', release: `mf-events@${releaseA}`, from: `mf-events@${throwsInBrowser}` });
    expect(last.reason ?? '').toMatch(new RegExp(`^automatic: error rate [\\d.]+ % \\(\\d+ errors, \\d+ pages\\) against 0 % for mf-events@${releaseA.replace(/[.+]/g, '\\$&')} \\(0 errors, \\d+ pages\\): more than 5 % worse$`));
    console.log(`canary journey: ${last.reason}`);
    // The shell reads the registry within a second: then the cohort gets the live release again.
    const back = Date.now() + 5000;
    while (Date.now() < back && releasesIn(await pageFor(10))[0] !== releaseA) await new Promise((r) => setTimeout(r, 100));
    expect(releasesIn(await pageFor(10))).toEqual([releaseA]);
    expect(live()).toBe(`mf-events@${releaseA}`);
  });

  it('canary: a good release tried on a cohort, then promoted for everyone (Arabic)', async () => {
    const ran = await npm(['deploy', '--', 'mf-events', releaseB, '--canary', '30']);
    expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: '' });
    expect(await pageFor(10)).toContain(UPCOMING.b);
    expect(await pageFor(90)).toContain(UPCOMING.a);
    const arabic = await pageFor(10, '/ar/events');
    expect(releasesIn(arabic)).toEqual([releaseB]);
    expect(releasesIn(await pageFor(90, '/ar/events'))).toEqual([releaseA]);
    // The cohort's browser hydrates the Arabic list with the canary's code, without an error.
    const { page, problems, context } = await visit(10, '/ar/events');
    await page.locator('[data-qf-section][data-qf-mounted]').waitFor({ state: 'attached' });
    expect(problems).toEqual([]);
    await context.close();

    const promoted = await npm(['promote', '--', 'mf-events']);
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toMatch(new RegExp(`^promoted mf-events@${releaseB.replace(/[.+]/g, '\\$&')} \\(was mf-events@${releaseA.replace(/[.+]/g, '\\$&')}\\)`));
    expect(await pageFor(90)).toContain(UPCOMING.b);
    expect(live()).toBe(`mf-events@${releaseB}`);
    expect(history().slice(-2).map((h) => h.action)).toEqual(['canary', 'promote']);
  });

  it('a page two releases old reloads once on its next navigation, and nothing fails (English)', async () => {
    const page = await browser!.newPage();
    const problems = recordProblems(page, { requests: false });
    const failed: string[] = [];
    page.on('response', (r) => void (r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`)));
    await page.goto(shellUrl + '/events');
    await page.locator('main h1').hover();
    await page.locator('[data-qf-section][data-qf-mounted]').waitFor({ state: 'attached' });
    // Two switches under the open page: back to A, then B again on a new server.
    expect((await npm(['rollback', '--', 'mf-events'])).code).toBe(0);
    expect((await npm(['deploy', '--', 'mf-events', releaseB])).code).toBe(0);
    expect(await followEventLink(page)).toBe(1);
    expect({ failed, problems }).toEqual({ failed: [], problems: [] });
    expect(live()).toBe(`mf-events@${releaseB}`);
    await page.close();
  });
});
