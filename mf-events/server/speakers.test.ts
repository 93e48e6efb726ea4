import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createFileStore } from '@qf/shared/content';
import { pagePathsSchema, resolvedPageSchema } from '@qf/shared/contracts';
import { contentPath } from '@qf/shared/routing';
import { speakerPageDataSchema, speakersListDataSchema } from '../src/views/speakers-data';
import { buildEventsServer } from './app';

const content = createFileStore(path.resolve(__dirname, '../../content'));
const EXPERTS = '/education-city-speaker-series/experts';
const LAYLA = `${EXPERTS}/layla-al-mansouri`;

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await buildEventsServer({ dir: path.resolve(__dirname, '..'), content, env: {}, now: () => new Date('2026-11-22T09:00:00Z') }));
});
afterAll(() => app.close());

async function page(p: string, lang: 'en' | 'ar') {
  const res = await app.inject(`/_qf/page?path=${encodeURIComponent(p)}&lang=${lang}`);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { found: boolean; page: unknown };
  expect(body.found).toBe(true);
  return resolvedPageSchema.parse(body.page);
}

describe('speakers page over HTTP', () => {
  it('lists the six speakers of the series in English, each with role, bio, portrait and page path', async () => {
    const p = await page(EXPERTS, 'en');
    expect(p.template).toBe('speakers');
    expect(p.widgets).toEqual([]);
    expect(p.maxAgeSeconds).toBeUndefined();
    expect(p.head).toMatchObject({ title: 'Speakers', alternatePath: `/ar${EXPERTS}`, kind: 'website', description: expect.stringContaining('Education City Speaker Series') });
    const data = speakersListDataSchema.parse(p.data);
    expect(data.seriesPath).toBe('/education-city-speaker-series');
    expect(data.seriesTitle).toBe('Education City Speaker Series');
    expect(data.speakers.map((s) => s.name)).toEqual(['Dr. Layla Al-Mansouri', 'Dr. Daniel Okafor', 'Dr. Hessa Al-Kuwari', 'Professor Marco Bellini', 'Dr. Noor Haddad', 'Dr. Sarah Lindqvist']);
    const layla = data.speakers[0]!;
    expect(layla).toMatchObject({ slug: 'layla-al-mansouri', role: 'Professor of Education Policy', path: LAYLA, bio: expect.stringMatching(/^Dr\. Layla Al-Mansouri studies/) });
    expect(layla.path).toBe(contentPath('spokes_people', 'layla-al-mansouri'));
    expect(layla.image).toEqual({
      src: '/media/img-speaker-layla-al-mansouri-800.webp',
      srcSet: '/media/img-speaker-layla-al-mansouri-626.webp 626w, /media/img-speaker-layla-al-mansouri-672.webp 672w, /media/img-speaker-layla-al-mansouri-800.webp 800w',
      width: 800,
      height: 450,
      alt: 'Illustration: stage lights fanning out over a stage, in shades of rose',
    });
    const list = p.head.structuredData?.[0] as { '@type': string; mainEntity: { numberOfItems: number; itemListElement: { item: Record<string, unknown> }[] } };
    expect(list['@type']).toBe('CollectionPage');
    expect(list.mainEntity.numberOfItems).toBe(6);
    expect(list.mainEntity.itemListElement[0]?.item).toMatchObject({ '@type': 'Person', name: 'Dr. Layla Al-Mansouri', jobTitle: 'Professor of Education Policy', url: LAYLA });
  });

  it('lists them in Arabic, with the English page as alternate', async () => {
    const p = await page(EXPERTS, 'ar');
    expect(p.head).toMatchObject({ title: 'المتحدثون', alternatePath: EXPERTS });
    const data = speakersListDataSchema.parse(p.data);
    expect(data.seriesTitle).toBe('سلسلة محاضرات المدينة التعليمية');
    expect(data.speakers[0]).toMatchObject({ name: 'الدكتورة ليلى المنصوري', role: 'أستاذة السياسات التعليمية', path: LAYLA, bio: expect.stringMatching(/^تدرس الدكتورة ليلى المنصوري/) });
    expect(data.speakers[0]?.image?.alt).toBe('رسم توضيحي: أضواء مسرح تتوزع فوق منصة، بدرجات اللون الوردي');
  });
});

describe('a speaker page over HTTP', () => {
  it('answers a speaker in English: name as title, Person structured data with the sessions, share image', async () => {
    const p = await page(LAYLA, 'en');
    expect(p.template).toBe('speaker');
    expect(p.head).toMatchObject({
      title: 'Dr. Layla Al-Mansouri',
      description: expect.stringMatching(/^Professor of Education Policy\. Dr\. Layla Al-Mansouri studies/),
      alternatePath: `/ar${LAYLA}`,
      image: '/media/img-speaker-layla-al-mansouri-800.webp',
      imageAlt: 'Illustration: stage lights fanning out over a stage, in shades of rose',
      kind: 'profile',
    });
    expect(p.head.structuredData?.[0]).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Dr. Layla Al-Mansouri',
      jobTitle: 'Professor of Education Policy',
      url: LAYLA,
      performerIn: [{ '@type': 'Event', name: 'Education City Speaker Series: The Future of Learning', startDate: '2027-01-20T18:30:00+03:00', url: '/events/education-city-speaker-series-future-of-learning' }],
    });
    const data = speakerPageDataSchema.parse(p.data);
    expect(data).toMatchObject({ name: 'Dr. Layla Al-Mansouri', listPath: EXPERTS, seriesPath: '/education-city-speaker-series' });
    expect(data.sessions.map((s) => s.slug)).toEqual(['education-city-speaker-series-future-of-learning']);
  });

  it('answers the same speaker in Arabic', async () => {
    const p = await page(LAYLA, 'ar');
    expect(p.head).toMatchObject({ title: 'الدكتورة ليلى المنصوري', alternatePath: LAYLA });
    expect(p.head.structuredData?.[0]).toMatchObject({ '@type': 'Person', name: 'الدكتورة ليلى المنصوري', url: `/ar${LAYLA}` });
    const data = speakerPageDataSchema.parse(p.data);
    expect(data.sessions[0]?.title).toBe('سلسلة محاضرات المدينة التعليمية: مستقبل التعلّم');
  });

  it('lists a speaker of a past session too, with no session for one who has none', async () => {
    const sarah = speakerPageDataSchema.parse((await page(`${EXPERTS}/sarah-lindqvist`, 'en')).data);
    expect(sarah.sessions.map((s) => s.slug)).toEqual(['education-city-speaker-series-science-trust-public-life']);
  });

  it.each([
    [`${EXPERTS}/nobody`, 'en'],
    [`${EXPERTS}/nobody`, 'ar'],
    [`${LAYLA}/extra`, 'en'],
  ] as const)('answers 404 for %s (%s)', async (p, lang) => {
    const res = await app.inject(`/_qf/page?path=${encodeURIComponent(p)}&lang=${lang}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ found: false });
  });
});

describe('sitemap', () => {
  it('lists the speakers page and every speaker page in both languages', async () => {
    const paths = pagePathsSchema.parse((await app.inject('/_qf/paths')).json());
    expect(paths).toContainEqual({
      en: EXPERTS,
      ar: `/ar${EXPERTS}`,
      lastmod: '2026-11-18T09:00:00Z',
      listing: true,
      // Search (mf-content) finds the list by this head.
      head: { en: expect.objectContaining({ title: 'Speakers' }), ar: expect.objectContaining({ title: 'المتحدثون' }) },
    });
    const speakers = await content.entries('spokes_people');
    for (const s of speakers) {
      const p = contentPath('spokes_people', String(s.fields.slug?.['en-US']));
      expect(paths).toContainEqual({ en: p, ar: `/ar${p}`, lastmod: s.sys.updatedAt });
    }
    expect(paths.filter((p) => p.en.startsWith(`${EXPERTS}/`))).toHaveLength(6);
  });
});
