import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { RemoteName } from '@qf/shared/contracts';
import { buildShellServer } from './app';
import { loadConfig } from './config';
import { browserFiles, standInRoutes, writeShellBuild } from './test-build';
import type { ServerRemotes } from './federation';

/**
 * A canary through HTTP (issue 12): two stand-in servers of mf-content, the live release and a canary
 * named in the registry entry, and stand-in Node builds that say which build rendered. Visitors below the
 * canary's percent (their cohort cookie) get the canary on every page, page data and API call; the others
 * the live release; nobody gets a cookie while no canary runs.
 */
describe('a canary release', () => {
  let dir: string;
  let shell: FastifyInstance;
  const servers: FastifyInstance[] = [];
  const TOKEN = 'the-supervisor-token-0123456789';
  const urls: Record<'live' | 'canary', string> = { live: '', canary: '' };

  const remotes: ServerRemotes = {
    get: async (remote: RemoteName, _entry: unknown, buildId: string) => ({
      buildId,
      routes: { contractVersion: 1, remote, routes: [], widgets: [] },
      server: { render: ({ data }: { data: unknown }) => `<p class="owned">${(data as { text: string }).text}, rendered by ${buildId}</p>` },
    }),
  } as unknown as ServerRemotes;

  async function standIn(which: 'live' | 'canary') {
    const app = Fastify();
    const build = `${which}-build`;
    app.get('/build-info.json', async () => ({ name: 'mf-content', version: '1.0.0', buildId: build, builtAt: '2026-11-27T00:00:00Z', contentVersion: 'c1' }));
    app.get('/browser/:file', browserFiles(standInRoutes('mf-content'), { metaData: { remoteEntry: { name: `remoteEntry.${which}.js`, path: '' } }, exposes: [] }));
    app.get('/_qf/page', async (req) => {
      const { path: p } = req.query as Record<string, string>;
      return { found: true, contentVersion: 'c1', page: { template: 'page', head: { title: `Title of ${p}`, description: 'A page', alternatePath: `/ar${p}` }, data: { text: `${p} from the ${which} server` }, widgets: [], hydration: 'idle' } };
    });
    app.get('/api/content/who', async () => ({ server: which }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    servers.push(app);
    urls[which] = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }

  const registryFile = () => path.join(dir, 'registry.json');
  function writeRegistry(percent?: number) {
    const entry = { url: urls.live, ...(percent ? { canary: { url: urls.canary, percent, release: 'mf-content@1.0.1+canary-build' } } : {}) };
    writeFileSync(registryFile(), JSON.stringify({ remotes: { 'mf-content': entry } }));
    const later = new Date(Date.now() + Math.random() * 100_000);
    utimesSync(registryFile(), later, later);
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'qf-shell-canary-'));
    writeShellBuild(dir);
    await standIn('live');
    await standIn('canary');
    writeRegistry(30);
    const config = loadConfig({ REGISTRY: registryFile(), SITE_URL: 'https://www.example.org', REMOTE_STATUS_TTL_MS: '0', CONTENT_DIR: path.resolve(__dirname, '../../content'), OPS_TOKEN: TOKEN });
    shell = await buildShellServer({ ...config, clientDir: path.join(dir, 'dist', 'client') }, { remotes });
  });

  afterAll(async () => {
    await shell.close();
    for (const s of servers) await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(() => writeRegistry(30));

  const get = (url: string, cohort?: string) => shell.inject({ url, headers: cohort === undefined ? {} : { cookie: `qf_theme=dark; qf_cohort=${cohort}` } });
  const html = (res: LightMyRequestResponse) => (res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body);

  it('serves a visitor below the percent the canary on the page, its page data, its composition and its API', async () => {
    const page = await get('/a', '5');
    expect(page.statusCode).toBe(200);
    expect(html(page)).toContain('/a from the canary server, rendered by canary-build');
    expect(html(page)).toContain('"buildId":"canary-build"');
    expect(page.headers['set-cookie']).toBeUndefined();
    const data = await get('/page-data/b/page-data.json', '5');
    // The browser loads exactly the build the page was made with: the canary's.
    expect(data.json()).toMatchObject({ result: { page: { data: { text: '/b from the canary server' } }, remotes: [{ name: 'mf-content', buildId: 'canary-build', entry: `${urls.canary}/browser/remoteEntry.canary.js` }] } });
    expect((await get('/api/content/who', '5')).json()).toEqual({ server: 'canary' });
    const canaryHash = (await get('/page-data/app-data.json', '5')).json().webpackCompilationHash;
    const liveHash = (await get('/page-data/app-data.json', '50')).json().webpackCompilationHash;
    expect(canaryHash).not.toBe(liveHash);
    // Both servers may load scripts: a cohort's page names the canary's browser build.
    expect(String(page.headers['content-security-policy'])).toContain(urls.canary);
  });

  it('serves the others the live release, and keeps the two apart in its cache', async () => {
    for (let i = 0; i < 2; i++) {
      expect(html(await get('/c', '50'))).toContain('/c from the live server, rendered by live-build');
      expect(html(await get('/c', '29'))).toContain('/c from the canary server, rendered by canary-build');
      expect(html(await get('/c', '30'))).toContain('/c from the live server, rendered by live-build');
    }
    expect((await get('/api/content/who', '99')).json()).toEqual({ server: 'live' });
  });

  it('gives a visitor without a cohort (or with a broken one) a cohort for good, and the release of that cohort at once', async () => {
    for (const cookie of [undefined, 'abc', '100', '-1']) {
      const res = await get('/d', cookie);
      const set = String(res.headers['set-cookie']);
      expect(set).toMatch(/^qf_cohort=\d{1,2}; Path=\/; Max-Age=2592000; SameSite=Lax; HttpOnly; Secure$/);
      // That answer is the visitor's: no shared cache may keep it and hand the cookie to others (issue 37, L3).
      expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      const cohort = Number(/^qf_cohort=(\d+)/.exec(set)![1]);
      expect(html(res)).toContain(cohort < 30 ? 'from the canary server' : 'from the live server');
    }
    // An API call never chooses a cohort (the page did): without one it goes to the live release.
    expect((await get('/api/content/who')).json()).toEqual({ server: 'live' });
  });

  it('sets no cookie and serves everyone the live release when no canary runs (promoted or rolled back)', async () => {
    writeRegistry(undefined);
    const res = await get('/e');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(html(res)).toContain('/e from the live server');
    expect(html(await get('/e', '5'))).toContain('/e from the live server, rendered by live-build');
    expect((await get('/api/content/who', '5')).json()).toEqual({ server: 'live' });
  });

  describe('release health', () => {
    const health = async () => {
      const res = await shell.inject({ url: '/_qf/release-health', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      const releases = (res.json() as { releases: { remote: string; build: string; requests: number; errors: number; byKind: Record<string, number> }[] }).releases;
      return Object.fromEntries(releases.map((r) => [r.build, r]));
    };
    const beacon = (body: string, cohort: string, ip = '203.0.113.9') => shell.inject({ method: 'POST', url: '/_qf/beacon', headers: { cookie: `qf_cohort=${cohort}`, 'content-type': 'text/plain;charset=UTF-8' }, payload: body, remoteAddress: ip });

    it('counts each answer for the release of its owner the visitor got, and a browser’s report of a failure as an error of that release', async () => {
      const before = await health();
      await get('/h1', '5');
      await get('/page-data/h2/page-data.json', '5');
      await get('/h3', '77');
      expect((await beacon(JSON.stringify({ remote: 'mf-content', kind: 'render' }), '5')).statusCode).toBe(204);
      expect((await beacon(JSON.stringify({ remote: 'mf-content', kind: 'mount' }), '77')).statusCode).toBe(204);
      // An answer is counted once it is sent (an onResponse hook that finds the owner's build): a busy
      // machine may read the counts before the last one is in, so they are read until they settle.
      let after = await health();
      const delta = (build: string, f: 'requests' | 'errors') => (after[build]?.[f] ?? 0) - (before[build]?.[f] ?? 0);
      const deltas = () => [delta('canary-build', 'requests'), delta('canary-build', 'errors'), delta('live-build', 'requests'), delta('live-build', 'errors')];
      for (let tries = 0; tries < 200 && JSON.stringify(deltas()) !== JSON.stringify([2, 1, 1, 1]); tries++) {
        await new Promise((r) => setTimeout(r, 10));
        after = await health();
      }
      expect(deltas()).toEqual([2, 1, 1, 1]);
      expect(after['canary-build']!.byKind.render).toBeGreaterThanOrEqual(1);
      expect(after['live-build']!.byKind.mount).toBeGreaterThanOrEqual(1);
    });

    it('refuses a report that is not one, counts at most 20 a minute from one address, and shows the counts only to the supervisor', async () => {
      for (const body of ['nope', '{}', JSON.stringify({ remote: 'shell', kind: 'render' }), JSON.stringify({ remote: 'mf-content', kind: 'render', extra: 1 }), 'x'.repeat(2000)]) {
        expect((await beacon(body, '5')).statusCode).toBeGreaterThanOrEqual(400);
      }
      const before = (await health())['canary-build']?.errors ?? 0;
      for (let i = 0; i < 25; i++) expect((await beacon(JSON.stringify({ remote: 'mf-content', kind: 'render' }), '5', '198.51.100.7')).statusCode).toBe(204);
      expect((await health())['canary-build']!.errors - before).toBe(20);
      expect((await shell.inject('/_qf/release-health')).statusCode).toBe(404);
      expect((await shell.inject({ url: '/_qf/release-health', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(404);
    });

    it('counts nothing while no canary runs', async () => {
      writeRegistry(undefined);
      const before = JSON.stringify(await health());
      await get('/h4', '5');
      await beacon(JSON.stringify({ remote: 'mf-content', kind: 'render' }), '5');
      expect(JSON.stringify(await health())).toBe(before);
    });
  });
});
