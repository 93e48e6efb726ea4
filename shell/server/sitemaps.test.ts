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
  });
  await app.ready();
});
afterAll(() => app.close());

it('indexes one sitemap per language', async () => {
  const res = await app.inject('/sitemap.xml');
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(res.body).toBe(
    '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      '<sitemap><loc>https://www.example.org/sitemap-en.xml</loc><lastmod>2026-11-29T08:00:00.000Z</lastmod></sitemap>\n' +
      '<sitemap><loc>https://www.example.org/sitemap-ar.xml</loc><lastmod>2026-11-29T08:00:00.000Z</lastmod></sitemap>\n</sitemapindex>\n',
  );
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
