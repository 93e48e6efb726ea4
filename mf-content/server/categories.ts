import { fieldOf, imageOf, plainField, requiredField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import type { PagePathEntry } from '@qf/shared/contracts';
import type { TemplatePages } from '@qf/shared/section';
import { i18nCache, otherLang, type Lang } from '@qf/shared/i18n';
import { contentPath, directionsUrl, localePath, type RoutedContentType } from '@qf/shared/routing';
import { translations } from '../src/translations';
import { categoryKeys } from '../src/views/category-text';
import { itemList } from './item-list';
import { categoryListDataSchema, MAP_CATEGORIES, type CategoryListData, type MapCategory } from '../src/views/list-data';

type Item = CategoryListData['items'][number];
interface Category {
  path: string;
  vertical: CategoryListData['vertical'];
  category: CategoryListData['category'];
  map?: MapCategory;
}

/**
 * The categories of the areas as the menu and the area sub-menu bar link them (`/{area}/{category}`):
 * schools and universities (the list at the parent of their pages, `/education/education-city`), the
 * research and community entities, the places, and the World Cup's map categories.
 */
export const CATEGORIES: readonly Category[] = [
  { path: '/education/schools', vertical: 'education', category: 'schools' },
  { path: '/education/education-city', vertical: 'education', category: 'universities' },
  { path: '/research/entities', vertical: 'research', category: 'entities' },
  { path: '/community/entities', vertical: 'community', category: 'entities' },
  { path: '/community/places', vertical: 'community', category: 'places' },
  ...MAP_CATEGORIES.map((map) => ({ path: `/world-cup/${map}`, vertical: 'worldcup' as const, category: 'places' as const, map })),
];
const AREA_PATH = { education: '/education', research: '/research', community: '/community', worldcup: '/world-cup' } as const;
const i18n = i18nCache([translations]);
const tFor = (lang: Lang) => i18n(lang).getFixedT(null, translations.ns);
const slugOf = (e: Entry) => plainField<string>(e, 'slug') ?? '';
const firstSentence = (s: string) => /^.*?[.!؟?](\s|$)/.exec(s)?.[0].trim() ?? s;

export function createCategoryPages(content: ContentSource): TemplatePages<{ readonly category?: string }> {
  const image = async (e: Entry, field: string, lang: Lang) => {
    const id = plainField<Link>(e, field)?.sys.id;
    return imageOf(id ? await content.entry(id) : undefined, lang);
  };
  const link = (type: RoutedContentType, e: Entry, lang: Lang) => ({ title: requiredField<string>(e, 'title', lang), href: localePath(lang, contentPath(type, slugOf(e))) });
  const firstParagraph = (e: Entry, lang: Lang) => {
    const d = fieldOf<string | string[]>(e, 'description', lang);
    return firstSentence((Array.isArray(d) ? d[0] : d) ?? '');
  };

  async function items(c: Category, lang: Lang): Promise<Item[]> {
    if (c.category === 'schools' || c.category === 'universities') {
      const type = c.category === 'schools' ? 'school' : 'university';
      return Promise.all(
        (await content.entries(type)).map(async (e) => ({
          ...link(type, e, lang),
          subtitle: type === 'school' ? fieldOf<string>(e, 'level', lang) : undefined,
          excerpt: firstParagraph(e, lang),
          image: await image(e, 'logo', lang),
        })),
      );
    }
    if (c.category === 'entities') {
      const entities = (await content.entries('entity')).filter((e) => plainField(e, 'vertical') === c.vertical);
      return Promise.all(entities.map(async (e) => ({ ...link('entity', e, lang), subtitle: fieldOf<string>(e, 'subtitle', lang), image: await image(e, 'logo', lang) })));
    }
    const places = (await content.entries('place')).filter((p) => !c.map || plainField(p, 'mapCategory') === c.map);
    return places.map((p) => {
      const name = requiredField<string>(p, 'title', lang);
      const address = requiredField<string>(p, 'address', lang);
      return {
        ...link('place', p, lang),
        subtitle: tFor(lang)(`directory.categories.${plainField<string>(p, 'mapCategory') ?? ''}`),
        openingHours: fieldOf<string>(p, 'openingHours', lang),
        address: { text: address, directions: directionsUrl({ name, address }) },
      };
    });
  }

  return {
    async resolve({ path, lang }) {
      const c = CATEGORIES.find((x) => x.path === path);
      if (!c) return null;
      const data: CategoryListData = categoryListDataSchema.parse({
        vertical: c.vertical,
        category: c.category,
        map: c.map,
        items: (await items(c, lang)).filter((i) => i.title),
        area: localePath(lang, AREA_PATH[c.vertical]),
      });
      const t = tFor(lang);
      const keys = categoryKeys(c);
      const options = keys.categoryKey ? { category: t(keys.categoryKey) } : {};
      const title = t(keys.title, options);
      const intro = t(keys.intro, options);
      return {
        head: {
          title,
          description: intro,
          alternatePath: localePath(otherLang(lang), path),
          kind: 'website',
          structuredData: [
            { '@context': 'https://schema.org', ...itemList(data.items, { name: title, description: intro }) },
          ],
        },
        data,
        widgets: [],
      };
    },
    paths(): PagePathEntry[] {
      return CATEGORIES.map((c) => ({ en: c.path, ar: localePath('ar', c.path) }));
    },
  };
}
