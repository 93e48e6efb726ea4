import { fieldOf, plainField, requiredField, type ContentSource, type Entry } from '@qf/shared/content';
import { localePath } from '@qf/shared/routing';
import { otherLang, type Lang } from '@qf/shared/i18n';
import type { PagePathEntry, ResolvedPage } from '@qf/shared/contracts';
import type { PageAnswer, TemplatePages } from '@qf/shared/section';
import { routes } from '../src/routes';
import { cardOf, hasEnded, maxAgeUntil, splitEvents } from './event-cards';
import { seriesOf, seriesPath } from './series';
import { eventPageDataSchema, type EventPageData } from '../src/views/event-page-data';
import type { AvailabilityLookup } from './forms-availability';

export { hasEnded, splitEvents };

function pageOf(entry: Entry, lang: Lang, now: Date): EventPageData {
  const card = cardOf(entry, lang);
  return eventPageDataSchema.parse({
    ...card,
    id: entry.sys.id,
    organizer: requiredField(entry, 'organizer', lang),
    body: fieldOf(entry, 'body', lang) ?? [],
    webinarLink: plainField(entry, 'webinarLink') || undefined,
    registrationOpen: plainField(entry, 'registrationOpen') === true,
    past: hasEnded(card, now),
  });
}

function capMaxAge(age: { maxAgeSeconds?: number }, cap: number | undefined): { maxAgeSeconds?: number } {
  if (cap === undefined) return age;
  return { maxAgeSeconds: Math.min(age.maxAgeSeconds ?? cap, cap) };
}

export interface EventPagesOptions {
  /** The request time; a parameter so tests can fix it. */
  now?: () => Date;
  /** The seats an event has left (mf-forms' availability API); without it pages say what the content says. */
  availability?: AvailabilityLookup;
}

/** How long at most an event page whose registration is open is kept as rendered: its seats go. */
export const OPEN_REGISTRATION_MAX_AGE_SECONDS = 10;

/** The event pages at `/events/:slug`: the event, its series, its seats and its structured data. */
export function createEventPages(content: ContentSource, { now = () => new Date(), availability }: EventPagesOptions = {}): TemplatePages<{ readonly slug: string }> {
  const events = () => content.entries('event');
  const head = (lang: Lang, path: string, title: string, description: string): ResolvedPage['head'] => ({
    title,
    description,
    alternatePath: localePath(otherLang(lang), path),
  });

  async function resolveEvent(path: string, slug: string, lang: Lang): Promise<PageAnswer | null> {
    const entry = (await events()).find((e) => plainField(e, 'slug') === slug);
    if (!entry) return null;
    const series = await seriesOf(content, entry.sys.id);
    const at = now();
    const base = pageOf(entry, lang, at);
    // The seats left, so the server HTML already says "full" (and offers no form) when they are gone.
    const seats = base.registrationOpen && !base.past && availability ? await availability(entry.sys.id) : null;
    const data = eventPageDataSchema.parse({
      ...base,
      ...(seats ? { availability: seats } : {}),
      ...(series ? { series: { id: series.sys.id, title: requiredField(series, 'title', lang), path: seriesPath(series) } } : {}),
    });
    const full = Boolean(data.availability && (!data.availability.open || (!data.availability.online && !data.availability.inPerson)));
    const capacity = plainField<number>(entry, 'capacityInPerson') ?? 0;
    const mode = { online: 'OnlineEventAttendanceMode', 'in-person': 'OfflineEventAttendanceMode', hybrid: 'MixedEventAttendanceMode' }[data.attendance];
    const physical = { '@type': 'Place', name: data.location, address: data.location };
    const virtual = data.webinarLink ? { '@type': 'VirtualLocation', url: data.webinarLink } : undefined;
    const event = {
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: data.title,
      description: data.summary,
      startDate: data.startDate,
      endDate: data.endDate,
      eventAttendanceMode: `https://schema.org/${mode}`,
      eventStatus: 'https://schema.org/EventScheduled',
      location: data.attendance === 'online' ? (virtual ?? { '@type': 'VirtualLocation', url: `${path}` }) : data.attendance === 'hybrid' && virtual ? [physical, virtual] : physical,
      organizer: { '@type': 'Organization', name: data.organizer },
      offers: {
        '@type': 'Offer',
        price: 0,
        priceCurrency: 'QAR',
        // Closed registration for an in-person event that has not happened means its seats are gone.
        availability: `https://schema.org/${(full || !data.registrationOpen) && !data.past && capacity > 0 ? 'SoldOut' : data.registrationOpen && !full ? 'InStock' : 'Discontinued'}`,
      },
    };
    return {
      head: { ...head(lang, path, data.title, data.summary), kind: 'event', structuredData: [event] },
      data,
      // A session's questions are asked on its series' page (SeriesPage), which the event page links to.
      widgets: data.past ? [] : ['mf-forms/EventRegistration'],
      // Past or not (and so the registration form) is decided at the request time: it holds until the
      // event ends (a minute at most); a past event's page holds until its content changes.
      // With the seats in it, an open registration's page holds a few seconds only.
      ...capMaxAge(maxAgeUntil(at, [data.endDate]), data.availability ? OPEN_REGISTRATION_MAX_AGE_SECONDS : undefined),
    };
  }

  return {
    resolve: ({ path, lang, params }) => resolveEvent(path, params.slug, lang),
    /** Every event in both languages, dated by its last change. */
    async paths(): Promise<PagePathEntry[]> {
      return (await events()).flatMap((e) => {
        const slug = plainField<string>(e, 'slug');
        if (!slug) return [];
        const p = routes.path('event', { slug });
        return { en: p, ar: localePath('ar', p), ...(e.sys.updatedAt ? { lastmod: e.sys.updatedAt } : {}) };
      });
    },
  };
}
