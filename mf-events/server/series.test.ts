import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createFileStore } from '@qf/shared/content';
import { resolvedPageSchema } from '@qf/shared/contracts';
import { seriesPageDataSchema, type SeriesPageData } from '../src/views/series-page-data';
import { buildEventsServer } from './app';

const content = createFileStore(path.resolve(__dirname, '../../content'));
const SERIES = '/education-city-speaker-series';
const LEARNING = 'education-city-speaker-series-future-of-learning';
const SCIENCE = 'education-city-speaker-series-science-trust-public-life';
const ARABIC = 'education-city-speaker-series-arabic-digital-age';
const HEALTHY = 'education-city-speaker-series-healthy-cities';

/** The mf-events server over HTTP with its clock fixed at `at`; closed by the test that opened it. */
async function serverAt(at: string): Promise<FastifyInstance> {
  const { app } = await buildEventsServer({ dir: path.resolve(__dirname, '..'), content, env: {}, now: () => new Date(at) });
  return app;
}

async function page(app: FastifyInstance, p: string, lang: 'en' | 'ar') {
  const res = await app.inject(`/_qf/page?path=${encodeURIComponent(p)}&lang=${lang}`);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { found: boolean; page: unknown };
  expect(body.found).toBe(true);
  return resolvedPageSchema.parse(body.page);
}

const slugs = (list: { slug: string }[]) => list.map((s) => s.slug);

describe('speaker-series page over HTTP', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await serverAt('2026-11-22T09:00:00Z');
  });
  afterAll(() => app.close());

  it('answers the series in English: head, hero image, sessions split at request time, the next session and the question form', async () => {
    const p = await page(app, SERIES, 'en');
    expect(p.template).toBe('series');
    expect(p.hydration).toBe('visible');
    expect(p.widgets).toEqual(['mf-forms/EcssQuestion']);
    expect(p.head).toMatchObject({
      title: 'Education City Speaker Series',
      description: expect.stringMatching(/^Qatar Foundation's flagship public lecture series/),
      alternatePath: '/ar/education-city-speaker-series',
      image: '/media/img-ecss-speaker-series-800.webp',
      imageAlt: 'Illustration: an arcade of arches under a dome, in shades of blue',
      kind: 'website',
    });
    expect(p.head.structuredData?.[0]).toMatchObject({ '@type': 'EventSeries', name: 'Education City Speaker Series' });
    expect((p.head.structuredData?.[0] as { subEvent: unknown[] }).subEvent).toHaveLength(4);
    const data: SeriesPageData = seriesPageDataSchema.parse(p.data);
    expect(data.id).toBe('ecss-education-city-speaker-series');
    expect(data.now).toBe('2026-11-22T09:00:00.000Z');
    expect(data.image).toEqual({
      src: '/media/img-ecss-speaker-series-800.webp',
      srcSet: '/media/img-ecss-speaker-series-626.webp 626w, /media/img-ecss-speaker-series-672.webp 672w, /media/img-ecss-speaker-series-800.webp 800w',
      width: 800,
      height: 450,
      alt: 'Illustration: an arcade of arches under a dome, in shades of blue',
    });
    expect(slugs(data.upcoming)).toEqual([LEARNING, ARABIC, HEALTHY]);
    expect(slugs(data.past)).toEqual([SCIENCE]);
    expect(data.next).toMatchObject({ id: 'event-1', slug: LEARNING, title: 'Education City Speaker Series: The Future of Learning', startDate: '2027-01-20T18:30:00+03:00' });
    expect(data.next?.speakers).toEqual([
      { name: 'Dr. Layla Al-Mansouri', role: 'Professor of Education Policy', path: '/education-city-speaker-series/experts/layla-al-mansouri' },
      { name: 'Dr. Daniel Okafor', role: expect.any(String), path: '/education-city-speaker-series/experts/daniel-okafor' },
    ]);
    expect(data.speakersPath).toBe('/education-city-speaker-series/experts');
  });

  it('answers the series in Arabic, with Arabic texts and the English page as alternate', async () => {
    const p = await page(app, SERIES, 'ar');
    expect(p.head.title).toBe('سلسلة محاضرات المدينة التعليمية');
    expect(p.head.alternatePath).toBe('/education-city-speaker-series');
    expect(p.head.imageAlt).toBe('رسم توضيحي: رواق من الأقواس تعلوه قبة، بدرجات اللون الأزرق');
    const data = seriesPageDataSchema.parse(p.data);
    expect(data.description).toMatch(/^سلسلة المحاضرات العامة الرئيسية لمؤسسة قطر/);
    expect(data.next?.title).toBe('سلسلة محاضرات المدينة التعليمية: مستقبل التعلّم');
    expect(data.next?.speakers.map((s) => s.name)).toEqual(['الدكتورة ليلى المنصوري', expect.stringMatching(/[\u0600-\u06FF]/)]);
    expect(slugs(data.upcoming)).toEqual([LEARNING, ARABIC, HEALTHY]);
  });

  it.each([
    [`${SERIES}/nope`, 'en'],
    [`${SERIES}/nope`, 'ar'],
    [`${SERIES}/experts/nobody`, 'en'],
    [`${SERIES}/${LEARNING}`, 'en'],
  ] as const)('answers 404 for %s (%s)', async (p, lang) => {
    const res = await app.inject(`/_qf/page?path=${encodeURIComponent(p)}&lang=${lang}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ found: false });
  });

  it('lists the series page for the sitemap, dated by its newest change', async () => {
    const paths = (await app.inject('/_qf/paths')).json() as { en: string; ar: string; lastmod?: string }[];
    const series = (await content.entries('ecss'))[0]!;
    const ids = ['event-1', 'event-6', 'event-11', 'event-12'];
    const stamps = [series, ...(await content.entries('event')).filter((e) => ids.includes(e.sys.id))].map((e) => e.sys.updatedAt ?? '');
    expect(paths).toContainEqual({ en: SERIES, ar: `/ar${SERIES}`, lastmod: stamps.sort().at(-1), listing: true, head: { en: expect.objectContaining({ title: 'Education City Speaker Series' }), ar: expect.objectContaining({ title: 'سلسلة محاضرات المدينة التعليمية' }) } });
    expect(paths.filter((p) => p.en === SERIES)).toHaveLength(1);
  });

  it('links a session’s event page to the series page instead of placing the question form there', async () => {
    const p = await page(app, `/events/${LEARNING}`, 'ar');
    expect(p.widgets).toEqual(['mf-forms/EventRegistration']);
    expect(p.data).toMatchObject({ series: { id: 'ecss-education-city-speaker-series', title: 'سلسلة محاضرات المدينة التعليمية', path: SERIES } });
  });
});

describe('speaker-series page at other instants', () => {
  it('counts down to the session after one that is under way, which stays among the upcoming ones', async () => {
    // 19:00 in Doha on 20 January 2027: The Future of Learning runs from 18:30 to 20:30.
    const app = await serverAt('2027-01-20T16:00:00Z');
    try {
      const data = seriesPageDataSchema.parse((await page(app, SERIES, 'en')).data);
      expect(slugs(data.upcoming)).toEqual([LEARNING, ARABIC, HEALTHY]);
      expect(data.next?.slug).toBe(ARABIC);
      // The countdown shows the request time: the page is kept a minute at most.
      expect((await page(app, SERIES, 'ar')).maxAgeSeconds).toBe(60);
    } finally {
      await app.close();
    }
  });

  it('has no next session once every session has started, and lists them all as past, most recent first', async () => {
    const app = await serverAt('2027-06-01T00:00:00Z');
    try {
      const p = await page(app, SERIES, 'en');
      const data = seriesPageDataSchema.parse(p.data);
      expect(data.next).toBeUndefined();
      expect(data.upcoming).toEqual([]);
      expect(slugs(data.past)).toEqual([HEALTHY, ARABIC, LEARNING, SCIENCE]);
      // The question form stays: questions for the whole series are still welcome.
      expect(p.widgets).toEqual(['mf-forms/EcssQuestion']);
      // No countdown, nothing left to start or end: the page holds until the content changes.
      expect(p.maxAgeSeconds).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe('speaker-series page just before a session starts', () => {
  it('is kept only until that session starts, when the countdown moves on', async () => {
    // The Arabic in the Digital Age session starts 30 s after this instant (see the test above for the order).
    const probe = await serverAt('2027-01-20T16:00:00Z');
    let start: string | undefined;
    try {
      start = seriesPageDataSchema.parse((await page(probe, SERIES, 'en')).data).next?.startDate;
    } finally {
      await probe.close();
    }
    if (!start) throw new Error('no next session');
    const app = await serverAt(new Date(Date.parse(start) - 30_000).toISOString());
    try {
      expect((await page(app, SERIES, 'en')).maxAgeSeconds).toBe(30);
    } finally {
      await app.close();
    }
  });
});
