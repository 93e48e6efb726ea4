import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { cpSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { RemoteName } from '@qf/shared/contracts';
import { buildShellServer } from './app';
import { BROTLI_AFTER, etagOf } from './page-cache';
import { NONCE_PLACEHOLDER } from './security';
import { loadConfig } from './config';
import { browserFiles, standInRoutes, writeShellBuild } from './test-build';
import type { ServerRemotes } from './federation';
import { createTurns, type Turns } from './turns';

/**
 * The page cache through HTTP: a stand-in owner (mf-content) whose build, content version, answers and
 * up-ness the tests change, and stand-in Node builds that count their renders (the real ones are loaded
 * through Module Federation, which the journeys and bench:ssr cover).
 */
describe('the shell page cache', () => {
  let dir: string;
  let shell: FastifyInstance;
  let owner: FastifyInstance;
  let clock = Date.parse('2026-11-22T09:00:00Z');
  const state = { build: 'b1', content: 'c1' as string | undefined, up: true, resolves: 0, fail: false, answeredFrom: undefined as string | undefined };
  const asked: string[] = [];
  let renders = 0;
  /** Whether each step that took a turn asked to go ahead (turns.ts), in order. */
  const turnsTaken: boolean[] = [];
  const realTurns = createTurns();
  const turns: Turns = {
    run: (step, options) => (turnsTaken.push(options?.ahead ?? false), realTurns.run(step, options)),
    get waiting() {
      return realTurns.waiting;
    },
  };

  const page = (p: string, maxAgeSeconds?: number) => ({
    template: 'page',
    head: { title: `Title of ${p}`, description: 'A page', alternatePath: `/ar${p}` },
    data: { text: `${p} from ${state.build}/${state.answeredFrom ?? state.content ?? 'unversioned'}, resolve ${state.resolves}` },
    widgets: [],
    hydration: 'idle',
    ...(maxAgeSeconds ? { maxAgeSeconds } : {}),
  });

  const remotes: ServerRemotes = {
    get: async (remote: RemoteName, _entry: unknown, buildId: string) => ({
      buildId,
      routes: { contractVersion: 1, remote, routes: [], widgets: [] },
      server: {
        render: ({ data }: { data: unknown }) => {
          renders += 1;
          return `<p class="owned">${(data as { text: string }).text}</p>`;
        },
      },
    }),
  } as unknown as ServerRemotes;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'qf-shell-cache-'));
    writeShellBuild(dir);
    // The shell's own content (menus, site globals), in a copy whose files a test touches.
    cpSync(path.resolve(__dirname, '../../content/entries'), path.join(dir, 'content', 'entries'), { recursive: true });
    cpSync(path.resolve(__dirname, '../../content/redirects.json'), path.join(dir, 'content', 'redirects.json'));

    owner = Fastify();
    owner.get('/build-info.json', async (_req, reply) => {
      if (!state.up) return reply.code(503).send({ error: 'stopping' });
      return { name: 'mf-content', version: '1.0.0', buildId: state.build, builtAt: '2026-11-22T00:00:00Z', ...(state.content ? { contentVersion: state.content } : {}) };
    });
    // Its pages read two query parameters, as a filtered list does; any other is dropped (issue 37, H1).
    owner.get('/browser/:file', browserFiles(standInRoutes('mf-content', ['/', '/:slug'], { '/:slug': ['degree', 'tag'] })));
    owner.get('/_qf/page', async (req, reply) => {
      const { path: p, query } = req.query as Record<string, string>;
      asked.push(`${p}${query ? `?${query}` : ''}`);
      if (state.fail || p === '/broken') return reply.code(500).send({ error: 'boom' });
      if (p === '/gone') return reply.code(404).send({ found: false });
      state.resolves += 1;
      const answer = { found: true, page: page(p!, p!.startsWith('/timed') ? 60 : undefined) };
      // Like every remote: the content version the page was made from (another instance's, when set).
      const made = state.answeredFrom ?? state.content;
      return made ? { ...answer, contentVersion: made } : answer;
    });
    await owner.listen({ port: 0, host: '127.0.0.1' });
    const ownerUrl = `http://127.0.0.1:${(owner.server.address() as AddressInfo).port}`;
    writeFileSync(path.join(dir, 'registry.json'), JSON.stringify({ remotes: { 'mf-content': { url: ownerUrl } } }));
    const config = loadConfig({ REGISTRY: path.join(dir, 'registry.json'), SITE_URL: 'https://www.example.org', REMOTE_STATUS_TTL_MS: '0', CONTENT_DIR: path.join(dir, 'content') });
    shell = await buildShellServer({ ...config, clientDir: path.join(dir, 'dist', 'client') }, { remotes, turns, cache: { now: () => clock, staleMs: 60_000, unversionedMs: 30_000 } });
  });

  afterAll(async () => {
    await shell.close();
    await owner.close();
    rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    asked.length = 0;
    renders = 0;
  });

  const get = (url: string, headers: Record<string, string> = {}) => shell.inject({ url, headers });
  /** The HTML of an answer, decoded as a browser would. */
  const html = (res: LightMyRequestResponse) =>
    res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
  const nonceOf = (res: LightMyRequestResponse) => /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
  /** Until a background render has been answered by the owner and kept. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('serves a page again without asking its owner, with the same HTML', async () => {
    const first = await get('/a');
    expect(first.statusCode).toBe(200);
    expect(html(first)).toContain('/a from b1/c1, resolve');
    expect(asked).toEqual(['/a']);
    const second = await get('/a');
    expect(second.statusCode).toBe(200);
    expect(asked).toEqual(['/a']);
    expect(renders).toBe(1);
    expect(html(second).replaceAll(nonceOf(second)!, 'N')).toBe(html(first).replaceAll(nonceOf(first)!, 'N'));
  });

  it('gives every answer, kept or not, its own nonce, the one of its CSP header, in every encoding', async () => {
    await get('/n');
    const answers = [await get('/n', { 'accept-encoding': 'gzip, deflate, br' }), await get('/n', { 'accept-encoding': 'gzip' }), await get('/n')];
    expect(asked).toEqual(['/n']);
    expect(answers.map((a) => a.headers['content-encoding'])).toEqual(['gzip', 'gzip', undefined]);
    const nonces = answers.map(nonceOf);
    expect(new Set(nonces).size).toBe(3);
    answers.forEach((a, i) => {
      expect(html(a)).toContain(`id="__QF_STATE__" nonce="${nonces[i]}"`);
      expect(html(a)).not.toContain('__QF_CSP_NONCE__');
      expect(a.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
    });
  });

  it('answers 304 to the ETag of a kept page without asking the owner, and a new ETag once the page changed', async () => {
    const first = await get('/e');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await get('/e', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(asked).toEqual(['/e']);
    expect((await get('/e')).headers.etag).toBe(etag);
    state.content = 'c-etag';
    const changed = await get('/e', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('renders again when the owner serves another build', async () => {
    await get('/b');
    state.build = 'b2';
    const res = await get('/b');
    expect(html(res)).toContain('/b from b2/');
    expect(asked).toEqual(['/b', '/b']);
    expect(renders).toBe(2);
    await get('/b');
    expect(asked).toEqual(['/b', '/b']);
  });

  it('renders again when the owner reports another content version', async () => {
    await get('/c');
    state.content = 'c2';
    const res = await get('/c');
    expect(html(res)).toContain('/c from b2/c2');
    expect(asked).toEqual(['/c', '/c']);
    await get('/c');
    expect(asked).toEqual(['/c', '/c']);
  });

  it('keeps a page under the content version it was made from, not a newer one another instance reported', async () => {
    // Behind a load balancer: build info came from an instance that has read c5, the page from one still on c4.
    state.content = 'c5';
    state.answeredFrom = 'c4';
    expect(html(await get('/lb'))).toContain('/lb from b2/c4');
    state.answeredFrom = undefined;
    const res = await get('/lb');
    expect(html(res)).toContain('/lb from b2/c5');
    expect(asked).toEqual(['/lb', '/lb']);
    await get('/lb');
    expect(asked).toEqual(['/lb', '/lb']);
  });

  it('renders again when the shell’s own content (menus, site globals) changes', async () => {
    await get('/s');
    await get('/s');
    expect(asked).toEqual(['/s']);
    // The file store looks at its files at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const file = path.join(dir, 'content', 'entries', 'site_globals.json');
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    // The first request after the look began may still get the page of the content before (the look
    // never makes a request wait); once the look is in, the page is rendered again, once.
    for (const deadline = Date.now() + 5_000; renders < 2 && Date.now() < deadline; ) expect((await get('/s')).statusCode).toBe(200);
    expect(renders).toBe(2);
    await get('/s');
    expect(renders).toBe(2);
  });

  it('gives concurrent requests for a page not kept yet one resolve and one render', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => get('/together')));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(asked).toEqual(['/together']);
    expect(renders).toBe(1);
  });

  it('keeps one page per theme, and one for a browser without the cookie, rendered from the same answer of the owner', async () => {
    const first = await get('/t');
    const light = await get('/t', { cookie: 'qf_theme=light' });
    const dark = await get('/t', { cookie: 'other=1; qf_theme=dark' });
    // No cookie: dark, and the pre-paint script is told there is nothing stored to read.
    expect(html(first)).toContain('<html lang="en" dir="ltr" data-qf-new="">');
    expect(html(first)).toContain('data-theme="dark"');
    expect(html(light)).toContain('<html lang="en" dir="ltr">');
    expect(html(light)).toContain('data-theme="light"');
    expect(html(dark)).toContain('<html lang="en" dir="ltr">');
    expect(html(dark)).toContain('data-theme="dark"');
    expect(asked).toEqual(['/t']);
    expect(renders).toBe(3);
    expect(light.headers.vary).toMatch(/Cookie/);
    await get('/t', { cookie: 'qf_theme=light' });
    await get('/t');
    expect(renders).toBe(3);
  });

  it('sends a kept page brotli-encoded once its stream is made (gzip until then), and a page refreshed in the background at once', async () => {
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const first = await get('/timed-brotli', browser);
    expect(first.headers['content-encoding']).toBe('br');
    // Until it proves popular its answers from the cache are compressed for themselves too (brotli's
    // fastest); then gzip from its pieces until the stream is made.
    for (let i = 1; i < BROTLI_AFTER; i++) expect((await get('/timed-brotli', browser)).headers['content-encoding']).toBe('br');
    expect((await get('/timed-brotli', browser)).headers['content-encoding']).toBe('gzip');
    // Made in libuv's pool (quality 11), in the queue's turn (after its rest from the last stream any
    // earlier test made): its time depends on the machine's load.
    let kept = await get('/timed-brotli', browser);
    for (const deadline = Date.now() + 20_000; kept.headers['content-encoding'] !== 'br' && Date.now() < deadline; kept = await get('/timed-brotli', browser)) {
      expect(kept.headers['content-encoding']).toBe('gzip');
      await settle();
    }
    expect(kept.headers['content-encoding']).toBe('br');
    expect(html(kept)).toContain(`id="__QF_STATE__" nonce="${nonceOf(kept)}"`);
    expect(html(kept).replaceAll(nonceOf(kept)!, 'N')).toBe(html(first).replaceAll(nonceOf(first)!, 'N'));
    // Stale: served as kept while the owner is asked again; the page that replaces it goes brotli from its first answer.
    clock += 61_000;
    expect((await get('/timed-brotli', browser)).headers['content-encoding']).toBe('br');
    // Once the owner has answered the background render, until the queue has made its stream (no request
    // in between: any answer of the new page would start its brotli itself; a fixed wait raced the
    // queue's rest after the previous stream under load).
    const made = async () => Number(/qf_page_brotli_total\{outcome="made"\} (\d+)/.exec(await shell.observability!.registry.getSingleMetricAsString('qf_page_brotli_total'))?.[1] ?? 0);
    const madeBefore = await made();
    for (const deadline = Date.now() + 10_000; asked.length < 2 && Date.now() < deadline; ) await settle();
    for (const deadline = Date.now() + 20_000; (await made()) === madeBefore && Date.now() < deadline; ) await settle();
    expect(await made()).toBe(madeBefore + 1);
    const refreshed = await get('/timed-brotli', browser);
    expect(asked).toEqual(['/timed-brotli', '/timed-brotli']);
    expect(refreshed.headers['content-encoding']).toBe('br');
    expect(html(refreshed)).toContain(`id="__QF_STATE__" nonce="${nonceOf(refreshed)}"`);
  }, 60_000);

  it('serves a page past its maxAgeSeconds while one background render refreshes it, then the fresh one', async () => {
    const first = await get('/timed');
    expect(asked).toEqual(['/timed']);
    const before = html(first).match(/resolve (\d+)/)![1];
    clock += 61_000;
    const stale = await get('/timed');
    expect(html(stale)).toContain(`resolve ${before}`);
    await get('/timed');
    // The background render is answered in its own time (a fixed wait was too short on a busy machine):
    // served stale until then, the fresh page after, from one more resolve.
    let fresh = await get('/timed');
    for (const deadline = Date.now() + 5_000; html(fresh).includes(`resolve ${before}`) && Date.now() < deadline; fresh = await get('/timed')) await settle();
    expect(html(fresh)).not.toContain(`resolve ${before}`);
    expect(asked).toEqual(['/timed', '/timed']);
  });

  it('waits for a new render once a page is past its maxAgeSeconds and the stale window', async () => {
    const first = await get('/timed-out');
    const before = html(first).match(/resolve (\d+)/)![1];
    clock += 60_000 + 60_000 + 1;
    const res = await get('/timed-out');
    expect(html(res)).not.toContain(`resolve ${before}`);
    expect(asked).toEqual(['/timed-out', '/timed-out']);
  });

  it('trusts a page whose owner reports no content version only for a short while', async () => {
    state.content = undefined;
    await get('/u');
    clock += 10_000;
    await get('/u');
    expect(asked).toEqual(['/u']);
    clock += 30_000 + 60_000;
    await get('/u');
    expect(asked).toEqual(['/u', '/u']);
    state.content = 'c3';
  });

  it('never keeps a 503 or a 404, and asks the owner again next time', async () => {
    expect((await get('/broken')).statusCode).toBe(503);
    expect((await get('/broken')).statusCode).toBe(503);
    expect((await get('/gone')).statusCode).toBe(404);
    expect((await get('/gone')).statusCode).toBe(404);
    expect(asked).toEqual(['/broken', '/broken', '/gone', '/gone']);
    state.fail = true;
    expect((await get('/later')).statusCode).toBe(503);
    state.fail = false;
    const res = await get('/later');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age=60');
  });

  it('answers 503 for a kept page while its owner is down, and serves it again from the cache once it is back', async () => {
    const kept = await get('/d');
    state.up = false;
    const down = await get('/d');
    expect(down.statusCode).toBe(503);
    expect(down.headers['cache-control']).toBe('no-store');
    state.up = true;
    const back = await get('/d');
    expect(back.statusCode).toBe(200);
    expect(asked).toEqual(['/d']);
    expect(html(back).replaceAll(nonceOf(back)!, 'N')).toBe(html(kept).replaceAll(nonceOf(kept)!, 'N'));
  });

  it('keeps page data too: a page the browser navigates to is answered without asking the owner, with ETags', async () => {
    await get('/p');
    const data = await get('/page-data/p/page-data.json', { 'accept-encoding': 'br' });
    expect(data.statusCode).toBe(200);
    expect(data.headers['content-encoding']).toBe('br');
    const again = await get('/page-data/p/page-data.json');
    expect(again.json()).toMatchObject({ path: '/p', result: { remote: 'mf-content', page: { template: 'page' } } });
    expect(asked).toEqual(['/p']);
    expect((await get('/page-data/p/page-data.json', { 'if-none-match': String(again.headers.etag) })).statusCode).toBe(304);
    expect((await get('/page-data/gone/page-data.json')).statusCode).toBe(404);
    expect((await get('/page-data/gone/page-data.json')).statusCode).toBe(404);
    expect(asked).toEqual(['/p', '/gone', '/gone']);
  });

  it('keeps a page per query string from its second ask on: a filtered list is not the list', async () => {
    const first = await get('/q?degree=master', { 'accept-encoding': 'br, gzip' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe((await get('/q')).headers['cache-control']);
    await get('/q?degree=master');
    await get('/q?degree=master');
    await get('/q');
    expect(asked).toEqual(['/q?degree=master', '/q', '/q?degree=master']);
  });

  it('drops the query parameters a page does not read: no page of their own, and its owner never sees them', async () => {
    for (const url of ['/u?utm_source=mail', '/u?fbclid=1&x=2', '/u', '/u?']) expect((await get(url)).statusCode).toBe(200);
    expect(asked).toEqual(['/u']);
    expect(renders).toBe(1);
    // What it reads reaches it, ordered by name, without the rest; asked again in another order, it is the same page.
    await get('/u?utm_source=mail&tag=a%20b&degree=phd&tag=c');
    await get('/u?degree=phd&tag=a+b&tag=c&gclid=9');
    expect(asked).toEqual(['/u', '/u?degree=phd&tag=a+b&tag=c', '/u?degree=phd&tag=a+b&tag=c']);
    await get('/u?tag=a+b&degree=phd&tag=c');
    expect(asked).toHaveLength(3);
    // Page data alike.
    await get('/page-data/u/page-data.json?utm_campaign=x');
    expect(asked).toHaveLength(3);
  });

  it('keeps a flood of fresh query keys bounded: one brotli stream made at a time, a small queue, the rest gzip', async () => {
    const metric = async (name: string) => (await shell.observability!.registry.getSingleMetricAsString(name)).split('\n').filter((l) => !l.startsWith('#'));
    const before = process.memoryUsage().rss;
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    // 1,000 keys a page reads, each asked until its stream is asked for: kept from its second ask, popular
    // after BROTLI_AFTER answers from the cache.
    for (let i = 0; i < 1000; i++) {
      for (let k = 0; k < 2 + BROTLI_AFTER; k++) expect((await get(`/flood?tag=${i}`, browser)).statusCode).toBe(200);
    }
    const counts = Object.fromEntries((await metric('qf_page_brotli_total')).map((l) => [/outcome="(\w+)"/.exec(l)![1], Number(l.split(' ').pop())]));
    // Every key asked for its stream; all but those made, waiting, or pushed out of the cache were refused.
    expect(counts.full).toBeGreaterThan(500);
    expect((await metric('qf_page_brotli_waiting'))[0]).toMatch(/ ([0-9]|[12][0-9]|3[0-2])$/);
    // Memory does not grow with the keys (an encoder holds megabytes while it works).
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 * 1024);
  }, 120_000);

  it('answers a page asked once with a query string like a kept one: its own nonce, the ETag of its HTML', async () => {
    const res = await get('/once?tag=newsletter', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    const nonce = nonceOf(res)!;
    expect(html(res)).toContain(`id="__QF_STATE__" nonce="${nonce}"`);
    expect(html(res)).not.toContain('__QF_CSP_NONCE__');
    expect(res.headers.etag).toBe(etagOf(html(res).replaceAll(nonce, NONCE_PLACEHOLDER)));
  });

  it('renders and cuts a page in turns, the first request of a connection and a last step ahead; a kept page takes none', async () => {
    await shell.listen({ port: 0, host: '127.0.0.1' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const base = `http://127.0.0.1:${(shell.server.address() as AddressInfo).port}`;
    const status = (p: string) =>
      new Promise<number | undefined>((resolve, reject) => {
        http.get(`${base}${p}`, { agent, headers: { 'accept-encoding': 'gzip' } }, (res) => res.resume().on('end', () => resolve(res.statusCode))).on('error', reject);
      });
    try {
      turnsTaken.length = 0;
      // Two pages never kept (asked once with a query string), on one connection: a render and the
      // cutting of its body each; only the connection's first render goes ahead, every last step does.
      expect(await status('/turns?tag=a')).toBe(200);
      expect(await status('/turns?tag=b')).toBe(200);
      expect(turnsTaken).toEqual([true, true, false, true]);
      turnsTaken.length = 0;
      // A page kept: its render and its first answer's compression take a turn each, a hit none.
      expect(await status('/turns')).toBe(200);
      expect(await status('/turns')).toBe(200);
      expect(turnsTaken).toEqual([false, true]);
      expect(turns.waiting).toBe(0);
    } finally {
      agent.destroy();
    }
  });
});
