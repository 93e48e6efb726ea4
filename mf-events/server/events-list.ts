import { plainField, requiredField, type ContentSource, type Entry } from '@qf/shared/content';
import { localePath } from '@qf/shared/routing';
import { i18nCache, otherLang, type Lang } from '@qf/shared/i18n';
import type { PageAnswer, TemplatePages } from '@qf/shared/section';
import { routes } from '../src/routes';
import { translations } from '../src/translations';
import { eventsListDataSchema, type EventCard, type EventLocation, type EventsListData } from '../src/views/events-list-data';
import { EVENTS_PAGE_SIZE, locationKey, parseEventsQuery } from '../src/views/events-query';
import { cardOf, maxAgeUntil } from './event-cards';

const time = (iso: string) => new Date(iso).getTime();
const i18n = i18nCache([translations]);
const tFor = (lang: Lang) => i18n(lang).getFixedT(lang, translations.ns);

/** How many pages of `total` events are shown when `asked` were asked for: at least one, never past the end. */
const shownPages = (asked: number, total: number) => Math.max(1, Math.min(asked, Math.ceil(total / EVENTS_PAGE_SIZE)));

type Row = EventCard & { locationKey: string; featured: boolean; start: number; end: number };
interface Prepared {
  /** Every row soonest first (the order of upcoming events), and most recent first (that of past ones). */
  soonest: Row[];
  latest: Row[];
  venues: Map<string, EventLocation>;
  locations: EventLocation[];
}

/**
 * The cards of every event in one language with their start and end read once, sorted the two ways
 * splitEvents sorts upcoming and past events, their venues and the venues in the language's order: the
 * same for every request until the content changes (a new entries array), so made once per entries
 * array and language. A request only splits the rows at its time and slices them. Nothing here is
 * changed afterwards: the page data is a copy made by the schema.
 */
const preparedFor = new WeakMap<readonly Entry[], Partial<Record<Lang, Prepared>>>();
function prepared(entries: readonly Entry[], lang: Lang): Prepared {
  let byLang = preparedFor.get(entries);
  if (!byLang) preparedFor.set(entries, (byLang = {}));
  const kept = byLang[lang];
  if (kept) return kept;
  const rows = entries.map((e): Row => {
    const card = cardOf(e, lang);
    return {
      ...card,
      // Venues are told apart by their English name: the same key under /ar.
      locationKey: locationKey(requiredField<string>(e, 'location', 'en')),
      featured: plainField(e, 'featured') === true,
      start: Date.parse(card.startDate),
      end: Date.parse(card.endDate),
    };
  });
  const soonest = [...rows].sort((a, b) => a.start - b.start || a.end - b.end);
  const latest = [...rows].sort((a, b) => b.start - a.start || b.end - a.end);
  const venues = new Map<string, EventLocation>();
  for (const r of rows) {
    const venue = venues.get(r.locationKey);
    if (venue) venue.count += 1;
    else venues.set(r.locationKey, { key: r.locationKey, name: r.location, count: 1 });
  }
  const collator = new Intl.Collator(lang);
  const locations = [...venues.values()].sort((a, b) => collator.compare(a.name, b.name));
  return (byLang[lang] = { soonest, latest, venues, locations });
}

/**
 * The events list at `/events` (SPEC §2 event pages: upcoming and featured events, events by location,
 * 'Load more events'). The query chooses a venue (`?location={key}`) and how many pages of each list are
 * shown (`?upcoming=N`, `?past=N`: pages 1 to N), so every state is a plain link that the server renders
 * without JavaScript; the view loads the next page in place when it can.
 */
export function createEventsList(content: ContentSource, { now = () => new Date() }: { now?: () => Date } = {}): TemplatePages<Record<never, string>> {
  return {
    async resolve({ path, lang, query }): Promise<PageAnswer> {
      const t = tFor(lang);
      const at = now();
      const { soonest, latest, venues, locations } = prepared(await content.entries('event'), lang);
      const asked = parseEventsQuery(query);
      const location = asked.location && venues.has(asked.location) ? asked.location : undefined;
      // As splitEvents splits them (an event has ended once its end has passed), from the sorted rows.
      const shown = (r: Row) => !location || r.locationKey === location;
      const upcoming = soonest.filter((r) => r.end > at.getTime() && shown(r));
      const past = latest.filter((r) => r.end <= at.getTime() && shown(r));
      const upcomingPages = shownPages(asked.upcoming, upcoming.length);
      const pastPages = shownPages(asked.past, past.length);
      // The extra fields of the rows (locationKey, featured, start, end) are left out by the schema.
      const data: EventsListData = eventsListDataSchema.parse({
        now: at.toISOString(),
        featured: upcoming.filter((e) => e.featured),
        upcoming: upcoming.slice(0, upcomingPages * EVENTS_PAGE_SIZE),
        past: past.slice(0, pastPages * EVENTS_PAGE_SIZE),
        upcomingTotal: upcoming.length,
        pastTotal: past.length,
        upcomingPages,
        pastPages,
        pageSize: EVENTS_PAGE_SIZE,
        locations,
        ...(location ? { location } : {}),
        unknownLocation: Boolean(asked.location && !location),
      });
      const venue = location ? venues.get(location)!.name : undefined;
      return {
        head: {
          title: venue ? t('list.atLocation', { location: venue }) : t('list.title'),
          description: t('list.description'),
          alternatePath: localePath(otherLang(lang), path),
        },
        data,
        widgets: [],
        // The list is split at the request time: it holds until an upcoming event ends (a minute at most).
        ...maxAgeUntil(
          at,
          upcoming.map((e) => e.endDate),
        ),
      };
    },
    /** The list in both languages, dated by its newest event. */
    async paths() {
      const stamps = (await content.entries('event')).map((e) => e.sys.updatedAt).filter((s): s is string => Boolean(s));
      const latest = stamps.sort((a, b) => time(b) - time(a))[0];
      const list = routes.path('events');
      return [{ en: list, ar: localePath('ar', list), listing: true, ...(latest ? { lastmod: latest } : {}) }];
    },
  };
}
