import { imageOf, plainField, requiredField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import { contentPath, contentRoutes, localePath } from '@qf/shared/routing';
import { otherLang, type Lang } from '@qf/shared/i18n';
import type { PagePathEntry } from '@qf/shared/contracts';
import type { PageAnswer, TemplatePages } from '@qf/shared/section';
import { routes } from '../src/routes';
import { seriesPageDataSchema, seriesSessionSchema, type SeriesPageData, type SeriesSession } from '../src/views/series-page-data';
import { cardOf, maxAgeUntil, splitEvents } from './event-cards';

const SERIES_PATH = routes.path('series');

const linkIds = (entry: Entry, field: string): string[] => (plainField<Link[]>(entry, field) ?? []).map((l) => l.sys.id);

/** The language-neutral path of a speaker series (an `ecss` entry), where SPEC §2 puts it. */
export const seriesPath = (series: Entry): string => contentPath('ecss', plainField<string>(series, 'slug') ?? '');

/** The speaker series that lists an event among its sessions, if any. */
export async function seriesOf(content: ContentSource, eventId: string): Promise<Entry | undefined> {
  return (await content.entries('ecss')).find((s) => linkIds(s, 'sessions').includes(eventId));
}

export interface SeriesPagesOptions {
  /** The request time; a parameter so tests can fix it. */
  now?: () => Date;
}

/**
 * The speaker-series overview at the path of its `ecss` entry (`/education-city-speaker-series`): the
 * series, its sessions split at request time, and the session the countdown runs to.
 */
export function createSeriesPages(content: ContentSource, { now = () => new Date() }: SeriesPagesOptions = {}): TemplatePages<Record<never, string>> {
  /** Only the series whose content path is the route this section owns: the shell sends us nothing else. */
  const seriesAt = async (path: string) => (await content.entries('ecss')).find((s) => seriesPath(s) === path);

  async function sessionsOf(series: Entry, lang: Lang): Promise<SeriesSession[]> {
    const entries = await Promise.all(linkIds(series, 'sessions').map((id) => content.entry(id)));
    return Promise.all(
      entries
        .filter((e): e is Entry => e?.sys.contentType === 'event')
        .map(async (e) => {
          const people = await Promise.all(linkIds(e, 'speakers').map((id) => content.entry(id)));
          const speakers = people.filter((p): p is Entry => p?.sys.contentType === 'spokes_people').map((p) => ({ name: requiredField<string>(p, 'name', lang), role: requiredField<string>(p, 'role', lang), path: contentPath('spokes_people', plainField<string>(p, 'slug') ?? '') }));
          return seriesSessionSchema.parse({ ...cardOf(e, lang), id: e.sys.id, speakers });
        }),
    );
  }

  async function resolve(path: string, lang: Lang): Promise<PageAnswer | null> {
    const series = await seriesAt(path);
    if (!series) return null;
    const at = now();
    const { upcoming, past } = splitEvents(await sessionsOf(series, lang), at);
    const next = upcoming.find((s) => Date.parse(s.startDate) > at.getTime());
    const heroId = plainField<Link>(series, 'heroImage')?.sys.id;
    const image = imageOf(heroId ? await content.entry(heroId) : undefined, lang);
    const data: SeriesPageData = seriesPageDataSchema.parse({
      id: series.sys.id,
      title: requiredField(series, 'title', lang),
      description: requiredField(series, 'description', lang),
      ...(image ? { image } : {}),
      now: at.toISOString(),
      ...(next ? { next } : {}),
      upcoming,
      past,
      speakersPath: contentRoutes.spokes_people,
    });
    const eventSeries = {
      '@context': 'https://schema.org',
      '@type': 'EventSeries',
      name: data.title,
      description: data.description,
      ...(image ? { image: [image.src] } : {}),
      organizer: { '@type': 'Organization', name: lang === 'en' ? 'Qatar Foundation' : 'مؤسسة قطر' },
      subEvent: [...upcoming, ...past].map((s) => ({ '@type': 'Event', name: s.title, startDate: s.startDate, endDate: s.endDate, location: { '@type': 'Place', name: s.location } })),
    };
    return {
      head: {
        title: data.title,
        description: data.description,
        alternatePath: localePath(otherLang(lang), path),
        ...(image ? { image: image.src, imageAlt: image.alt } : {}),
        kind: 'website',
        structuredData: [eventSeries],
      },
      data,
      widgets: ['mf-forms/EcssQuestion'],
      // The countdown starts from the request time and the sessions are split at it: kept a short while,
      // and never past the next start or end of a session.
      ...maxAgeUntil(at, [...upcoming, ...past].flatMap((s) => [s.startDate, s.endDate])),
    };
  }

  return {
    resolve: ({ path, lang }) => resolve(path, lang),
    /** The series page in both languages for the sitemap, dated by the series or its newest session. */
    async paths(): Promise<PagePathEntry[]> {
      const all = (await content.entries('ecss')).filter((s) => seriesPath(s) === SERIES_PATH);
      return Promise.all(
        all.map(async (s) => {
          const sessions = await Promise.all(linkIds(s, 'sessions').map((id) => content.entry(id)));
          const stamps = [s, ...sessions].map((e) => e?.sys.updatedAt).filter((d): d is string => Boolean(d));
          const latest = stamps.sort((a, b) => Date.parse(b) - Date.parse(a))[0];
          const p = seriesPath(s);
          return { en: p, ar: localePath('ar', p), listing: true, ...(latest ? { lastmod: latest } : {}) };
        }),
      );
    },
  };
}
