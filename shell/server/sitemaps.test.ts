import Fastify, { type FastifyInstance } from 'fastify';
import type { PagePathEntry, RemoteName } from '@qf/shared/contracts';
import { registerSitemaps } from './sitemaps';

const listed: Partial<Record<RemoteName, PagePathEntry[]>> = {
  'mf-content': [
    { en: '/stories/a', ar: '/ar/stories/a', lastmod: '2026-10-01T00:00:00Z' },
    { en: '/about/q&a<1>', ar: '/ar/about/q&a<1>' },
  ],
  'mf-events': [{ en: '/events', ar: '/ar/events', listing: true }],
  // mf-idkt is down: it lists nothing until it is back.
  // A section the shell was built without lists its pages as soon as the registry names it.
  'mf-sample': [{ en: '/sample', ar: '/ar/sample' }],
};
/** The sections of the live registry. */
let sections: RemoteName[] = ['mf-content', 'mf-events', 'mf-forms', 'mf-idkt', 'mf-media-center'];

let app: FastifyInstance;
const asked: RemoteName[] = [];
beforeAll(async () => {
  app = Fastify();
  registerSitemaps(app, {
    siteUrl: 'https://www.example.org',
    sections: async () => sections,
    pathsOf: async (remote) => (asked.push(remote), listed[remote] ?? []),
    now: () => new Date('2026-11-29T08:00:00Z'),
    // Made again for every request here (the tests change the sections); kept ones are tested below.
    ttlMs: 0,
  });
  await app.ready();
});
afterAll(() => app.close());

it('indexes one sitemap per language, with the newest lastmod of its pages', async () => {
  const res = await app.inject('/sitemap.xml');
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(res.body).toBe(
    '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      '<sitemap><loc>https://www.example.org/sitemap-en.xml</loc><lastmod>2026-10-01T00:00:00Z</lastmod></sitemap>\n' +
      '<sitemap><loc>https://www.example.org/sitemap-ar.xml</loc><lastmod>2026-10-01T00:00:00Z</lastmod></sitemap>\n</sitemapindex>\n',
  );
  expect((await app.inject('/sitemap-en.xml')).headers['last-modified']).toBe('Thu, 01 Oct 2026 00:00:00 GMT');
});

it('is the site\'s 404 at any other sitemap name', async () => {
  for (const name of ['/sitemap-en-2.xml', '/sitemap-en-1.xml', '/sitemap-fr.xml', '/sitemap-en.xml.gz', '/sitemap-en-02.xml']) {
    expect([name, (await app.inject(name)).statusCode]).toEqual([name, 404]);
  }
});

it('lists every page of every section that answers, in its language, with lastmod and the three hreflang alternates', async () => {
  asked.length = 0;
  const ar = (await app.inject('/sitemap-ar.xml')).body;
  expect([...asked].sort()).toEqual(['mf-content', 'mf-events', 'mf-forms', 'mf-idkt', 'mf-media-center']);
  expect(ar.match(/<url>/g)).toHaveLength(3);
  expect(ar).toContain(
    '<url><loc>https://www.example.org/ar/stories/a</loc><lastmod>2026-10-01T00:00:00Z</lastmod>' +
      '<xhtml:link rel="alternate" hreflang="en" href="https://www.example.org/stories/a"/><xhtml:link rel="alternate" hreflang="ar" href="https://www.example.org/ar/stories/a"/>' +
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://www.example.org/stories/a"/></url>',
  );
  expect(ar).toContain('<url><loc>https://www.example.org/ar/events</loc><xhtml:link');
  const en = (await app.inject('/sitemap-en.xml')).body;
  expect(en).toContain('<url><loc>https://www.example.org/events</loc>');
});

it('asks the sections of the registry, one the shell was built without included', async () => {
  sections = ['mf-content', 'mf-sample'];
  asked.length = 0;
  const en = (await app.inject('/sitemap-en.xml')).body;
  expect([...asked].sort()).toEqual(['mf-content', 'mf-sample']);
  expect(en).toContain('<url><loc>https://www.example.org/sample</loc>');
  expect(en).not.toContain('/events<');
  sections = ['mf-content', 'mf-events', 'mf-forms', 'mf-idkt', 'mf-media-center'];
});

it('escapes what XML would read as markup', async () => {
  const en = (await app.inject('/sitemap-en.xml')).body;
  expect(en).toContain('<loc>https://www.example.org/about/q&amp;a&lt;1></loc>');
  expect(en).not.toContain('q&a<1>');
});

it('points robots at the sitemap index and allows everything', async () => {
  const res = await app.inject('/robots.txt');
  expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(res.body).toBe('User-agent: *\nAllow: /\nSitemap: https://www.example.org/sitemap.xml\n');
});

describe('at scale (issue 35: the sitemaps protocol)', () => {
  /** A shell whose one section lists `count` pages; its sitemaps kept `ttlMs` on a clock the test moves. */
  async function siteOf(count: number, limits: { maxUrls?: number; maxBytes?: number } = {}) {
    const clock = { now: new Date('2026-12-01T00:00:00Z').getTime() };
    const lists: number[] = [];
    const pages: PagePathEntry[] = Array.from({ length: count }, (_, i) => ({ en: `/stories/s${i}`, ar: `/ar/stories/s${i}`, lastmod: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString() }));
    const remotes: RemoteName[] = ['mf-content'];
    const shell = Fastify();
    registerSitemaps(shell, { siteUrl: 'https://www.example.org', sections: async () => remotes, pathsOf: async (r) => (lists.push(clock.now), r === 'mf-content' ? pages : [{ en: '/sample', ar: '/ar/sample' }]), now: () => new Date(clock.now), ...limits });
    await shell.ready();
    return { shell, clock, lists, pages, remotes };
  }
  const locs = (body: string) => [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

  it('splits a language over files of at most 50,000 addresses and 50 MB, each in the index with the newest lastmod of its pages', async () => {
    const { shell, pages } = await siteOf(100_001);
    try {
      const index = (await shell.inject('/sitemap.xml')).body;
      expect(locs(index)).toEqual(['en', 'en-2', 'en-3', 'ar', 'ar-2', 'ar-3'].map((n) => `https://www.example.org/sitemap-${n}.xml`));
      expect([...index.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1])).toEqual([pages[49_999]!.lastmod, pages[99_999]!.lastmod, pages[100_000]!.lastmod, pages[49_999]!.lastmod, pages[99_999]!.lastmod, pages[100_000]!.lastmod]);
      let listed = 0;
      for (const name of ['ar', 'ar-2', 'ar-3']) {
        const res = await shell.inject(`/sitemap-${name}.xml`);
        const urls = res.body.match(/<url>/g)?.length ?? 0;
        expect(urls).toBeLessThanOrEqual(50_000);
        expect(res.rawPayload.length).toBeLessThanOrEqual(50 * 1024 * 1024);
        expect(res.body).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset [^>]+>\n[\s\S]*<\/urlset>\n$/);
        listed += urls;
      }
      expect(listed).toBe(100_001);
      expect((await shell.inject('/sitemap-ar-4.xml')).statusCode).toBe(404);
    } finally {
      await shell.close();
    }
  }, 60_000);

  it('splits by bytes too, never leaving a page out', async () => {
    const { shell } = await siteOf(10, { maxBytes: 1500 });
    try {
      const files = locs((await shell.inject('/sitemap.xml')).body).filter((l) => l.includes('-en'));
      let all = '';
      for (const file of files) {
        const res = await shell.inject(new URL(file).pathname);
        expect(res.rawPayload.length).toBeLessThanOrEqual(1500);
        all += res.body;
      }
      expect(files.length).toBeGreaterThan(2);
      expect(Array.from({ length: 10 }, (_, i) => all.includes(`<loc>https://www.example.org/stories/s${i}</loc>`))).toEqual(Array(10).fill(true));
    } finally {
      await shell.close();
    }
  });

  it('keeps the files a minute: the sections list their pages once for the index and every file, and again after', async () => {
    const { shell, clock, lists } = await siteOf(5, { maxUrls: 2 });
    try {
      await Promise.all(['/sitemap.xml', '/sitemap-en.xml', '/sitemap-en-2.xml', '/sitemap-ar-3.xml'].map((u) => shell.inject(u)));
      expect(lists).toHaveLength(1);
      clock.now += 59_000;
      expect((await shell.inject('/sitemap-en-3.xml')).statusCode).toBe(200);
      expect(lists).toHaveLength(1);
      clock.now += 1_000;
      await shell.inject('/sitemap.xml');
      expect(lists).toHaveLength(2);
    } finally {
      await shell.close();
    }
  });

  it('are made again at once when a section joins the registry', async () => {
    const { shell, lists, remotes } = await siteOf(1);
    try {
      expect((await shell.inject('/sitemap-en.xml')).body).not.toContain('/sample<');
      remotes.push('mf-sample');
      expect((await shell.inject('/sitemap-en.xml')).body).toContain('<loc>https://www.example.org/sample</loc>');
      expect(lists).toHaveLength(3);
    } finally {
      await shell.close();
    }
  });
});
