import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createFileStore } from '@qf/shared/content';
import { resolvedPageSchema } from '@qf/shared/contracts';
import { eventsListDataSchema, type EventsListData } from '../src/views/events-list-data';
import { buildEventsServer } from './app';
import { cardOf, splitEvents } from './event-cards';
import { createEventsSectionPages } from './pages';

const NOW = new Date('2026-11-22T09:00:00Z');
const QNCC = 'qatar-national-convention-centre-education-city';
const content = createFileStore(path.resolve(__dirname, '../../content'));
const list = createEventsSectionPages(content, { now: () => NOW });

async function listFor(query: string, lang: 'en' | 'ar' = 'en') {
  const page = resolvedPageSchema.parse(await list.resolve('/events', lang, new URLSearchParams(query)));
  return { page, data: eventsListDataSchema.parse(page.data) };
}
const slugs = (events: { slug: string }[]) => events.map((e) => e.slug);

describe('events list: Load more events', () => {
  it('shows the first six of each list and says how many there are', async () => {
    const { data } = await listFor('');
    expect(data).toMatchObject({ pageSize: 6, upcomingPages: 1, pastPages: 1, upcomingTotal: 8, pastTotal: 8, unknownLocation: false });
    expect(data.upcoming).toHaveLength(6);
    expect(data.past).toHaveLength(6);
    expect(data.upcoming[0]?.slug).toBe('idkt-webinar-from-lab-to-market');
  });

  it('shows pages 1 to N of a list with ?upcoming=N or ?past=N, in the same order', async () => {
    const first = (await listFor('')).data;
    const { data } = await listFor('upcoming=2');
    expect(data.upcomingPages).toBe(2);
    expect(data.upcoming).toHaveLength(8);
    expect(slugs(data.upcoming).slice(0, 6)).toEqual(slugs(first.upcoming));
    expect(data.past).toHaveLength(6);
    const both = (await listFor('upcoming=2&past=2')).data;
    expect(both.past).toHaveLength(8);
    expect(slugs(both.past).slice(0, 6)).toEqual(slugs(first.past));
  });

  it('never asks for a page past the end, and reads a bad page count as 1', async () => {
    expect((await listFor('upcoming=99')).data).toMatchObject({ upcomingPages: 2 });
    for (const bad of ['upcoming=0', 'upcoming=-1', 'upcoming=abc', 'upcoming=1e3', 'upcoming=99999']) {
      const { data } = await listFor(bad);
      expect([bad, data.upcomingPages, data.upcoming.length]).toEqual([bad, 1, 6]);
    }
  });
});

describe('events list: by location', () => {
  it('lists every venue with its number of events, by name, keyed by its English name', async () => {
    const { data } = await listFor('');
    expect(data.locations.reduce((n, l) => n + l.count, 0)).toBe(16);
    expect(data.locations.find((l) => l.key === QNCC)).toEqual({ key: QNCC, name: 'Qatar National Convention Centre, Education City', count: 5 });
    expect(data.locations.find((l) => l.key === 'online')).toMatchObject({ name: 'Online', count: 3 });
    const names = data.locations.map((l) => l.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('shows only the events of a venue with ?location=, titled with its name', async () => {
    const { page, data } = await listFor(`location=${QNCC}`);
    expect(page.head.title).toBe('Events at Qatar National Convention Centre, Education City');
    expect(page.head.alternatePath).toBe('/ar/events');
    expect(data.location).toBe(QNCC);
    expect(slugs(data.upcoming)).toEqual(['education-city-speaker-series-future-of-learning', 'education-city-speaker-series-arabic-digital-age', 'water-security-arid-regions-conference-2027', 'education-city-speaker-series-healthy-cities']);
    expect(slugs(data.past)).toEqual(['education-city-research-forum-2025']);
    expect(data).toMatchObject({ upcomingTotal: 4, pastTotal: 1 });
    // The venue list stays whole, so the visitor can pick another one.
    expect(data.locations.length).toBeGreaterThan(5);
  });

  it('uses the same key in Arabic, with Arabic names', async () => {
    const { page, data } = await listFor(`location=${QNCC}`, 'ar');
    expect(page.head.title).toBe('الفعاليات في مركز قطر الوطني للمؤتمرات، المدينة التعليمية');
    expect(data.locations.find((l) => l.key === QNCC)?.name).toBe('مركز قطر الوطني للمؤتمرات، المدينة التعليمية');
    expect(data.upcoming).toHaveLength(4);
  });

  it('shows every event, and says so, for a venue that has none', async () => {
    const { page, data } = await listFor('location=nowhere');
    expect(data.unknownLocation).toBe(true);
    expect(data.location).toBeUndefined();
    expect(data.upcomingTotal).toBe(8);
    expect(page.head.title).toBe('Events');
  });
});

describe('events list: made once per content', () => {
  it('gives the same list on every request, and the new one as soon as the content changes', async () => {
    const all = await content.entries('event');
    let current = all.slice(0, 3);
    const changing = createEventsSectionPages({ ...content, entries: async (type: string) => (type === 'event' ? current : content.entries(type)) }, { now: () => NOW });
    const totals = async () => {
      const data = eventsListDataSchema.parse((await changing.resolve('/events', 'en', new URLSearchParams()))!.data);
      return { events: Number(data.upcomingTotal) + Number(data.pastTotal), atVenues: data.locations.reduce((n, l) => n + l.count, 0) };
    };
    for (let i = 0; i < 3; i++) expect(await totals()).toEqual({ events: 3, atVenues: 3 });
    current = [...all];
    for (let i = 0; i < 3; i++) expect(await totals()).toEqual({ events: 16, atVenues: 16 });
  });
});

describe('events list: split at the request time', () => {
  it('lists upcoming events soonest first and past ones most recent first, at any time, as splitEvents does', async () => {
    const entries = await content.entries('event');
    const cards = entries.map((e) => cardOf(e, 'en'));
    const instants = [...new Set(cards.flatMap((c) => [c.startDate, c.endDate]))].map((iso) => new Date(iso));
    // Each start and end, a millisecond either side, and well before and after every event.
    const times = [new Date('2000-01-01T00:00:00Z'), new Date('2100-01-01T00:00:00Z'), ...instants.flatMap((d) => [-1, 0, 1].map((ms) => new Date(d.getTime() + ms)))];
    for (const at of times) {
      const atList = createEventsSectionPages(content, { now: () => at });
      const data = eventsListDataSchema.parse((await atList.resolve('/events', 'en', new URLSearchParams('upcoming=9&past=9')))!.data);
      const { upcoming, past } = splitEvents(cards, at);
      expect({ at: at.toISOString(), upcoming: slugs(data.upcoming), past: slugs(data.past) }).toEqual({ at: at.toISOString(), upcoming: slugs(upcoming), past: slugs(past) });
    }
  });

  it('keeps the order of events that start and end together as splitEvents does', async () => {
    const [a, b, c] = (await content.entries('event')).slice(0, 3);
    const same = (e: typeof a, slug: string) => ({ ...e!, fields: { ...e!.fields, slug: { 'en-US': slug }, startDate: a!.fields.startDate!, endDate: a!.fields.endDate! } });
    const tied = [same(a, 'tied-a'), same(b, 'tied-b'), same(c, 'tied-c')];
    const cards = tied.map((e) => cardOf(e, 'en'));
    for (const at of [new Date('2000-01-01T00:00:00Z'), new Date('2100-01-01T00:00:00Z')]) {
      const tiedList = createEventsSectionPages({ ...content, entries: async (type: string) => (type === 'event' ? tied : content.entries(type)) }, { now: () => at });
      const data = eventsListDataSchema.parse((await tiedList.resolve('/events', 'en', new URLSearchParams()))!.data);
      const { upcoming, past } = splitEvents(cards, at);
      expect([slugs(data.upcoming), slugs(data.past)]).toEqual([slugs(upcoming), slugs(past)]);
    }
  });
});

describe('events list: featured events', () => {
  let dir: string;
  let featuredList: ReturnType<typeof createEventsSectionPages>;
  beforeAll(() => {
    // A copy of the content with exactly three events featured, one of them past.
    dir = mkdtempSync(path.join(os.tmpdir(), 'mf-events-featured-'));
    cpSync(path.resolve(__dirname, '../../content/entries'), path.join(dir, 'entries'), { recursive: true });
    const file = path.join(dir, 'entries', 'event.json');
    const events = JSON.parse(readFileSync(file, 'utf8')) as { sys: { id: string }; fields: Record<string, unknown> }[];
    for (const e of events) {
      delete e.fields.featured;
      if (['event-3', 'event-1', 'event-4'].includes(e.sys.id)) e.fields.featured = { 'en-US': true };
    }
    writeFileSync(file, JSON.stringify(events));
    featuredList = createEventsSectionPages(createFileStore(dir), { now: () => NOW });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const featured = async (query: string, lang: 'en' | 'ar' = 'en') => eventsListDataSchema.parse((await featuredList.resolve('/events', lang, new URLSearchParams(query)))!.data);

  it('shows the featured events that have not ended, soonest first', async () => {
    const data = await featured('');
    expect(slugs(data.featured)).toEqual(['education-city-speaker-series-future-of-learning', 'earthna-workshop-circular-cities-hot-climates']);
    expect((await featured('', 'ar')).featured[0]?.title).toBe('سلسلة محاضرات المدينة التعليمية: مستقبل التعلّم');
  });

  it('keeps to the chosen venue', async () => {
    expect(slugs((await featured(`location=${QNCC}`)).featured)).toEqual(['education-city-speaker-series-future-of-learning']);
    expect((await featured('location=online')).featured).toEqual([]);
  });

  it('shows the real content\'s featured events', async () => {
    expect(slugs((await listFor('')).data.featured)).toEqual(['education-city-speaker-series-future-of-learning', 'earthna-workshop-circular-cities-hot-climates', 'water-security-arid-regions-conference-2027']);
  });
});

describe('events list over HTTP', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildEventsServer({ dir: path.resolve(__dirname, '..'), content, env: {}, now: () => NOW }));
  });
  afterAll(() => app.close());

  it('reads the page query the shell passes on', async () => {
    const res = await app.inject(`/_qf/page?path=/events&lang=ar&query=${encodeURIComponent(`location=${QNCC}&upcoming=2`)}`);
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { page: { data: EventsListData } }).page.data;
    expect(data).toMatchObject({ location: QNCC, upcomingPages: 1, upcomingTotal: 4 });
    const plain = (await app.inject('/_qf/page?path=/events&lang=en')).json() as { page: { data: EventsListData; maxAgeSeconds?: number } };
    expect(plain.page.data.upcoming).toHaveLength(6);
    expect(plain.page.maxAgeSeconds).toBe(60);
  });
});
