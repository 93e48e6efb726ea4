import type { FastifyInstance } from 'fastify';
import { createRemoteServer } from '@qf/shared/server';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { connect, type AddressInfo } from 'node:net';
import { buildShellServer } from './app';
import { loadConfig } from './config';
import { standInRoutes, writeShellBuild } from './test-build';
import { gatewayTarget } from './gateway';

/** Closes servers at once: keep-alive sockets (the gateway's pool to a section, a client's) would hold each close for seconds. */
const closeAll = (apps: FastifyInstance[]) =>
  Promise.all(
    apps.map(async (app) => {
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
    }),
  );

describe('gatewayTarget', () => {
  it('sends a section its own API path, rebuilt from the decoded segments, with the query as sent', () => {
    expect(gatewayTarget('/api/forms/newsletter?lang=ar')).toEqual({ ok: true, remote: 'mf-forms', path: '/api/forms/newsletter?lang=ar' });
    expect(gatewayTarget('/api/%66orms/newsletter')).toEqual({ ok: true, remote: 'mf-forms', path: '/api/forms/newsletter' });
    expect(gatewayTarget('/api/media-center/mentions/a%20b')).toEqual({ ok: true, remote: 'mf-media-center', path: '/api/media-center/mentions/a%20b' });
  });

  it('refuses dot segments, backslashes, encoded slashes and control characters before choosing a section', () => {
    for (const url of [
      '/api/forms/%2e%2e/%2e%2e/ops/ecss-questions',
      '/api/forms/../../_qf/page?path=/',
      '/api/forms/%2E%2E/build-info.json',
      '/api/forms/./newsletter',
      '/api/forms/%2e/newsletter',
      '/api/forms/a%2f..%2f..%2fbuild-info.json',
      '/api/forms/a%5c..%5cbuild-info.json',
      '/api/forms/a\\..\\server',
      '/api/forms/a%00b',
      '/api/forms/%E0%A4%A',
    ]) {
      expect([url, gatewayTarget(url)]).toEqual([url, { ok: false, status: 400 }]);
    }
  });

  it('takes a section by the form of its name, never a malformed one (which section exists is the registry\'s word)', () => {
    // Well formed: the registry of the request then says whether there is such a section (see below).
    expect(gatewayTarget('/api/sample/items?x=1')).toEqual({ ok: true, remote: 'mf-sample', path: '/api/sample/items?x=1' });
    expect(gatewayTarget('/api/nope/x')).toEqual({ ok: true, remote: 'mf-nope', path: '/api/nope/x' });
    for (const url of [
      '/api/forms',
      '/api/',
      '/api/Forms/x',
      '/api/FORMS/x',
      '/api/1forms/x',
      '/api/-forms/x',
      '/api/fo_rms/x',
      '/api/sample.evil.example/x',
      '/api/sample@evil.example/x',
      '/api/sample:80/x',
      '/api/%73ample%40evil.example/x',
      `/api/${'a'.repeat(61)}/x`,
      '/api//x',
    ]) {
      expect([url, gatewayTarget(url).ok]).toEqual([url, false]);
    }
  });
});

/**
 * The gateway through HTTP, in front of a stand-in section that records what reaches it and has, beside
 * its API, the internal routes a section serves (page data for the shell, build info, an ops export).
 */
describe('the API gateway', () => {
  let dir: string;
  let section: FastifyInstance;
  let shell: FastifyInstance;
  let proxied: FastifyInstance;
  let shellUrl: string;
  let sectionUrl: string;
  let proxiedUrl: string;
  let sample: FastifyInstance;
  let sampleUrl: string;
  const reached: string[] = [];
  /** The registry the shells read (again at every request: REMOTE_STATUS_TTL_MS=0), with more sections when given. */
  let bump = 0;
  const writeRegistry = (more: Record<string, { url: string }> = {}) => {
    const file = path.join(dir, 'registry.json');
    writeFileSync(file, JSON.stringify({ remotes: { 'mf-forms': { url: sectionUrl }, ...more } }));
    // A new modification time for each version, whatever the clock's resolution (the shell reads it again on a new one).
    const at = new Date(Date.now() + ++bump * 1000);
    utimesSync(file, at, at);
  };
  const listen = async (app: FastifyInstance) => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'qf-gateway-'));
    writeShellBuild(dir);

    // A section as every remote's server is made (its 413 behaviour is the one under test), whose API
    // refuses bodies over 64 KB by their declared length, as mf-forms does.
    mkdirSync(path.join(dir, 'section', 'dist', 'browser'), { recursive: true });
    mkdirSync(path.join(dir, 'section', 'dist', 'server'), { recursive: true });
    ({ app: section } = await createRemoteServer({ name: 'mf-forms', dir: path.join(dir, 'section'), env: {} }));
    section.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, JSON.parse(String(body)) as unknown));
    section.addHook('onRequest', async (request) => {
      reached.push(request.url);
    });
    section.post('/api/forms/echo', async (request) => ({ forwardedFor: request.headers['x-forwarded-for'], forwardedProto: request.headers['x-forwarded-proto'], url: request.url }));
    section.get('/ops/ecss-questions', async () => ({ internal: 'ops' }));
    section.post('/api/forms/outcome', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<!doctype html><html lang="en"><body><main><h1>Thank you</h1></main></body></html>'));
    sectionUrl = await listen(section);

    // A section no build of the shell knows of, with an API of its own: in the registry only when a test puts it there.
    mkdirSync(path.join(dir, 'sample', 'dist', 'browser'), { recursive: true });
    mkdirSync(path.join(dir, 'sample', 'dist', 'server'), { recursive: true });
    ({ app: sample } = await createRemoteServer({ name: 'mf-sample', dir: path.join(dir, 'sample'), env: { PORT: '0' } }));
    sample.addHook('onRequest', async (request) => {
      reached.push(`mf-sample ${request.url}`);
    });
    sample.get('/api/sample/items', async (request) => ({ from: 'mf-sample', url: request.url }));
    sampleUrl = await listen(sample);

    writeRegistry();
    const config = loadConfig({ REGISTRY: path.join(dir, 'registry.json'), SITE_URL: 'https://www.example.org', REMOTE_STATUS_TTL_MS: '0', CONTENT_DIR: path.resolve(__dirname, '../../content'), API_BODY_LIMIT_BYTES: String(2 * 1024 * 1024) });
    shell = await buildShellServer({ ...config, clientDir: path.join(dir, 'dist', 'client') });
    shellUrl = await listen(shell);
    // The same shell behind a proxy on this machine that the operator named.
    proxied = await buildShellServer({ ...config, trustedProxies: ['loopback'], clientDir: path.join(dir, 'dist', 'client') });
    proxiedUrl = await listen(proxied);
  });

  afterAll(async () => {
    await closeAll([shell, proxied, section, sample]);
    rmSync(dir, { recursive: true, force: true });
  });

  /** A request sent byte for byte as written (fetch would normalise the dot segments itself). */
  const raw = (base: string, method: string, target: string, headers: Record<string, string> = {}, body?: Buffer | (() => AsyncIterable<Buffer>)) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const { hostname, port } = new URL(base);
      const req = httpRequest({ host: hostname, port, method, path: target, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      });
      req.on('error', reject);
      if (typeof body === 'function') {
        void (async () => {
          for await (const chunk of body()) if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
          req.end();
        })().catch(() => undefined);
      } else req.end(body);
    });

  it("never reaches a section's internal routes, however the path is spelled (they answered 200)", async () => {
    reached.length = 0;
    const urls = [
      '/api/forms/%2e%2e/%2e%2e/ops/ecss-questions',
      '/api/forms/%2e%2e/%2e%2e/_qf/page?path=/&lang=en',
      '/api/forms/%2e%2e/%2e%2e/_qf/paths',
      '/api/forms/%2E%2E/%2E%2E/build-info.json',
      '/api/forms/%2e%2e/%2e%2e/server/remoteEntry.js.map',
      '/api/forms/..%2f..%2fbuild-info.json',
      '/api/forms/..%5c..%5cbuild-info.json',
    ];
    for (const url of urls) {
      const res = await raw(shellUrl, 'GET', url);
      expect([url, res.status, JSON.parse(res.body)]).toEqual([url, 400, { error: 'bad-request', message: 'This address could not be read. Please check it and try again.' }]);
    }
    const ar = await raw(shellUrl, 'GET', '/api/forms/%2e%2e/%2e%2e/ops/ecss-questions?lang=ar');
    expect(JSON.parse(ar.body).message).toBe('تعذّرت قراءة هذا العنوان. يُرجى التحقق منه والمحاولة مرة أخرى.');
    expect(reached).toEqual([]);
    // The same spellings sent to the section itself do reach those routes: the gateway is what refuses.
    expect((await raw(sectionUrl, 'GET', '/api/forms/%2e%2e/%2e%2e/ops/ecss-questions')).status).toBe(404);
    expect((await raw(sectionUrl, 'GET', '/ops/ecss-questions')).status).toBe(200);
  });

  it('forwards to a section the shell was built without once the registry names it, at its entry\'s address, without a restart', async () => {
    reached.length = 0;
    const absent = await raw(shellUrl, 'GET', '/api/sample/items?lang=ar');
    expect([absent.status, JSON.parse(absent.body)]).toEqual([404, { error: 'not-found', message: 'الصفحة التي تبحث عنها غير موجودة أو تم نقلها.' }]);
    writeRegistry({ 'mf-sample': { url: sampleUrl } });
    try {
      const present = await raw(shellUrl, 'GET', '/api/%73ample/items?lang=ar');
      expect([present.status, JSON.parse(present.body)]).toEqual([200, { from: 'mf-sample', url: '/api/sample/items?lang=ar' }]);
      // Only that section: a well-formed name the registry does not have reaches nothing.
      for (const url of ['/api/other/items', '/api/shell/x', '/api/sample-x/items']) expect([url, (await raw(shellUrl, 'GET', url)).status]).toEqual([url, 404]);
      // And the path never chooses a host: what is after the section is the section's path on the entry's server.
      expect((await raw(shellUrl, 'GET', '/api/sample/%2f%2fevil.example/x')).status).toBe(400);
      expect((await raw(shellUrl, 'GET', '/api/sample@evil.example/items')).status).toBe(404);
      expect(reached).toEqual(['mf-sample /api/sample/items?lang=ar']);
    } finally {
      writeRegistry();
    }
    expect((await raw(shellUrl, 'GET', '/api/sample/items')).status).toBe(404);
    expect(reached).toEqual(['mf-sample /api/sample/items?lang=ar']);
  });

  it('asks the section for the decoded path, so a percent-encoded spelling is the same route to its guard', async () => {
    const res = await raw(shellUrl, 'POST', '/api/%66orms/echo?lang=en', { 'content-type': 'application/json' }, Buffer.from('{}'));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).url).toBe('/api/forms/echo?lang=en');
  });

  it("forwards the address it saw, not a client's X-Forwarded-For (rotating it escaped every rate limit)", async () => {
    const res = await raw(shellUrl, 'POST', '/api/forms/echo', { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.5', 'x-forwarded-proto': 'https' }, Buffer.from('{}'));
    expect(JSON.parse(res.body)).toMatchObject({ forwardedFor: '127.0.0.1', forwardedProto: 'http' });
  });

  it('believes X-Forwarded-For and -Proto from a configured proxy', async () => {
    const res = await raw(proxiedUrl, 'POST', '/api/forms/echo', { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.5', 'x-forwarded-proto': 'https' }, Buffer.from('{}'));
    expect(JSON.parse(res.body)).toMatchObject({ forwardedFor: '203.0.113.5', forwardedProto: 'https' });
  });

  it("passes the section's 413 through for a body over its limit, every time (6 of 10 were 503)", async () => {
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await raw(shellUrl, 'POST', '/api/forms/echo', { 'content-type': 'application/json' }, Buffer.alloc(1024 * 1024, 'a'))).status);
    // Bodies of several MB: the section answers at the first 64 KB and drops the rest in flight.
    for (let i = 0; i < 5; i++) statuses.push((await raw(shellUrl, 'POST', '/api/forms/echo', { 'content-type': 'application/json' }, Buffer.alloc(1900 * 1024, 'a'))).status);
    expect(statuses).toEqual(Array(15).fill(413));
  });

  it('closes the connection a moment after passing on an early 413, for a browser still sending (it read and dropped for 2 s first)', async () => {
    // A browser on a real connection: 1.9 MB declared, sent 64 KB every 100 ms (3 s in all). The section
    // answers at its first 64 KB; Chromium reads that answer only once its connection ends.
    const { port } = new URL(shellUrl);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const started = Date.now();
    let answeredAt = 0;
    let text = '';
    socket.on('data', (d: Buffer) => {
      text += d.toString();
      answeredAt ||= Date.now();
    });
    socket.on('error', () => undefined);
    const closed = new Promise<number>((r) => socket.once('close', () => r(Date.now())));
    socket.write(`POST /api/forms/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${30 * 64 * 1024}\r\n\r\n`);
    const sending = (async () => {
      for (let i = 0; i < 30 && !socket.destroyed; i++) {
        socket.write(Buffer.alloc(64 * 1024, 'a'));
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const closedAt = await closed;
    await sending;
    expect(text).toMatch(/^HTTP\/1\.1 413/);
    // The answer came at once, and the connection ended well before the body would have (3 s).
    expect(answeredAt - started).toBeLessThan(1000);
    expect(closedAt - answeredAt).toBeLessThan(1200);
  });

  it('refuses a body over the gateway limit itself, by its declared length or as it is counted, in the visitor language', async () => {
    const declared = await raw(shellUrl, 'POST', '/api/forms/echo?lang=ar', { 'content-type': 'application/json' }, Buffer.alloc(3 * 1024 * 1024, 'a'));
    expect([declared.status, JSON.parse(declared.body)]).toEqual([413, { error: 'too-large', message: 'حجم ما أرسلته كبير جداً. يُرجى اختصاره أو إرسال ملفات أصغر.' }]);
    async function* chunks() {
      for (let i = 0; i < 48; i++) yield Buffer.alloc(64 * 1024, 'a');
    }
    const counted = await raw(shellUrl, 'POST', '/api/forms/echo', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, chunks);
    expect([counted.status, JSON.parse(counted.body).error]).toEqual([413, 'too-large']);
  });

  it('answers a head or body that does not all come with 408 in the visitor language at its deadline, never 503 (issue 37, M2)', async () => {
    // A shell with short deadlines (the defaults are 20 s for the head, 5 min for the whole request).
    const config = loadConfig({ REGISTRY: path.join(dir, 'registry.json'), SITE_URL: 'https://www.example.org', REMOTE_STATUS_TTL_MS: '0', CONTENT_DIR: path.resolve(__dirname, '../../content'), HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '1500' });
    const strict = await buildShellServer({ ...config, clientDir: path.join(dir, 'dist', 'client') });
    const { port } = new URL(await listen(strict));
    /** Writes `first` on a raw connection, then `more` every 300 ms; what came back, and when the connection ended. */
    const send = async (first: string, more = '') => {
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise((r) => socket.once('connect', r));
      const started = Date.now();
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('error', () => undefined);
      socket.write(first);
      const trickle = more ? setInterval(() => !socket.destroyed && socket.write(more), 300) : undefined;
      await new Promise((r) => socket.once('close', r));
      clearInterval(trickle);
      return { text, ms: Date.now() - started };
    };
    try {
      // A body shorter than its length: the section was kept waiting, and the visitor read 503 after 30 s.
      // A body trickled a byte at a time, and a head trickled the same way (the three at once).
      const [short, trickled, head] = await Promise.all([
        send('POST /api/forms/echo?lang=ar HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":'),
        send('POST /api/forms/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{', ' '),
        send('GET /ar/events HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-A: b\r\n'),
      ]);
      const late = { en: 'Your request took too long to arrive, so it was not sent. Please check your connection and try again.', ar: 'استغرق وصول طلبك وقتاً طويلاً، لذلك لم يُرسَل. يُرجى التحقق من اتصالك والمحاولة مرة أخرى.' };
      // A head that never came whole: Node gives the shell no byte of it, so its language is not known.
      for (const [name, answer, message] of [['short', short, late.ar], ['trickled', trickled, late.en], ['head', head, `${late.en} ${late.ar}`]] as const) {
        const [statusLine, ...rest] = answer.text.split('\r\n');
        expect([name, statusLine, JSON.parse(rest.slice(rest.indexOf('') + 1).join('\r\n'))]).toEqual([name, 'HTTP/1.1 408 Request Timeout', { error: 'timeout', message }]);
        // Within the deadline and the once-a-second check of it.
        expect([name, answer.ms < 3500]).toEqual([name, true]);
      }
    } finally {
      await closeAll([strict]);
    }
  }, 15_000);

  it('locks HTML passed through from a section down with the CSP of every page (it had none)', async () => {
    const res = await fetch(`${shellUrl}/api/forms/outcome`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(await res.text()).toContain('Thank you');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'; script-src 'self' 'nonce-[\w+/=]+'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('addresses that must not take a visitor elsewhere or take the site down', () => {
  let dir: string;
  let shell: FastifyInstance;
  let owner: FastifyInstance;
  let shellUrl: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'qf-addresses-'));
    // The owner of every page, as every remote's server is made: it refuses to look up a path over 2048 characters.
    mkdirSync(path.join(dir, 'owner', 'dist', 'browser'), { recursive: true });
    mkdirSync(path.join(dir, 'owner', 'dist', 'server'), { recursive: true });
    writeFileSync(path.join(dir, 'owner', 'dist', 'build-info.json'), JSON.stringify({ name: 'mf-content', version: '1.0.0', buildId: 'c1', builtAt: '2026-11-22T00:00:00Z' }));
    writeFileSync(path.join(dir, 'owner', 'dist', 'browser', 'routes.c1.json'), JSON.stringify(standInRoutes('mf-content')));
    ({ app: owner } = await createRemoteServer({ name: 'mf-content', dir: path.join(dir, 'owner'), env: {}, resolvePage: async () => null }));
    await owner.listen({ port: 0, host: '127.0.0.1' });
    const ownerUrl = `http://127.0.0.1:${(owner.server.address() as AddressInfo).port}`;
    writeShellBuild(dir);
    writeFileSync(path.join(dir, 'registry.json'), JSON.stringify({ remotes: { 'mf-content': { url: ownerUrl } } }));
    const config = loadConfig({ REGISTRY: path.join(dir, 'registry.json'), SITE_URL: 'https://www.example.org', REMOTE_STATUS_TTL_MS: '0', CONTENT_DIR: path.resolve(__dirname, '../../content') });
    shell = await buildShellServer({ ...config, clientDir: path.join(dir, 'dist', 'client') });
    await shell.listen({ port: 0, host: '127.0.0.1' });
    shellUrl = `http://127.0.0.1:${(shell.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await closeAll([shell, owner]);
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (target: string) =>
    new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
      const { hostname, port } = new URL(shellUrl);
      httpRequest({ host: hostname, port, path: target, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
      })
        .on('error', reject)
        .end();
    });

  it('never redirects to a path a browser reads as another site (`/\\evil.example/` answered Location: /\\evil.example)', async () => {
    for (const target of ['/\\evil.example/', '/\\evil.example', '//evil.example/', '/\\/evil.example/', '/ar/\\evil.example/']) {
      const res = await get(target);
      expect([target, res.status]).toEqual([target, 301]);
      expect([target, res.location]).toEqual([target, expect.stringMatching(/^\/(?![/\\])/)]);
    }
    expect((await get('/\\evil.example/')).location).toBe('/evil.example');
  });

  it('answers an address longer than any page with the translated 404 page, not the outage page (it was 503)', async () => {
    const long = await get(`/${'a'.repeat(3000)}`);
    expect(long.status).toBe(404);
    expect(long.body).toContain('Page not found');
    const longAr = await get(`/ar/${encodeURIComponent('ب'.repeat(10))}${'a'.repeat(3000)}`);
    expect(longAr.status).toBe(404);
    expect(longAr.body).toContain('الصفحة غير موجودة');
    expect((await get(`/stories?q=${'x'.repeat(3000)}`)).status).toBe(404);
  });

  it("answers what no route takes with its own translated error, never the framework's code or the request echoed", async () => {
    const send = (method: string, target: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const { hostname, port } = new URL(shellUrl);
        httpRequest({ host: hostname, port, method, path: target, agent: false }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
          .on('error', reject)
          .end();
      });
    const cases: [string, string, number][] = [
      ['POST', '/', 404],
      ['DELETE', '/stories?lang=ar', 404],
      ['GET', '/_shell/%2e%2e/%2e%2e/package.json', 404],
      ['GET', '/_shell/%E0%A4%A', 400],
      ['GET', '/media/%E0%A4%A', 400],
      ['GET', '/page-data/%E0%A4%A/page-data.json', 400],
    ];
    for (const [method, target, status] of cases) {
      const res = await send(method, target);
      expect([method, target, res.status]).toEqual([method, target, status]);
      expect(res.body).not.toMatch(/FST_|Route \w+:|Client Error|statusCode|%E0|package\.json/);
    }
    expect(JSON.parse((await send('DELETE', '/stories?lang=ar')).body)).toEqual({ error: 'not-found', message: 'لا يوجد شيء على هذا العنوان.' });
    // A request Node cannot parse at all gets our 400 too.
    const rawAnswer = await new Promise<string>((resolve) => {
      const { hostname, port } = new URL(shellUrl);
      const socket = connect(Number(port), hostname, () => socket.write('GET / HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n'));
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      socket.on('close', () => resolve(data));
    });
    expect(rawAnswer).toMatch(/^HTTP\/1\.1 400/);
    expect(rawAnswer).toContain('"error":"bad-request"');
    expect(rawAnswer).not.toContain('Client Error');
  });
});
