import { imageOf, plainField, requiredField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import { contentPath, contentRoutes, localePath } from '@qf/shared/routing';
import { i18nCache, otherLang, type Lang } from '@qf/shared/i18n';
import type { PagePathEntry } from '@qf/shared/contracts';
import type { PageAnswer, TemplatePages } from '@qf/shared/section';
import { routes } from '../src/routes';
import { translations } from '../src/translations';
import { speakerPageDataSchema, speakerSchema, speakersListDataSchema, type Speaker, type SpeakerPageData, type SpeakersListData } from '../src/views/speakers-data';
import { cardOf } from './event-cards';
import { seriesPath } from './series';

const i18n = i18nCache([translations]);
const t = (lang: Lang, key: string) => i18n(lang).getFixedT(lang, translations.ns)(key);

/** Where the speakers live (SPEC §2 route `education-city-speaker-series/experts`), from the shared content routes. */
export const SPEAKERS_PATH = contentRoutes.spokes_people;
/** The series page the speakers belong to: the path this section owns for it. */
const SERIES_PATH = routes.path('series');

const time = (iso: string) => Date.parse(iso);
const linkIds = (entry: Entry, field: string): string[] => (plainField<Link[]>(entry, field) ?? []).map((l) => l.sys.id);

/** A speaker's page path, language-neutral: what the series page and other sections link to. */
export const speakerPath = (entry: Entry): string => contentPath('spokes_people', plainField<string>(entry, 'slug') ?? '');

/** The speakers page and each speaker's page, one server entry per template. */
export function createSpeakerPages(content: ContentSource): { speakers: TemplatePages<Record<never, string>>; speaker: TemplatePages<{ readonly slug: string }> } {
  const people = () => content.entries('spokes_people');

  async function speakerOf(entry: Entry, lang: Lang): Promise<Speaker> {
    const imageId = plainField<Link>(entry, 'image')?.sys.id;
    const image = imageOf(imageId ? await content.entry(imageId) : undefined, lang);
    return speakerSchema.parse({
      slug: plainField(entry, 'slug'),
      name: requiredField(entry, 'name', lang),
      role: requiredField(entry, 'role', lang),
      bio: requiredField(entry, 'bio', lang),
      path: speakerPath(entry),
      ...(image ? { image } : {}),
    });
  }

  /** The series the speakers belong to: its title, for the links back to it. */
  async function seriesTitle(lang: Lang): Promise<string> {
    const series = (await content.entries('ecss')).find((s) => seriesPath(s) === SERIES_PATH);
    return series ? requiredField<string>(series, 'title', lang) : t(lang, 'speakers.seriesName');
  }

  const person = (s: Speaker, url: string) => ({
    '@type': 'Person',
    name: s.name,
    ...(s.role ? { jobTitle: s.role } : {}),
    ...(s.bio ? { description: s.bio } : {}),
    ...(s.image ? { image: s.image.src } : {}),
    url,
  });

  async function resolveList(path: string, lang: Lang): Promise<PageAnswer> {
    const speakers = await Promise.all((await people()).map((p) => speakerOf(p, lang)));
    const data: SpeakersListData = speakersListDataSchema.parse({ seriesPath: SERIES_PATH, seriesTitle: await seriesTitle(lang), speakers });
    const title = t(lang, 'speakers.title');
    const description = t(lang, 'speakers.description');
    return {
      head: {
        title,
        description,
        alternatePath: localePath(otherLang(lang), path),
        kind: 'website',
        structuredData: [
          {
            '@context': 'https://schema.org',
            '@type': 'CollectionPage',
            name: title,
            description,
            inLanguage: lang,
            mainEntity: { '@type': 'ItemList', numberOfItems: speakers.length, itemListElement: speakers.map((s, i) => ({ '@type': 'ListItem', position: i + 1, item: person(s, localePath(lang, s.path)) })) },
          },
        ],
      },
      data,
      widgets: [],
    };
  }

  async function resolveSpeaker(path: string, slug: string, lang: Lang): Promise<PageAnswer | null> {
    const entry = (await people()).find((p) => plainField(p, 'slug') === slug);
    if (!entry) return null;
    const speaker = await speakerOf(entry, lang);
    // The sessions this speaker takes part in, most recent first: no split at the request time, so the
    // page holds until its content changes.
    const sessions = (await content.entries('event'))
      .filter((e) => linkIds(e, 'speakers').includes(entry.sys.id))
      .map((e) => cardOf(e, lang))
      .sort((a, b) => time(b.startDate) - time(a.startDate));
    const data: SpeakerPageData = speakerPageDataSchema.parse({ ...speaker, seriesPath: SERIES_PATH, seriesTitle: await seriesTitle(lang), listPath: SPEAKERS_PATH, sessions });
    return {
      head: {
        title: speaker.name,
        description: speaker.role ? `${speaker.role}. ${speaker.bio}`.trim() : speaker.bio,
        alternatePath: localePath(otherLang(lang), path),
        ...(speaker.image ? { image: speaker.image.src, imageAlt: speaker.image.alt } : {}),
        kind: 'profile',
        structuredData: [
          {
            '@context': 'https://schema.org',
            ...person(speaker, localePath(lang, path)),
            ...(sessions.length ? { performerIn: sessions.map((s) => ({ '@type': 'Event', name: s.title, startDate: s.startDate, endDate: s.endDate, url: routes.href(lang, 'event', { slug: s.slug }) })) } : {}),
          },
        ],
      },
      data,
      widgets: [],
    };
  }

  const latestOf = (entries: readonly Entry[]) =>
    entries
      .map((p) => p.sys.updatedAt)
      .filter((d): d is string => Boolean(d))
      .sort((a, b) => time(b) - time(a))[0];

  return {
    speakers: {
      resolve: ({ path, lang }) => resolveList(path, lang),
      /** The speakers page, dated by its newest speaker. */
      async paths(): Promise<PagePathEntry[]> {
        const latest = latestOf(await people());
        return [{ en: SPEAKERS_PATH, ar: localePath('ar', SPEAKERS_PATH), listing: true, ...(latest ? { lastmod: latest } : {}) }];
      },
    },
    speaker: {
      resolve: ({ path, lang, params }) => resolveSpeaker(path, params.slug, lang),
      /** Each speaker's page in both languages. */
      async paths(): Promise<PagePathEntry[]> {
        return (await people()).map((p) => {
          const sp = speakerPath(p);
          return { en: sp, ar: localePath('ar', sp), ...(p.sys.updatedAt ? { lastmod: p.sys.updatedAt } : {}) };
        });
      },
    },
  };
}
