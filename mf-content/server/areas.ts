import { fieldOf, imageOf, plainField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import type { PagePathEntry } from '@qf/shared/contracts';
import type { TemplatePages } from '@qf/shared/section';
import { i18nCache, otherLang, type Lang } from '@qf/shared/i18n';
import { contentPath, localePath, type RoutedContentType } from '@qf/shared/routing';
import { routes } from '../src/routes';
import { translations } from '../src/translations';
import { areaDataSchema, type AreaData } from '../src/views/directory-data';

export const AREAS = ['education', 'research', 'community', 'worldcup'] as const;
type Area = (typeof AREAS)[number];
/** Each area's page, as its routes name it (the World Cup's first segment is `world-cup`). */
const { pattern: AREA_PATTERNS } = routes.templates.area;
const AREA_PATHS: Record<Area, string> = { education: AREA_PATTERNS.education, research: AREA_PATTERNS.research, community: AREA_PATTERNS.community, worldcup: AREA_PATTERNS.worldCup };
const LATEST = 3;
const i18n = i18nCache([translations]);
const tFor = (lang: Lang) => i18n(lang).getFixedT(null, translations.ns);

/**
 * The area pages `/education`, `/research`, `/community` and `/world-cup` (SPEC §2 vertical template): the
 * area's latest stories and its categories as the menu shows them (education: schools and universities;
 * research: entities; community: entities and places; World Cup: the places on the map).
 */
export function createAreaPages(content: ContentSource): TemplatePages<Record<never, string>> {
  const slugOf = (e: Entry) => plainField<string>(e, 'slug') ?? '';
  const items = (list: Entry[], type: RoutedContentType, lang: Lang, subtitle?: string) =>
    list.map((e) => ({ title: fieldOf<string>(e, 'title', lang) ?? '', href: localePath(lang, contentPath(type, slugOf(e))), ...(subtitle ? { subtitle: fieldOf<string>(e, subtitle, lang) } : {}) })).filter((i) => i.title);

  async function groups(area: Area, lang: Lang): Promise<AreaData['groups']> {
    if (area === 'education') {
      const [schools, universities] = await Promise.all([content.entries('school'), content.entries('university')]);
      return [
        { key: 'schools', items: items(schools, 'school', lang, 'level') },
        { key: 'universities', items: items(universities, 'university', lang) },
      ];
    }
    const entities = (await content.entries('entity')).filter((e) => plainField(e, 'vertical') === area);
    if (area === 'research') return [{ key: 'entities', items: items(entities, 'entity', lang, 'subtitle') }];
    if (area === 'worldcup') return [{ key: 'places', items: items(await content.entries('place'), 'place', lang, 'address') }];
    return [
      { key: 'entities', items: items(entities, 'entity', lang, 'subtitle') },
      { key: 'places', items: items(await content.entries('place'), 'place', lang, 'address') },
    ];
  }

  // Its own pages by their routes; the other sections' by route id, resolved by the shell for the view.
  const LINKS: Record<Area, AreaData['links']> = {
    education: [{ key: 'programs', href: routes.path('programs') }],
    research: [
      { key: 'technologies', route: 'mf-idkt/technologies' },
      { key: 'idkt', route: 'mf-idkt/landing' },
    ],
    community: [{ key: 'events', route: 'mf-events/events' }],
    worldcup: [{ key: 'stories', href: `${routes.path('stories')}?area=worldcup` }],
  };

  return {
    async resolve({ path, lang }) {
      const area = AREAS.find((a) => path === AREA_PATHS[a]);
      if (!area) return null;
      const t = tFor(lang);
      const articles = (await content.entries('article')).filter((a) => plainField(a, 'vertical') === area);
      const latest = [...articles].sort((a, b) => String(plainField(b, 'date')).localeCompare(String(plainField(a, 'date')))).slice(0, LATEST);
      const stories = await Promise.all(
        latest.map(async (e) => {
          const hero = plainField<Link>(e, 'heroImage')?.sys.id;
          return {
            title: fieldOf<string>(e, 'title', lang) ?? '',
            excerpt: fieldOf<string>(e, 'excerpt', lang) ?? '',
            date: plainField<string>(e, 'date') ?? '',
            href: localePath(lang, contentPath('article', slugOf(e))),
            image: imageOf(hero ? await content.entry(hero) : undefined, lang),
          };
        }),
      );
      const data: AreaData = areaDataSchema.parse({
        vertical: area,
        stories,
        groups: (await groups(area, lang)).filter((g) => g.items.length > 0),
        links: LINKS[area].map((l) => (l.href ? { ...l, href: localePath(lang, l.href) } : l)),
      });
      const title = t(`area.${area}.title`);
      return {
        head: {
          title,
          description: t(`area.${area}.intro`),
          alternatePath: localePath(otherLang(lang), path),
          kind: 'website',
          ...(stories[0]?.image ? { image: stories[0].image.src, imageAlt: stories[0].image.alt } : {}),
          structuredData: [{ '@context': 'https://schema.org', '@type': 'CollectionPage', name: title, description: t(`area.${area}.intro`), inLanguage: lang }],
        },
        data,
        widgets: [],
      };
    },
    paths(): PagePathEntry[] {
      return AREAS.map((a) => ({ en: AREA_PATHS[a], ar: localePath('ar', AREA_PATHS[a]) }));
    },
  };
}
