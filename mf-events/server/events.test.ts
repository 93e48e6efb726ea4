import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { pagePathsSchema, resolvedPageSchema } from '@qf/shared/contracts';
import { eventsListDataSchema, type EventsListData } from '../src/views/events-list-data';
import { eventPageDataSchema, type EventPageData } from '../src/views/event-page-data';
import { routes } from '../src/routes';
import { splitEvents } from './events';
import { createEventsSectionPages } from './pages';

const content = createFileStore(path.resolve(__dirname, '../../content'));
const NOW = new Date('2026-11-22T09:00:00Z');
const pages = createEventsSectionPages(content, { now: () => NOW });

const LEARNING = 'education-city-speaker-series-future-of-learning';
const EARTHNA = 'earthna-workshop-circular-cities-hot-climates';
const FESTIVAL = 'qnl-childrens-reading-festival-2026';

async function resolveOk(p: string, lang: 'en' | 'ar') {
  const page = await pages.resolve(p, lang);
  if (!page) throw new Error(`${p} did not resolve`);
  return resolvedPageSchema.parse(page);
}

describe('events list resolver', () => {
  it('answers /events in English with upcoming events soonest first and past events most recent first', async () => {
    const page = await resolveOk('/events', 'en');
    expect(page.template).toBe('events');
    expect(page.hydration).toBe('interaction');
    expect(page.widgets).toEqual([]);
    expect(page.head).toEqual({ title: 'Events', description: expect.stringContaining('events'), alternatePath: '/ar/events' });
    const data = eventsListDataSchema.parse(page.data);
    expect(data.now).toBe(NOW.toISOString());
    const events = await content.entries('event');
    // Each list shows its first page (server/events-list.test.ts covers the pages, venues and featured events).
    expect((data.upcomingTotal ?? 0) + (data.pastTotal ?? 0)).toBe(events.length);
    expect(data.upcoming[0]?.slug).toBe('idkt-webinar-from-lab-to-market');
    expect(data.upcoming.map((e) => e.slug)).toEqual(expect.arrayContaining([LEARNING, EARTHNA]));
    expect(data.past.map((e) => e.slug)).toEqual(expect.arrayContaining(['sidra-precision-health-symposium-2026', FESTIVAL]));
    const starts = (list: { startDate: string }[]) => list.map((e) => Date.parse(e.startDate));
    expect(starts(data.upcoming)).toEqual([...starts(data.upcoming)].sort((a, b) => a - b));
    expect(starts(data.past)).toEqual([...starts(data.past)].sort((a, b) => b - a));
    expect(data.upcoming.every((e) => Date.parse(e.endDate) > NOW.getTime())).toBe(true);
    const learning = data.upcoming.find((e) => e.slug === LEARNING);
    expect(learning?.title).toBe('Education City Speaker Series: The Future of Learning');
    expect(learning?.attendance).toBe('hybrid');
  });

  it('answers /events in Arabic with Arabic titles and head', async () => {
    const page = await resolveOk('/events', 'ar');
    expect(page.head.title).toBe('الفعاليات');
    expect(page.head.alternatePath).toBe('/events');
    const data = page.data as EventsListData;
    expect(data.upcoming.map((e) => e.title)).toContain('سلسلة محاضرات المدينة التعليمية: مستقبل التعلّم');
    expect(data.past.find((e) => e.slug === FESTIVAL)?.location).toBe('مكتبة قطر الوطنية، المدينة التعليمية');
  });

  it('computes "now" at request time', async () => {
    const later = createEventsSectionPages(content, { now: () => new Date('2027-06-01T00:00:00Z') });
    const data = (await later.resolve('/events', 'en'))?.data as EventsListData;
    expect(data.upcoming).toEqual([]);
    const latest = [...(await content.entries('event'))].sort((a, b) => String(b.fields.startDate?.['en-US']).localeCompare(String(a.fields.startDate?.['en-US'])))[0];
    expect(data.past.map((e) => e.slug)[0]).toBe(latest?.fields.slug?.['en-US']);
  });

  it('keeps an event that has started but not ended among the upcoming ones', () => {
    const card = { slug: 'a', title: 'A', startDate: '2026-11-22T08:00:00Z', endDate: '2026-11-22T10:00:00Z', attendance: 'online' as const, location: 'Online', summary: '' };
    expect(splitEvents([card], NOW)).toEqual({ upcoming: [card], past: [] });
    expect(splitEvents([card], new Date('2026-11-22T10:00:00Z'))).toEqual({ upcoming: [], past: [card] });
  });
});

describe('event page resolver', () => {
  it('answers an event in English', async () => {
    const page = await resolveOk(`/events/${LEARNING}`, 'en');
    expect(page.template).toBe('event');
    expect(page.hydration).toBe('interaction');
    expect(page.head.title).toBe('Education City Speaker Series: The Future of Learning');
    expect(page.head.description).toMatch(/^Educators, students and researchers come together/);
    expect(page.head.alternatePath).toBe(`/ar/events/${LEARNING}`);
    const data: EventPageData = eventPageDataSchema.parse(page.data);
    expect(data.organizer).toBe('Qatar Foundation');
    expect(data.webinarLink).toBe('https://example.org/webinars/ecss-future-of-learning');
    expect(data.registrationOpen).toBe(true);
    expect(data.past).toBe(false);
    expect(data.body).toHaveLength(3);
  });

  it('answers the same event in Arabic', async () => {
    const page = await resolveOk(`/events/${LEARNING}`, 'ar');
    expect(page.head.title).toBe('سلسلة محاضرات المدينة التعليمية: مستقبل التعلّم');
    expect(page.head.alternatePath).toBe(`/events/${LEARNING}`);
    const data = page.data as EventPageData;
    expect(data.organizer).toBe('مؤسسة قطر');
    expect(data.body[0]).toMatch(/^تستضيف سلسلة محاضرات/);
  });

  it('marks closed registration, missing webinar links and past events', async () => {
    const earthna = (await resolveOk(`/events/${EARTHNA}`, 'en')).data as EventPageData;
    expect(earthna).toMatchObject({ registrationOpen: false, past: false, attendance: 'in-person' });
    expect(earthna.webinarLink).toBeUndefined();
    const festival = (await resolveOk(`/events/${FESTIVAL}`, 'en')).data as EventPageData;
    expect(festival.past).toBe(true);
  });

  it('answers null for an unknown slug or a path it does not own', async () => {
    await expect(pages.resolve('/events/no-such-event', 'en')).resolves.toBeNull();
    await expect(pages.resolve('/events/no-such-event', 'ar')).resolves.toBeNull();
    await expect(pages.resolve(`/events/${LEARNING}/extra`, 'en')).resolves.toBeNull();
    await expect(pages.resolve('/stories/anything', 'en')).resolves.toBeNull();
  });
});

describe('registration', () => {
  it('places the registration form on an event that has not ended, never on a past one', async () => {
    const upcoming = await resolveOk(`/events/${LEARNING}`, 'en');
    // The question form of a series session is on the series page (server/series.test.ts), not here.
    expect(upcoming.widgets).toEqual(['mf-forms/EventRegistration']);
    expect((upcoming.data as { id: string }).id).toBe('event-1');
    expect((await resolveOk(`/events/${FESTIVAL}`, 'en')).widgets).toEqual([]);
  });

  it('knows the speaker series a session belongs to, for the link to the series page', async () => {
    expect((await resolveOk(`/events/${LEARNING}`, 'ar')).data).toMatchObject({
      id: 'event-1',
      series: { id: 'ecss-education-city-speaker-series', title: 'سلسلة محاضرات المدينة التعليمية', path: '/education-city-speaker-series' },
    });
    const other = (await resolveOk(`/events/${EARTHNA}`, 'en')).data as EventPageData;
    expect(other.series).toBeUndefined();
  });
});

describe('paths', () => {
  it('lists the events page and every event in both languages', async () => {
    const all = pagePathsSchema.parse(await pages.paths());
    const paths = all.filter((p) => ['events', 'event'].includes(routes.match(p.en)[0]?.template ?? ''));
    const events = await content.entries('event');
    expect(paths).toHaveLength(events.length + 1);
    const newest = events.map((e) => e.sys.updatedAt ?? '').sort().at(-1);
    expect(paths[0]).toEqual({ en: '/events', ar: '/ar/events', lastmod: newest, listing: true });
    expect(paths).toContainEqual({ en: `/events/${LEARNING}`, ar: `/ar/events/${LEARNING}`, lastmod: '2026-11-05T12:00:00Z' });
    for (const p of paths.slice(1)) await expect(pages.resolve(p.en, 'en')).resolves.not.toBeNull();
  });
});

describe('how long a page holds (maxAgeSeconds)', () => {
  const at = (iso: string | number) => createEventsSectionPages(content, { now: () => new Date(iso) });

  it('keeps the list a minute at most, and only until the next upcoming event ends', async () => {
    expect((await resolveOk('/events', 'en')).maxAgeSeconds).toBe(60);
    const data = eventsListDataSchema.parse((await resolveOk('/events', 'en')).data);
    const firstEnd = Math.min(...data.upcoming.map((e) => Date.parse(e.endDate)));
    expect((await at(firstEnd - 10_000).resolve('/events', 'ar'))?.maxAgeSeconds).toBe(10);
    expect((await at(firstEnd - 1).resolve('/events', 'en'))?.maxAgeSeconds).toBe(1);
    // Once every event has ended nothing changes with time: the list holds until the content changes.
    expect(await at('2030-01-01T00:00:00Z').resolve('/events', 'en')).not.toHaveProperty('maxAgeSeconds');
  });

  it('keeps an event page until the event ends, and a past event page until its content changes', async () => {
    expect((await resolveOk(`/events/${LEARNING}`, 'en')).maxAgeSeconds).toBe(60);
    const end = Date.parse(eventPageDataSchema.parse((await resolveOk(`/events/${LEARNING}`, 'en')).data).endDate);
    const before = await at(end - 25_000).resolve(`/events/${LEARNING}`, 'en');
    expect(before).toMatchObject({ maxAgeSeconds: 25, widgets: ['mf-forms/EventRegistration'] });
    const after = await at(end).resolve(`/events/${LEARNING}`, 'en');
    expect(after).toMatchObject({ widgets: [], data: { past: true } });
    expect(after).not.toHaveProperty('maxAgeSeconds');
  });
});
