import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildInfoSchema, resolverAnswerSchema } from '@qf/shared/contracts';
import { createServer, request as httpRequest } from 'node:http';
import { sections, shell } from '../../../scripts/workspaces.cjs';
import { PREVIEW_HEADER } from './preview';
import { createRemoteServer, defaultPortOf, defaultPorts, gracefulClose, lingerThenClose, reportedContentVersion } from './remote-server';

describe('createRemoteServer', () => {
  const asked: [string, string, string][] = [];
  const start = () =>
    createRemoteServer({
      name: 'mf-content',
      dir: os.tmpdir(),
      env: { SHELL_ORIGINS: 'http://shell.test' },
      resolvePage: async (path, lang, query) => {
        asked.push([path, lang, query.toString()]);
        return path === '/program' ? { template: 'programs', head: { title: 'Programmes', description: '', alternatePath: '/ar/program' }, data: {}, widgets: [], hydration: 'idle' } : null;
      },
    });

  it('hands the page its query string, and answers 404 for a page it does not have', async () => {
    const { app } = await start();
    expect((await app.inject('/_qf/page?path=/program&lang=ar&query=school%3Dx%26degree%3Dphd')).statusCode).toBe(200);
    expect((await app.inject('/_qf/page?path=/program/&lang=en')).statusCode).toBe(200);
    expect((await app.inject('/_qf/page?path=/nope&lang=en')).json()).toEqual({ found: false });
    expect(asked).toEqual([
      ['/program', 'ar', 'school=x&degree=phd'],
      ['/program', 'en', ''],
      ['/nope', 'en', ''],
    ]);
    await app.close();
  });

  it('answers a preview only to the preview secret, from its preview pages, never to be kept (issue 35)', async () => {
    const secret = 'p'.repeat(40);
    const page = (title: string) => ({ template: 'story', head: { title, description: '', alternatePath: '/ar/a' }, data: {}, widgets: [], hydration: 'idle' as const });
    const { app } = await createRemoteServer({
      name: 'mf-content',
      dir: os.tmpdir(),
      env: { CONTENT_PREVIEW_SECRET: secret },
      contentVersion: async () => 'files:1',
      resolvePage: async (p) => (p === '/a' ? page('Published') : null),
      previewPage: async (p) => (p === '/a' || p === '/draft' ? page('Draft') : null),
    });
    const ask = (p: string, header?: string) => app.inject({ url: `/_qf/page?path=${p}&lang=en`, headers: header === undefined ? {} : { [PREVIEW_HEADER]: header } });
    const published = await ask('/a');
    expect(resolverAnswerSchema.parse(published.json()).page.head.title).toBe('Published');
    expect((await ask('/draft')).statusCode).toBe(404);
    const preview = await ask('/a', secret);
    expect(preview.headers['cache-control']).toBe('no-store');
    const answer = resolverAnswerSchema.parse(preview.json());
    expect(answer.page.head.title).toBe('Draft');
    // Made from drafts: no content version the shell could keep it under.
    expect(answer).not.toHaveProperty('contentVersion');
    expect(resolverAnswerSchema.parse((await ask('/draft', secret)).json()).page.head.title).toBe('Draft');
    for (const wrong of ['', 'x', secret.slice(1), `${secret}x`]) {
      const refused = await ask('/a', wrong);
      expect([refused.statusCode, refused.headers['cache-control']]).toEqual([403, 'no-store']);
      expect(refused.body).not.toContain('Draft');
    }
    await app.close();
  });

  it('refuses every preview when it has no preview secret, and shows its published pages to one it has no preview pages for', async () => {
    const page = { template: 'form', head: { title: 'Apply', description: '', alternatePath: '/ar/apply' }, data: {}, widgets: [], hydration: 'idle' as const };
    const without = await createRemoteServer({ name: 'mf-forms', dir: os.tmpdir(), env: {}, resolvePage: async () => page });
    expect((await without.app.inject({ url: '/_qf/page?path=/apply&lang=en', headers: { [PREVIEW_HEADER]: 'p'.repeat(40) } })).statusCode).toBe(403);
    await without.app.close();
    const secret = 'q'.repeat(32);
    const withSecret = await createRemoteServer({ name: 'mf-forms', dir: os.tmpdir(), env: { CONTENT_PREVIEW_SECRET: secret }, resolvePage: async () => page });
    const answer = await withSecret.app.inject({ url: '/_qf/page?path=/apply&lang=en', headers: { [PREVIEW_HEADER]: secret } });
    expect([answer.statusCode, resolverAnswerSchema.parse(answer.json()).page.head.title]).toEqual([200, 'Apply']);
    await withSecret.app.close();
    await expect(createRemoteServer({ name: 'mf-forms', dir: os.tmpdir(), env: { CONTENT_PREVIEW_SECRET: 'short' } })).rejects.toThrow('CONTENT_PREVIEW_SECRET must have at least 32 characters');
  });

  it('gives a listing page of its paths its head in both languages, from its own resolver, for search', async () => {
    const { app } = await createRemoteServer({
      name: 'mf-media-center',
      dir: os.tmpdir(),
      env: {},
      resolvePage: async (p, lang) =>
        p === '/media-center/media-mentions' ? { template: 'mentions', head: { title: lang === 'ar' ? 'التغطيات الإعلامية' : 'Media mentions', description: lang === 'ar' ? 'ما كتبته الصحافة' : 'What the press wrote', alternatePath: '/x' }, data: {}, widgets: [], hydration: 'idle' } : null,
      listPaths: async () => [
        { en: '/media-center/media-mentions', ar: '/ar/media-center/media-mentions', listing: true },
        { en: '/media-center/news/a', ar: '/ar/media-center/news/a', lastmod: '2026-01-01' },
        // A listing page its resolver does not know is listed without a head (the sitemap still has it).
        { en: '/media-center/gone', ar: '/ar/media-center/gone', listing: true },
      ],
    });
    expect((await app.inject('/_qf/paths')).json()).toEqual([
      {
        en: '/media-center/media-mentions',
        ar: '/ar/media-center/media-mentions',
        listing: true,
        head: { en: { title: 'Media mentions', description: 'What the press wrote' }, ar: { title: 'التغطيات الإعلامية', description: 'ما كتبته الصحافة' } },
      },
      { en: '/media-center/news/a', ar: '/ar/media-center/news/a', lastmod: '2026-01-01' },
      { en: '/media-center/gone', ar: '/ar/media-center/gone', listing: true },
    ]);
    expect((await app.inject('/_qf/paths?listing=1')).json()).toEqual([expect.objectContaining({ en: '/media-center/media-mentions', head: expect.any(Object) }), expect.objectContaining({ en: '/media-center/gone' })]);
    await app.close();
  });

  it('makes its paths once per content version, and again when the content changes or says no version', async () => {
    let version: string | undefined = 'files:1';
    let made = 0;
    let title = 'First';
    const { app } = await createRemoteServer({
      name: 'mf-idkt',
      dir: os.tmpdir(),
      env: {},
      contentVersion: async () => version,
      listPaths: async () => (made++, [{ en: `/idkt/${title}`, ar: `/ar/idkt/${title}` }]),
    });
    const paths = async (query = '') => (await app.inject(`/_qf/paths${query}`)).json<{ en: string }[]>().map((e) => e.en);
    const asked = await Promise.all([paths(), paths(), paths('?listing=1')]);
    expect(asked).toEqual([['/idkt/First'], ['/idkt/First'], []]);
    expect(made).toBe(1);
    title = 'Second';
    expect(await paths()).toEqual(['/idkt/First']);
    version = 'files:2';
    expect([await paths(), await paths(), made]).toEqual([['/idkt/Second'], ['/idkt/Second'], 2]);
    version = undefined;
    title = 'Third';
    expect([await paths(), await paths(), made]).toEqual([['/idkt/Third'], ['/idkt/Third'], 4]);
    await app.close();
  });

  it('answers 500 when its paths cannot be made, and makes them again at the next ask', async () => {
    let fail = true;
    const { app } = await createRemoteServer({
      name: 'mf-idkt',
      dir: os.tmpdir(),
      env: { LOG_LEVEL: 'silent' },
      contentVersion: async () => 'files:1',
      listPaths: async () => {
        if (fail) throw new Error('the store is broken');
        return [{ en: '/idkt', ar: '/ar/idkt', listing: true }];
      },
    });
    expect((await app.inject('/_qf/paths?listing=1')).statusCode).toBe(500);
    fail = false;
    expect((await app.inject('/_qf/paths')).json()).toEqual([{ en: '/idkt', ar: '/ar/idkt', listing: true }]);
    await app.close();
  });

  it('reports the version of its content in its build info, and a changed version when the content changes', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qf-remote-'));
    mkdirSync(path.join(dir, 'dist'));
    writeFileSync(path.join(dir, 'dist', 'build-info.json'), JSON.stringify({ name: 'mf-events', version: '1.0.0', buildId: 'b1', builtAt: '2026-11-22T00:00:00Z' }));
    let version: string | undefined = 'files:1';
    const { app } = await createRemoteServer({ name: 'mf-events', dir, env: {}, contentVersion: async () => version });
    const first = buildInfoSchema.parse((await app.inject('/build-info.json')).json());
    expect(first).toMatchObject({ buildId: 'b1', contentVersion: expect.stringMatching(/^[\w-]{16}$/) });
    expect(buildInfoSchema.parse((await app.inject('/build-info.json')).json()).contentVersion).toBe(first.contentVersion);
    version = 'files:2';
    const second = buildInfoSchema.parse((await app.inject('/build-info.json')).json());
    expect(second.contentVersion).not.toBe(first.contentVersion);
    // A source without a version (or failing to say it) is reported without one.
    version = undefined;
    expect((await app.inject('/build-info.json')).json()).not.toHaveProperty('contentVersion');
    await app.close();
    const { app: plain } = await createRemoteServer({ name: 'mf-events', dir, env: {} });
    expect((await plain.inject('/build-info.json')).json()).toEqual({ name: 'mf-events', version: '1.0.0', buildId: 'b1', builtAt: '2026-11-22T00:00:00Z' });
    await plain.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('looks at its content when the shell relays the CMS\'s webhook with the secret, and answers the version after (issue 35)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qf-remote-'));
    const secret = 'a-webhook-secret-of-at-least-32-chars';
    let version = 'files:1';
    const refreshContent = jest.fn(async () => {
      version = 'files:2';
    });
    const { app } = await createRemoteServer({ name: 'mf-events', dir, env: { CONTENT_WEBHOOK_SECRET: secret }, contentVersion: async () => version, refreshContent });
    expect((await app.inject({ method: 'POST', url: '/_qf/content/refresh' })).statusCode).toBe(401);
    expect(refreshContent).not.toHaveBeenCalled();
    const res = await app.inject({ method: 'POST', url: '/_qf/content/refresh', headers: { 'x-qf-webhook-secret': secret } });
    expect([res.statusCode, res.json()]).toEqual([200, { name: 'mf-events', contentVersion: reportedContentVersion('files:2') }]);
    expect(refreshContent).toHaveBeenCalledTimes(1);
    await app.close();
    // Without a secret the address does not exist.
    const { app: plain } = await createRemoteServer({ name: 'mf-events', dir, env: {}, refreshContent });
    expect((await plain.inject({ method: 'POST', url: '/_qf/content/refresh', headers: { 'x-qf-webhook-secret': secret } })).statusCode).toBe(404);
    await plain.close();
    await expect(createRemoteServer({ name: 'mf-events', dir, env: { CONTENT_WEBHOOK_SECRET: 'short' } })).rejects.toThrow('CONTENT_WEBHOOK_SECRET must have at least 32 characters');
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a page with the content version it was made from, read before the page (the shell keeps it under that one)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qf-remote-'));
    mkdirSync(path.join(dir, 'dist'));
    writeFileSync(path.join(dir, 'dist', 'build-info.json'), JSON.stringify({ name: 'mf-content', version: '1.0.0', buildId: 'b1', builtAt: '2026-11-22T00:00:00Z' }));
    let version: string | undefined = 'files:1';
    const { app } = await createRemoteServer({
      name: 'mf-content',
      dir,
      env: {},
      contentVersion: async () => version,
      // The content changes while the page is being made: the answer names the version read first.
      resolvePage: async () => {
        version = 'files:2';
        return { template: 'story', head: { title: 'A story', description: '', alternatePath: '/ar/a' }, data: {}, widgets: [], hydration: 'idle' };
      },
    });
    const before = buildInfoSchema.parse((await app.inject('/build-info.json')).json()).contentVersion;
    const answer = resolverAnswerSchema.parse((await app.inject('/_qf/page?path=/a&lang=en')).json());
    expect(answer.contentVersion).toBe(before);
    expect(buildInfoSchema.parse((await app.inject('/build-info.json')).json()).contentVersion).not.toBe(before);
    version = undefined;
    expect((await app.inject('/_qf/page?path=/a&lang=en')).json()).not.toHaveProperty('contentVersion');
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers while it warms up, says it is starting until every task is done, and tries a failed one again instead of exiting (issue 35)', async () => {
    const server = await start();
    let finish!: () => void;
    let attempts = 0;
    server.warmUp('search index', () => new Promise<void>((resolve) => (finish = resolve)));
    server.warmUp('sitemap', async () => {
      if (++attempts === 1) throw new Error('the store is busy');
    });
    const health = async () => {
      const res = await server.app.inject('/healthz');
      return { status: res.statusCode, body: res.json() as unknown };
    };
    // Ready (inject readies it): the tasks run, the server answers pages meanwhile.
    await expect(health()).resolves.toEqual({ status: 503, body: { status: 'starting', name: 'mf-content', waiting: ['search index', 'sitemap (failed: the store is busy)'] } });
    // Alive all the same: what Kubernetes' startup and liveness probes ask (deploy/k8s).
    expect((await server.app.inject('/livez')).json()).toEqual({ status: 'live', name: 'mf-content' });
    expect((await server.app.inject('/_qf/page?path=/program&lang=en')).statusCode).toBe(200);
    finish();
    // The failed task is tried again after a second.
    const until = Date.now() + 5000;
    while (Date.now() < until && (await health()).status !== 200) await new Promise((r) => setTimeout(r, 50));
    await expect(health()).resolves.toEqual({ status: 200, body: { status: 'ok', name: 'mf-content' } });
    expect(attempts).toBe(2);
    await server.app.close();
  });

  it('leaves its connections to Node\'s native parsing (nothing listens to their data: a listener makes every request a JS stream read)', async () => {
    const { app } = await createRemoteServer({ name: 'mf-forms', dir: os.tmpdir(), env: { PORT: '0' } });
    const sockets: (net.Socket & { parser?: { _consumed?: boolean } | null })[] = [];
    app.server.on('connection', (socket) => sockets.push(socket));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    try {
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((r) => socket.once('connect', r));
      socket.write('GET /livez HTTP/1.1\r\nHost: a\r\n\r\n');
      await new Promise((r) => socket.once('data', r));
      socket.destroy();
      expect(sockets[0]?.parser?._consumed).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('answers a request that does not arrive whole within its deadline with 408 in its language, and frees the connection (issue 37, M2)', async () => {
    const { app } = await createRemoteServer({ name: 'mf-forms', dir: os.tmpdir(), env: { PORT: '0', HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '1000' } });
    app.post('/api/forms/x', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    const send = (first: string) =>
      new Promise<{ text: string; ms: number }>((resolve) => {
        const started = Date.now();
        const socket = net.connect(port, '127.0.0.1', () => socket.write(first));
        let text = '';
        socket.on('data', (d) => (text += d.toString()));
        socket.on('error', () => undefined);
        socket.on('close', () => resolve({ text, ms: Date.now() - started }));
      });
    const [body, head] = await Promise.all([send('POST /api/forms/x?lang=ar HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{'), send('GET /healthz HTTP/1.1\r\nHost: a\r\n')]);
    expect(body.text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n[\s\S]*\r\n\r\n\{"error":"timeout","message":"استغرق وصول طلبك/);
    expect(head.text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n[\s\S]*"message":"Your request took too long to arrive/);
    for (const answer of [body, head]) expect(answer.ms).toBeLessThan(3000);
    await app.close();
  });

  it('allows the shell origin only, and always varies on Origin so no cached answer leaks between the two', async () => {
    const { app } = await start();
    const plain = await app.inject('/healthz');
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/Origin/);
    expect((await app.inject({ url: '/healthz', headers: { origin: 'http://shell.test' } })).headers['access-control-allow-origin']).toBe('http://shell.test');
    expect((await app.inject({ url: '/healthz', headers: { origin: 'http://evil.test' } })).headers['access-control-allow-origin']).toBeUndefined();
    await app.close();
  });
});

describe('default ports', () => {
  it('are the ones the workspaces give their sections and the shell', () => {
    expect(Object.fromEntries([shell, ...sections].map((w) => [w.name, defaultPortOf(w.name)]))).toEqual(Object.fromEntries([shell, ...sections].map((w) => [w.name, w.port])));
    expect(Object.keys(defaultPorts).sort()).toEqual([shell.name, ...sections.map((s) => s.name)].sort());
  });

  it('a section built elsewhere has none: it starts with PORT, and refuses to start without, naming it', async () => {
    expect(defaultPortOf('mf-sample')).toBeUndefined();
    expect(defaultPortOf('constructor')).toBeUndefined();
    await expect(createRemoteServer({ name: 'mf-sample', dir: os.tmpdir(), env: {} })).rejects.toThrow('PORT: required (mf-sample has no default port)');
    const { app, port } = await createRemoteServer({ name: 'mf-sample', dir: os.tmpdir(), env: { PORT: '3999' } });
    expect(port).toBe(3999);
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok', name: 'mf-sample' });
    await app.close();
  });
});

describe('what a section serves and whom it believes', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'qf-remote-public-'));
    for (const folder of ['browser', 'server']) {
      mkdirSync(path.join(dir, 'dist', folder), { recursive: true });
      writeFileSync(path.join(dir, 'dist', folder, 'remoteEntry.js'), 'var x = 1;');
      writeFileSync(path.join(dir, 'dist', folder, 'remoteEntry.js.map'), JSON.stringify({ version: 3, sources: ['a.ts'], sourcesContent: ['secret'] }));
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("serves its Node build to the shell but never that build's source maps, however the path is spelled", async () => {
    const { app } = await createRemoteServer({ name: 'mf-forms', dir, env: {} });
    expect((await app.inject('/server/remoteEntry.js')).statusCode).toBe(200);
    for (const url of ['/server/remoteEntry.js.map', '/server/remoteEntry.js.%6dap', '/%73erver/remoteEntry.js.map', '/server/remoteEntry.js.map?x=1']) {
      const res = await app.inject(url);
      expect([url, res.statusCode, res.body.includes('sourcesContent')]).toEqual([url, 404, false]);
    }
    await app.close();
  });

  it('believes X-Forwarded-For and -Proto from its trusted proxies only (the shell on this machine by default)', async () => {
    const { app } = await createRemoteServer({ name: 'mf-forms', dir, env: {} });
    app.get('/whoami', async (request) => ({ ip: request.ip, protocol: request.protocol }));
    const forwarded = { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' };
    expect((await app.inject({ url: '/whoami', remoteAddress: '127.0.0.1', headers: forwarded })).json()).toEqual({ ip: '203.0.113.7', protocol: 'https' });
    expect((await app.inject({ url: '/whoami', remoteAddress: '198.51.100.9', headers: forwarded })).json()).toEqual({ ip: '198.51.100.9', protocol: 'http' });
    await app.close();
    const { app: behindOther } = await createRemoteServer({ name: 'mf-forms', dir, env: { TRUSTED_PROXIES: '10.0.0.0/8' } });
    behindOther.get('/whoami', async (request) => ({ ip: request.ip }));
    expect((await behindOther.inject({ url: '/whoami', remoteAddress: '10.1.2.3', headers: forwarded })).json()).toEqual({ ip: '203.0.113.7' });
    expect((await behindOther.inject({ url: '/whoami', remoteAddress: '127.0.0.1', headers: forwarded })).json()).toEqual({ ip: '127.0.0.1' });
    await behindOther.close();
  });

  it('sends its security headers and answers what no route takes with its own translated error', async () => {
    const { app } = await createRemoteServer({ name: 'mf-forms', dir, env: {} });
    const health = await app.inject('/healthz');
    expect(health.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'strict-origin-when-cross-origin' });
    for (const [method, url, status] of [
      ['POST', '/', 404],
      ['GET', '/browser/..%2f..%2fpackage.json', 404],
      ['GET', '/browser/%E0%A4%A', 400],
      ['PUT', '/api/forms/x?lang=ar', 404],
    ] as const) {
      const res = await app.inject({ method, url });
      expect([method, url, res.statusCode]).toEqual([method, url, status]);
      expect(res.body).not.toMatch(/FST_|Route \w+:|statusCode|%E0/);
      expect(res.json()).toHaveProperty('message');
    }
    expect((await app.inject({ method: 'PUT', url: '/api/forms/x?lang=ar' })).json()).toEqual({ error: 'not-found', message: 'لا يوجد شيء على هذا العنوان.' });
    await app.close();
  });

  it('answers a body over its limit with a 413 that keeps the connection, so a client still sending reads it', async () => {
    const { app } = await createRemoteServer({ name: 'mf-forms', dir, env: {} });
    app.post('/api/forms/x', async () => ({ ok: true }));
    const res = await app.inject({ method: 'POST', url: '/api/forms/x', headers: { 'content-type': 'application/json' }, payload: Buffer.alloc(2 * 1024 * 1024, 'a') });
    expect(res.statusCode).toBe(413);
    expect(res.headers.connection).not.toBe('close');
    await app.close();
  });
});

describe('lingerThenClose', () => {
  it('drops a refused body after the answer, and cuts a client that goes on sending past the bound', async () => {
    const server = createServer((req, res) => {
      res.writeHead(413, { 'content-type': 'text/plain' }).end('too large');
      lingerThenClose(req, res, { bytes: 256 * 1024, ms: 2_000 });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const outcome = await new Promise<{ status: number; cut: boolean; sent: number }>((resolve) => {
      let status = 0;
      let sent = 0;
      const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/', agent: false, headers: { 'content-type': 'application/octet-stream' } }, (res) => {
        status = res.statusCode ?? 0;
        res.resume();
      });
      req.on('error', () => resolve({ status, cut: true, sent }));
      const chunk = Buffer.alloc(64 * 1024);
      // Keeps sending whatever the answer says, up to 64 MB.
      const pump = () => {
        while (sent < 64 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end(() => resolve({ status, cut: false, sent }));
      };
      pump();
    });
    server.close();
    expect(outcome.status).toBe(413);
    expect(outcome.cut).toBe(true);
    expect(outcome.sent).toBeLessThan(32 * 1024 * 1024);
  });
});

describe('gracefulClose', () => {
  /** A server on a free loopback port with one slow route, and a client that keeps its sockets alive. */
  async function serve(deadlineMs?: number) {
    const app = Fastify();
    let release: () => void = () => undefined;
    app.get('/slow', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { answered: 'whole' };
    });
    app.get('/fast', async () => ({ ok: true }));
    const stop = gracefulClose(app, deadlineMs);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    return { app, stop, url: `http://127.0.0.1:${port}`, release: () => release() };
  }

  it('answers a request in progress whole, then stops at once although the client keeps its sockets alive', async () => {
    const { stop, url, release } = await serve();
    // An idle pooled socket, and a busy one: Node would keep the busy one open for 72 s once it is idle.
    await (await fetch(`${url}/fast`)).text();
    const busy = fetch(`${url}/slow`);
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    const stopped = stop();
    expect(stop()).toBe(stopped);
    setTimeout(release, 200);
    const res = await busy;
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toEqual({ answered: 'whole' });
    await stopped;
    expect(Date.now() - started).toBeLessThan(3000);
    await expect(fetch(`${url}/fast`)).rejects.toThrow();
  });

  it('closes a connection that never sent a request (a browser preconnect) instead of waiting for it', async () => {
    const { stop, url } = await serve();
    const { port } = new URL(url);
    const preconnect = net.connect(Number(port), '127.0.0.1');
    await new Promise((r) => preconnect.once('connect', r));
    const closed = new Promise((r) => preconnect.once('close', r));
    const started = Date.now();
    await stop();
    await closed;
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('cuts the connections still open at the deadline, and says which requests it cut', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { stop, url } = await serve(300);
    const busy = fetch(`${url}/slow`).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await stop();
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(busy).resolves.toBe('cut');
    expect(warn).toHaveBeenCalledWith('still open after 300 ms, cut: GET /slow');
    warn.mockRestore();
  });
});
