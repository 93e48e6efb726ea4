import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { freePort, launchBrowser, recordProblems, remotes, root, stopNpmStart, waitForNpmStart } from '../site';

jest.setTimeout(600_000);

// Issue 33, item 5: a section joins the site without a shell release. The section is a copy of
// mf-media-center made into mf-sample, a section no build of the shell and no workspace of the
// repository knows of: its name, its route prefix (/sample…), its translation namespace and its titles
// changed, and an API of its own added. It is built in a folder of its own (e2e/.work/mf-sample, as its
// team would keep it elsewhere) with its own package.json scripts, then gated, released and deployed
// with the commands ops use (npm run gate / release in its folder, npm run deploy at the root) into the
// site `npm start` runs, whose shell was built from this repository: its pages then route, render and
// hydrate in both languages, its API answers through the shell's gateway, and the shell is the same
// process it was (neither rebuilt nor restarted). Before issue 33 the deploy command refused the name,
// and a shell refused the whole registry once it named a section not on its list.
//
// Copying mf-media-center works because its resolvers read its content by slug, whatever the path
// (`/sample/experts/:slug` resolves as `/media-center/experts/:slug` did); a few of its lists link to
// press releases and galleries at their content paths (`/media-center/news/…`), which stay the media
// centre's pages.

const SAMPLE = 'mf-sample';
const folder = path.join(root, 'e2e', '.work', SAMPLE);
const TITLE = { en: 'Sample section', ar: 'قسم تجريبي' };
const EXPERT = { slug: 'noor-al-mansoori', en: 'Dr. Noor Al-Mansoori', ar: 'د. نور المنصوري' };

let work = '';
let store = '';
let shellUrl = '';
let site: ChildProcess | undefined;
let output = '';
let browser: Browser | undefined;
let release = '';

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** An npm script as ops run it (`npm run -s …`) in `cwd`, against this journey's store. */
function npm(cwd: string, args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', ...args], { cwd, env: { ...process.env, NODE_ENV: 'production', RELEASES_DIR: store }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `file` of the copy with each `[from, to]` replaced everywhere; each `from` must be there. */
function edit(file: string, ...changes: [string, string][]) {
  const full = path.join(folder, file);
  let text = readFileSync(full, 'utf8');
  for (const [from, to] of changes) {
    if (!text.includes(from)) throw new Error(`${file} of mf-media-center no longer contains ${from}: update the copy in new-section.test.ts`);
    text = text.split(from).join(to);
  }
  writeFileSync(full, text);
}

/** mf-media-center copied as mf-sample (tests left out; webpack's cache of an earlier run kept). */
function copySection() {
  if (existsSync(folder)) for (const entry of readdirSync(folder)) if (entry !== 'node_modules') rmSync(path.join(folder, entry), { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const from = path.join(root, 'mf-media-center');
  for (const item of ['src', 'server', 'package.json', 'webpack.config.js']) cpSync(path.join(from, item), path.join(folder, item), { recursive: true, filter: (f) => !/\.test\.tsx?$/.test(f) });
  // Its name and its pages.
  edit('src/routes.ts', ["'mf-media-center'", `'${SAMPLE}'`], ["'/media-center", "'/sample"]);
  edit('src/translations.ts', ["ns: 'mediaCenter'", "ns: 'sample'"]);
  edit('src/strings/landing.ts', ["title: 'Media center'", `title: '${TITLE.en}'`], ["title: 'المركز الإعلامي'", `title: '${TITLE.ar}'`]);
  edit('server/main.ts', ["'mf-media-center'", `'${SAMPLE}'`]);
  // And an API of its own, which visitors reach through the shell's gateway at /api/sample/….
  edit(
    'server/app.ts',
    ["  return createRemoteServer({\n    name: 'mf-media-center',", `  const server = await createRemoteServer({\n    name: '${SAMPLE}',`],
    [
      '    listPaths: pages.paths,\n  });\n}',
      `    listPaths: pages.paths,
  });
  server.app.get('/api/sample/experts', async () => ({ section: '${SAMPLE}', experts: (await content.entries('expert_profile')).length }));
  return server;
}`,
    ],
  );
  // Its scripts, from its own folder: the repository's tools, and where its build is.
  const up = path.relative(folder, root).split(path.sep).join('/');
  const pkg = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { name: string; scripts: Record<string, string> };
  const script = (name: string) => pkg.scripts[name]!.replace(/\.\.\/(scripts|shared)\//g, `${up}/$1/`).replace('mf-media-center', SAMPLE);
  pkg.name = `@qf/${SAMPLE}`;
  pkg.scripts = { build: pkg.scripts.build!, gate: `${script('gate')} --build dist/build-info.json`, release: `${script('release')} --workspace .` };
  writeFileSync(path.join(folder, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
}

/** The supervisor's control API (its address and token from the store's state folder). */
async function supervisorState(): Promise<{ shell?: { pid: number }; remotes: Record<string, { release: string }> }> {
  const { url, token } = JSON.parse(readFileSync(path.join(store, '.deploy', 'supervisor.json'), 'utf8')) as { url: string; token: string };
  return (await fetch(`${url}/_supervisor/state`, { headers: { authorization: `Bearer ${token}` } })).json() as Promise<{ shell?: { pid: number }; remotes: Record<string, { release: string }> }>;
}

const registry = () => JSON.parse(readFileSync(path.join(store, '.deploy', 'registry.json'), 'utf8')) as { remotes: Record<string, { url: string }> };

/** The shell's build, as files on disk: the same after the deploy (it is not rebuilt). */
const shellBuild = () =>
  ['dist/build-info.json', 'dist/server/main.js', 'dist/client-assets.json'].map((f) => {
    const file = path.join(root, 'shell', f);
    return `${f} ${statSync(file).mtimeMs} ${statSync(file).size}`;
  });


let shellPid = 0;
let builtShell: string[] = [];

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'qf-new-section-'));
  store = path.join(work, 'releases');
  builtShell = shellBuild();
  // The section's build first, while nothing else runs (two cores), as its team's pipeline would.
  copySection();
  const built = await npm(folder, ['build']);
  if (built.code !== 0) throw new Error(`the build of ${SAMPLE} failed (${built.code}):\n${built.stdout}${built.stderr}`);

  const port = await freePort();
  shellUrl = `http://127.0.0.1:${port}`;
  site = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), RELEASES_DIR: store, SUPERVISOR_PORT: '0', DATA_DIR: path.join(work, 'forms'), SHELL_ORIGINS: shellUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  site.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  site.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await waitForNpmStart(site, shellUrl, 120_000, () => output);
  shellPid = (await supervisorState()).shell?.pid ?? 0;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stopNpmStart(site, output);
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a new section joins the running site without a shell release', () => {
  it('is unknown to the site at first: no workspace, no registry entry, its pages and API not found', async () => {
    expect(remotes).not.toContain(SAMPLE);
    expect(shellPid).toBeGreaterThan(0);
    expect(Object.keys(registry().remotes).sort()).toEqual([...remotes].sort());
    expect((await fetch(`${shellUrl}/sample/experts`)).status).toBe(404);
    expect((await fetch(`${shellUrl}/api/sample/experts`)).status).toBe(404);
  });

  it('is gated, released and deployed with the commands ops use; the shell is neither rebuilt nor restarted', async () => {
    const gated = await npm(folder, ['gate']);
    console.log(`new-section journey: ${gated.stdout.trim()}`);
    expect({ code: gated.code, stderr: gated.stderr }).toEqual({ code: 0, stderr: '' });
    // Checked against the sections built in this repository: none of its patterns takes their paths.
    expect(gated.stdout).toMatch(new RegExp(`^gate: ${SAMPLE} build \\S+ can join shell build \\S+ .*; its routes and links checked against ${remotes.join(', ')}\\n$`));

    const released = await npm(folder, ['release', '--', '--prebuilt']);
    expect({ code: released.code, stderr: released.stderr }).toEqual({ code: 0, stderr: '' });
    release = /^released mf-sample@(\S+):/m.exec(released.stdout)?.[1] ?? '';
    expect(release).not.toBe('');

    const deployed = await npm(root, ['deploy', '--', SAMPLE, release]);
    console.log(`new-section journey: ${deployed.stdout.split('\n')[0]}`);
    expect({ code: deployed.code, stderr: deployed.stderr }).toEqual({ code: 0, stderr: '' });
    expect(deployed.stdout).toMatch(new RegExp(`^deployed ${SAMPLE}@${release.replace(/[.+]/g, '\\$&')}: live in [\\d.]+ s, done in [\\d.]+ s \\(blue-green\\)\\n`));
    // The smoke render of its templates, in both languages, by a throw-away shell, went before the switch.
    expect(deployed.stdout).toContain('smoke render of each template (en, ar)');

    expect(registry().remotes[SAMPLE]).toBeDefined();
    const state = await supervisorState();
    expect(state.remotes[SAMPLE]?.release).toBe(`${SAMPLE}@${release}`);
    expect(state.shell?.pid).toBe(shellPid);
    expect(shellBuild()).toEqual(builtShell);
  });

  /** A page of the site, once the shell has read the registry (within a second of the switch). */
  async function pageOf(sitePath: string): Promise<{ status: number; html: string }> {
    const until = Date.now() + 5000;
    for (;;) {
      const res = await fetch(shellUrl + sitePath, { headers: { accept: 'text/html' } });
      const html = await res.text();
      if (res.status === 200 || Date.now() > until) return { status: res.status, html };
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('routes and renders its pages in English and Arabic, from its own release', async () => {
    const pages: [string, string][] = [
      ['/sample', TITLE.en],
      ['/ar/sample', TITLE.ar],
      ['/sample/experts', 'Our experts'],
      ['/ar/sample/experts', 'خبراؤنا'],
      [`/sample/experts/${EXPERT.slug}`, EXPERT.en],
      [`/ar/sample/experts/${EXPERT.slug}`, EXPERT.ar],
    ];
    for (const [sitePath, text] of pages) {
      const { status, html } = await pageOf(sitePath);
      expect([sitePath, status]).toEqual([sitePath, 200]);
      expect([sitePath, html.includes(text)]).toEqual([sitePath, true]);
      expect([sitePath, /<html[^>]* lang="(\w+)"/.exec(html)?.[1]]).toEqual([sitePath, sitePath.startsWith('/ar') ? 'ar' : 'en']);
      // Rendered by mf-sample's release: its page data names it, its browser build is the store's copy.
      expect([sitePath, html.includes('"remote":"mf-sample"'), html.includes(`/releases/${SAMPLE}/${encodeURIComponent(release).replace(/%2B/g, '+')}/dist/browser/`)]).toEqual([sitePath, true, true]);
    }
    // The media centre it was copied from still answers its own pages.
    const media = await pageOf('/media-center');
    expect(media.status).toBe(200);
    expect(media.html).toContain('Media center');
    expect(media.html).not.toContain(TITLE.en);
    // And the sitemaps list its pages.
    expect(await (await fetch(`${shellUrl}/sitemap-en.xml`)).text()).toMatch(/<loc>https?:\/\/[^<]+\/sample\/experts<\/loc>/);
  });

  it('hydrates in a browser with its build from the store, without a console error or a failed request (both languages)', async () => {
    for (const sitePath of ['/sample/experts', '/ar/sample/experts']) {
      const page = await browser!.newPage();
      const problems = recordProblems(page);
      const loaded: string[] = [];
      page.on('response', (r) => void (r.url().includes(`/releases/${SAMPLE}/`) && loaded.push(`${r.status()} ${new URL(r.url()).pathname.split('/').pop()}`)));
      await page.goto(shellUrl + sitePath);
      await page.locator('main h1').hover();
      await page.locator('[data-qf-section][data-qf-mounted]').waitFor({ state: 'attached' });
      expect(await page.locator('main h1').textContent()).toBe(sitePath.startsWith('/ar') ? 'خبراؤنا' : 'Our experts');
      expect(loaded.some((l) => /^200 remoteEntry\.[0-9a-f]{10}\.js$/.test(l))).toBe(true);
      expect(loaded.filter((l) => !l.startsWith('200 '))).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it('answers its API through the shell gateway; a section the registry lacks is still a 404', async () => {
    const res = await fetch(`${shellUrl}/api/sample/experts`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { section: string; experts: number };
    expect(body.section).toBe(SAMPLE);
    expect(body.experts).toBeGreaterThan(0);
    expect((await fetch(`${shellUrl}/api/other/experts`)).status).toBe(404);
    // Still the same shell process, serving since before the section existed.
    expect((await supervisorState()).shell?.pid).toBe(shellPid);
  });
});
