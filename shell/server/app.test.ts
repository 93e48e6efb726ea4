import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildShellServer } from './app';
import { loadConfig } from './config';
import { browserFiles, standInRoutes, writeShellBuild } from './test-build';

/**
 * The shell through HTTP with the failure cases that need no remote code: a remote that is down, a
 * page nobody has, the page-data and app-data protocol, the API gateway and the sitemap.
 */
describe('the shell server', () => {
  let dir: string;
  let shell: FastifyInstance;
  let content: FastifyInstance;
  let buildId = 'c1';
  const asked: Record<string, string>[] = [];
  const encodings: string[] = [];
  const listen = async (app: FastifyInstance) => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'qf-shell-'));
    writeShellBuild(dir, { css: ['main.0123456789.css'] });

    // A stand-in mf-content that owns no page: every path it is asked for is not found.
    content = Fastify();
    content.get('/build-info.json', async () => ({ name: 'mf-content', version: '1.0.0', buildId, builtAt: '2026-11-22T00:00:00Z' }));
    content.get('/_qf/page', async (req, reply) => {
      asked.push(req.query as Record<string, string>);
      encodings.push(String(req.headers['accept-encoding']));
      return reply.code(404).send({ found: false });
    });
    content.get('/_qf/paths', async () => [{ en: '/stories/a', ar: '/ar/stories/a', lastmod: '2026-10-01T00:00:00Z' }]);
    content.get('/browser/:file', browserFiles(standInRoutes('mf-content')));
    // The store where releases publish their route manifests: there while their servers are down.
    content.get('/store/mf-events/routes.e1.json', async () => standInRoutes('mf-events', ['/events', '/events/:slug']));
    content.get('/store/mf-forms/routes.f1.json', async () => standInRoutes('mf-forms', []));
    content.get('/api/content/cookie-echo', async (req, reply) => reply.header('set-cookie', ['a=1; HttpOnly', 'b=2; Path=/api']).send({ cookie: req.headers.cookie ?? null }));
    const contentUrl = await listen(content);

    // A port nobody listens on: mf-events and mf-forms are down.
    const closed = Fastify();
    const downUrl = await listen(closed);
    await closed.close();

    writeFileSync(
      path.join(dir, 'registry.json'),
      JSON.stringify({
        remotes: {
          'mf-content': { url: contentUrl },
          'mf-events': { url: downUrl, routes: `${contentUrl}/store/mf-events/routes.e1.json` },
          'mf-forms': { url: downUrl, manifest: 'https://cdn.example.test/releases/mf-forms/1.0.0+f1/dist/browser/mf-manifest.f1.json', routes: `${contentUrl}/store/mf-forms/routes.f1.json` },
        },
      }),
    );
    const config = loadConfig({ REGISTRY: path.join(dir, 'registry.json'), SITE_URL: 'https://www.example.org', REMOTE_STATUS_TTL_MS: '0', CONTENT_DIR: path.resolve(__dirname, '../../content') });
    shell = await buildShellServer({ ...config, clientDir: path.join(dir, 'dist', 'client') });
  });

  afterAll(async () => {
    await shell.close();
    await content.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 with the full chrome when the owner of a page is down', async () => {
    const res = await shell.inject('/events');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.body).toContain('<html lang="en" dir="ltr" data-qf-new="">');
    expect(res.body).toContain('This section is temporarily unavailable. Please try again in a few minutes.');
    expect(res.body).toContain('Skip to main content');
    expect(res.body).toContain('© 2026 Qatar Foundation. All rights reserved.');
    expect(res.body).toContain('href="/ar/events" hrefLang="ar"');
  });

  it('says it in Arabic, right to left, under /ar', async () => {
    const res = await shell.inject('/ar/events');
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('<html lang="ar" dir="rtl" data-qf-new="">');
    expect(res.body).toContain('هذا القسم غير متاح مؤقتاً. يُرجى المحاولة مرة أخرى بعد بضع دقائق.');
  });

  it('answers 404 with the translated 404 page for a page nobody has', async () => {
    const res = await shell.inject('/ar/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('الصفحة غير موجودة');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
  });

  it('serves page data with the status codes the browser acts on', async () => {
    expect((await shell.inject('/page-data/no-such-page/page-data.json')).statusCode).toBe(404);
    const down = await shell.inject('/page-data/events/page-data.json');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ path: '/events', status: 'unavailable' });
  });

  it('passes the query string of a page to its owner, for pages and for page data', async () => {
    asked.length = 0;
    await shell.inject('/ar/program?school=qatar-academy-doha&degree=bachelor');
    await shell.inject('/page-data/program/page-data.json?degree=master');
    await shell.inject('/program');
    expect(asked).toEqual([
      { path: '/program', lang: 'ar', query: 'school=qatar-academy-doha&degree=bachelor' },
      { path: '/program', lang: 'en', query: 'degree=master' },
      { path: '/program', lang: 'en' },
    ]);
    // Uncompressed between servers: compressing and decompressing each page answer cost both more than it saved.
    expect(new Set(encodings)).toEqual(new Set(['identity']));
  });

  it('answers HEAD like GET', async () => {
    const res = await shell.inject({ method: 'HEAD', url: '/events' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toBe('');
  });

  it('gives a new composition hash when a remote serves a new build', async () => {
    const first = (await shell.inject('/page-data/app-data.json')).json().webpackCompilationHash;
    expect(first).toMatch(/^[0-9a-f]{20}$/);
    buildId = 'c2';
    const second = (await shell.inject('/page-data/app-data.json')).json().webpackCompilationHash;
    expect(second).not.toBe(first);
  });

  it('redirects a trailing slash to the normalised path', async () => {
    const res = await shell.inject('/events/?x=1');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/events?x=1');
  });

  it('passes cookies through the API gateway both ways', async () => {
    const res = await shell.inject({ url: '/api/content/cookie-echo', headers: { cookie: 'qf_voter=abc' } });
    expect(res.json()).toEqual({ cookie: 'qf_voter=abc' });
    expect(res.headers['set-cookie']).toEqual(['a=1; HttpOnly', 'b=2; Path=/api']);
  });

  it('keeps an API failure local and translated', async () => {
    const res = await shell.inject({ method: 'POST', url: '/api/forms/newsletter?lang=ar', payload: { email: 'a@b.co' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'unavailable', message: 'هذا القسم غير متاح مؤقتاً. يُرجى المحاولة مرة أخرى بعد بضع دقائق.' });
    expect((await shell.inject({ method: 'POST', url: '/api/nothing/here', payload: {} })).statusCode).toBe(404);
  });

  it('serves the menu previews keyed by content id, with ___ar-QA for Arabic (SPEC §3)', async () => {
    const res = await shell.inject('/menupreviews.json');
    expect(res.statusCode).toBe(200);
    const previews = res.json();
    expect(previews['entity-sidra-medicine']).toMatchObject({ ct: 'entity', node_locale: 'en-US', contentful_id: 'entity-sidra-medicine', type: ['Entity'] });
    expect(previews['entity-sidra-medicine___ar-QA']).toMatchObject({ node_locale: 'ar-QA', type: ['كيان'] });
    expect(previews['place-oxygen-park'].location.placeLocation).toEqual({ lat: expect.any(Number), lon: expect.any(Number) });
    expect(previews['place-oxygen-park'].openingHours).toEqual(expect.any(String));
  });

  it('locks HTML down: a CSP with a fresh nonce per response and no unsafe-inline or unsafe-eval, and the security headers', async () => {
    const a = await shell.inject('/no-such-page');
    const b = await shell.inject('/no-such-page');
    const csp = String(a.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(String(b.headers['content-security-policy'])).not.toContain(nonce);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' http:\/\/127\.0\.0\.1:\d+/);
    // A browser build served from elsewhere (the release store behind a CDN) may load its scripts and styles.
    for (const d of ['script-src', 'style-src']) expect(csp).toMatch(new RegExp(`${d} [^;]*https://cdn\\.example\\.test`));
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    for (const d of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"]) expect(csp).toContain(d);
    expect(a.body).toContain(`id="__QF_STATE__" nonce="${nonce}"`);
    expect(a.body).not.toContain('__QF_CSP_NONCE__');
    expect(a.headers).toMatchObject({
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    expect(String(a.headers['permissions-policy'])).toContain('camera=()');
    // Measured to cost a first visit a browsing context group switch (SECURITY.md, "Headers").
    expect(a.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('answers 304 to a matching ETag and compresses text', async () => {
    const first = await shell.inject('/sitemap-en.xml');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    expect((await shell.inject({ url: '/sitemap-en.xml', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const big = await shell.inject({ url: '/menupreviews.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.headers['content-encoding']).toBe('br');
  });

  it('serves static 404 and 500 pages in both languages', async () => {
    const notFound = await shell.inject('/404.html');
    expect(notFound.statusCode).toBe(200);
    expect(notFound.body).toContain('Page not found');
    expect((await shell.inject('/ar/500.html')).body).toContain('حدث خطأ ما');
  });

  it('answers old story paths with one permanent hop to /stories, in both languages and any case, keeping the query', async () => {
    for (const [from, to] of [
      ['/community/qatar-foundation-opens-new-learning-commons', '/stories/qatar-foundation-opens-new-learning-commons'],
      ['/Research/Qatar-Foundation-Opens-New-Learning-Commons', '/stories/qatar-foundation-opens-new-learning-commons'],
      ['/ar/education/qatar-foundation-opens-new-learning-commons/', '/ar/stories/qatar-foundation-opens-new-learning-commons'],
    ] as const) {
      const res = await shell.inject(from);
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(to);
    }
    expect((await shell.inject('/education/qatar-foundation-opens-new-learning-commons?utm=mail')).headers.location).toBe('/stories/qatar-foundation-opens-new-learning-commons?utm=mail');
  });

  it('sends legacy paths home, in their language', async () => {
    for (const p of ['/rec', '/nsd2019', '/qfrace2019', '/campaigns/2015', '/campaigns/2020', '/media/12345']) expect((await shell.inject(p)).headers.location).toBe('/');
    expect((await shell.inject('/ar/qaderaward')).headers.location).toBe('/ar');
    expect((await shell.inject('/media-center/press-releases.html')).headers.location).toBe('/media-center');
    expect((await shell.inject('/ar/media-center/news.html')).headers.location).toBe('/ar/media-center');
    expect((await shell.inject('/events/placeholder')).headers.location).toBe('/events');
  });

  it('sends a legacy host to the main host with the path, and the convocation host to /convocation', async () => {
    const legacy = await shell.inject({ url: '/ar/stories/a?x=1', headers: { host: 'radio.qf.org.qa' } });
    expect(legacy.statusCode).toBe(301);
    expect(legacy.headers.location).toBe('https://www.example.org/ar/stories/a?x=1');
    expect((await shell.inject({ url: '/', headers: { host: 'convocation.qf.org.qa' } })).headers.location).toBe('https://www.example.org/convocation');
  });

  it('never redirects off-site for a crafted path', async () => {
    for (const p of ['//evil.example', '/\\evil.example', '//evil.example/%2e%2e']) {
      const location = String((await shell.inject(p)).headers.location ?? '/');
      // At most a normalised path on this site: never another origin.
      expect(location).toMatch(/^\/(?![/\\])/);
      expect(location).not.toContain('://');
    }
  });

  it('follows a redirect in page data too, so client-side navigation lands on the new page', async () => {
    const res = await shell.inject('/page-data/community/qatar-foundation-opens-new-learning-commons/page-data.json');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/page-data/stories/qatar-foundation-opens-new-learning-commons/page-data.json');
  });

  it('lists every page of the remotes that are up in both languages, in one sitemap per language', async () => {
    const index = await shell.inject('/sitemap.xml');
    expect(index.body).toContain('<sitemapindex');
    expect(index.body).toContain('<loc>https://www.example.org/sitemap-en.xml</loc>');
    expect(index.body).toContain('<loc>https://www.example.org/sitemap-ar.xml</loc>');
    const en = await shell.inject('/sitemap-en.xml');
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<loc>https://www.example.org/stories/a</loc><lastmod>2026-10-01T00:00:00Z</lastmod>');
    expect(en.body).toContain('hreflang="ar" href="https://www.example.org/ar/stories/a"');
    const ar = await shell.inject('/sitemap-ar.xml');
    expect(ar.body).toContain('<loc>https://www.example.org/ar/stories/a</loc>');
    expect((await shell.inject('/robots.txt')).body).toContain('Sitemap: https://www.example.org/sitemap.xml');
  });
});
