import Fastify, { type FastifyInstance } from 'fastify';
import { gunzipSync } from 'node:zlib';
import type { PageData } from '@qf/shared/contracts';
import type { Outcome } from './pages';
import { plainBody, type PageDataAnswer } from './page-cache';
import { MAX_PAGE_URL, registerPageData, type PageDataView } from './page-data';

const pageData = (path: string): PageData => ({
  path,
  componentChunkName: 'mf-content/story',
  webpackCompilationHash: 'h1',
  staticQueryHashes: [],
  slicesMap: {},
  result: { lang: 'en', remote: 'mf-content', page: { template: 'story', head: { title: 'A story', description: '', alternatePath: `/ar${path}` }, data: {}, widgets: [], hydration: 'interaction' }, remotes: [] },
});

describe('page data, as a plugin', () => {
  let app: FastifyInstance;
  const asked: string[] = [];
  const answered: string[] = [];
  /** What the page cache answers, by path. */
  const answers: Record<string, () => Promise<PageDataAnswer>> = {
    '/kept': async () => ({ cached: true, state: 'hit', body: plainBody(Buffer.from(JSON.stringify(pageData('/kept')))) }),
    '/fresh': async () => ({ cached: false, outcome: { status: 'ok', lang: 'en', pageData: pageData('/fresh') } }),
    '/ar/gone': async () => ({ cached: false, outcome: { status: 'not-found', lang: 'ar' } }),
    '/down': async () => ({ cached: false, outcome: { status: 'unavailable', lang: 'en' } as Outcome }),
    '/throws': async () => Promise.reject(new Error('the cache broke')),
  };
  const view: PageDataView = {
    registry: { compositionHash: async (shellBuild) => `hash-of-${shellBuild}` },
    cache: {
      pageData: async (path, search) => {
        asked.push(`${path}${search ? `?${search}` : ''}`);
        return (answers[path] ?? answers['/ar/gone']!)();
      },
    },
  };

  beforeAll(async () => {
    app = Fastify();
    registerPageData(app, { viewFor: async () => view, answered: (_request, _view, sitePath) => answered.push(sitePath), shellBuild: 'shell1' });
    await app.ready();
  });
  afterAll(() => app.close());

  it('says the composition hash, to be revalidated every time', async () => {
    const res = await app.inject('/page-data/app-data.json');
    expect(res.json()).toEqual({ webpackCompilationHash: 'hash-of-shell1' });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a kept page’s data with its ETag, a 304 for it, and brotli or gzip as the browser accepts', async () => {
    const res = await app.inject({ url: '/page-data/kept/page-data.json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toMatchObject({ path: '/kept' });
    const again = await app.inject({ url: '/page-data/kept/page-data.json', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect((await app.inject({ url: '/page-data/kept/page-data.json', headers: { 'accept-encoding': 'br, gzip' } })).headers['content-encoding']).toBe('br');
  });

  it('passes the path and query to the cache and tells release health', async () => {
    asked.length = 0;
    answered.length = 0;
    const res = await app.inject('/page-data/fresh/page-data.json?degree=master');
    expect(res.json()).toMatchObject({ path: '/fresh' });
    expect(asked).toEqual(['/fresh?degree=master']);
    expect(answered).toEqual(['/fresh']);
    // The home page is /page-data/index.
    await app.inject('/page-data/index/page-data.json');
    expect(asked[1]).toBe('/');
  });

  it('answers what the browser acts on when there is no page: 404, 503 with Retry-After, 500', async () => {
    const gone = await app.inject('/page-data/ar/gone/page-data.json');
    expect([gone.statusCode, gone.json()]).toEqual([404, { path: '/ar/gone', notFound: true, status: 'not-found' }]);
    const down = await app.inject('/page-data/down/page-data.json');
    expect([down.statusCode, down.headers['retry-after'], down.json()]).toEqual([503, '30', { path: '/down', notFound: false, status: 'unavailable' }]);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const broke = await app.inject('/page-data/throws/page-data.json');
    expect([broke.statusCode, broke.json()]).toEqual([500, { path: '/throws', notFound: false, status: 'error' }]);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('asks nothing for an address no page can have', async () => {
    asked.length = 0;
    for (const url of [`/page-data/${'a'.repeat(MAX_PAGE_URL)}/page-data.json`, `/page-data/fresh/page-data.json?q=${'x'.repeat(MAX_PAGE_URL + 1)}`, '/page-data/fresh/other.json']) {
      const res = await app.inject(url);
      expect([url.slice(0, 40), res.statusCode]).toEqual([url.slice(0, 40), 404]);
    }
    expect(asked).toEqual([]);
  });
});
