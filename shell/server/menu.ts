import { fieldOf, plainField, type ContentSource, type Entry } from '@qf/shared/content';
import type { Lang } from '@qf/shared/i18n';
import { emptyMenu, verticalSchema, type MapPlace, type Menu, type MenuArea, type MenuCategory, type MenuCountKind, type Vertical } from '../src/menu/menu-data';

interface RawLeaf {
  id: string;
  title: string;
  path?: string;
  count?: number;
}
interface RawItem {
  label: string;
  path: string;
  contentful_id?: string;
  filterVerticalCategory?: string;
  subpages: { id: string; title: string; slug: string; items?: RawLeaf[] }[];
}
interface RawSecondary {
  id: string;
  title: string;
  path: string;
  items?: RawLeaf[];
}
interface RawMapCategory {
  id: string;
  title: string;
  references: string[];
}

/**
 * What a level-3 item counts when the content does not say (SPEC §2 "items with a count"): a school's or
 * a university's programmes, an entity's people, found by the entries that link to the item's id.
 */
export type DerivedCounts = ReadonlyMap<string, { count: number; kind: MenuCountKind }>;

export function derivedCounts(programmes: readonly Entry[], people: readonly Entry[]): DerivedCounts {
  const counts = new Map<string, { count: number; kind: MenuCountKind }>();
  const add = (id: string | undefined, kind: MenuCountKind) => {
    if (!id) return;
    const c = counts.get(id) ?? { count: 0, kind };
    c.count++;
    counts.set(id, c);
  };
  const linked = (e: Entry, field: string) => plainField<{ sys: { id: string } }>(e, field)?.sys.id;
  for (const p of programmes) add(linked(p, 'school') ?? linked(p, 'university'), 'programmes');
  for (const p of people) add(linked(p, 'entity'), 'people');
  return counts;
}

const links = (items: RawLeaf[] = [], counts: DerivedCounts = new Map()) =>
  items
    .filter((i) => i.path?.startsWith('/'))
    .map((i) => {
      const derived = counts.get(i.id);
      return {
        id: i.id,
        title: i.title,
        path: i.path as string,
        ...(typeof i.count === 'number' ? { count: i.count } : derived ? { count: derived.count, countKind: derived.kind } : {}),
      };
    });

const verticalOf = (item: RawItem): Vertical => {
  const fromField = verticalSchema.safeParse(item.filterVerticalCategory);
  if (fromField.success) return fromField.data;
  const fromPath = verticalSchema.safeParse(item.path.split('/')[1]);
  return fromPath.success ? fromPath.data : 'worldcup';
};

/**
 * One language's menu (SPEC §2 levels, §3 configuration). The World Cup area lists All, Education,
 * Research and Community, then the other map categories; its level 3 is the map (or list) of places:
 * 'all' is every mapped place, an area's name is the map category of the same name.
 */
export function buildMenu(menu: Entry | undefined, placeEntries: readonly Entry[], lang: Lang, counts: DerivedCounts = new Map()): Menu {
  if (!menu) return emptyMenu(lang);
  const places: MapPlace[] = [];
  for (const entry of placeEntries) {
    const location = plainField<{ lat: number; lon: number }>(entry, 'location');
    if (!location) continue;
    places.push({ id: entry.sys.id, title: fieldOf<string>(entry, 'title', lang) ?? '', address: fieldOf<string>(entry, 'address', lang) ?? '', lat: location.lat, lon: location.lon });
  }
  const known = new Set(places.map((p) => p.id));
  const mapCategories = (fieldOf<RawMapCategory[]>(menu, 'mapCategories', lang) ?? []).map((c) => ({ ...c, references: c.references.filter((r) => known.has(r)) }));
  const allMapped = [...new Set(mapCategories.flatMap((c) => c.references))];
  const placeCategory = (slug: string) => mapCategories.find((c) => c.id === `map-${slug}`);
  const placesOf = (slug: string): string[] => {
    if (slug === 'all') return allMapped;
    const category = placeCategory(slug);
    if (category) return category.references;
    return placeEntries.filter((p) => plainField<string>(p, 'mapCategory') === slug && known.has(p.sys.id)).map((p) => p.sys.id);
  };

  const areas: MenuArea[] = (fieldOf<RawItem[]>(menu, 'menuItems', lang) ?? []).map((item, index) => {
    const vertical = verticalOf(item);
    const isMap = vertical === 'worldcup';
    const categories: MenuCategory[] = item.subpages.map((sub) => ({
      id: sub.id,
      title: sub.title,
      slug: sub.slug,
      items: links(sub.items, counts),
      ...(isMap ? { places: placesOf(sub.slug) } : {}),
    }));
    if (isMap) {
      const covered = new Set(item.subpages.map((s) => `map-${s.slug}`));
      for (const c of mapCategories) if (!covered.has(c.id)) categories.push({ id: c.id, title: c.title, slug: c.id.replace(/^map-/, ''), items: [], places: c.references });
    }
    return { id: item.contentful_id || `${vertical}-${index}`, label: item.label, path: item.path, vertical, categories, map: isMap };
  });
  const secondary = (fieldOf<RawSecondary[]>(menu, 'secondaryMenuItems', lang) ?? []).map((s) => ({ id: s.id, title: s.title, path: s.path, items: links(s.items) }));
  return { lang, areas, secondary, places };
}

/**
 * The menu a page carries: every level but the map's places (`places` empty; the categories still name
 * theirs). The places come with the open menu (`/menuplaces.json`): a page embedded all of them, one
 * object per mapped place, and at 20,000 entries (1,334 places) they were 179 KB of every page's
 * 236 (issue 35: content at scale).
 */
const embedded = new WeakMap<Menu, Menu>();
export function pageMenu(menu: Menu): Menu {
  let kept = embedded.get(menu);
  if (!kept) embedded.set(menu, (kept = { ...menu, places: [] }));
  return kept;
}

/** The menu of each language, rebuilt when the content changes; an empty menu if content is broken. */
export function createMenuReader(content: ContentSource) {
  let cached: { version: string; menus: Promise<Record<Lang, Menu>> } | undefined;
  return async function menuOf(lang: Lang): Promise<Menu> {
    const version = (await content.version?.().catch(() => 'unknown')) ?? 'static';
    if (cached?.version !== version) {
      cached = {
        version,
        menus: Promise.all([content.entries('menu'), content.entries('place'), content.entries('program'), content.entries('people')]).then(([menus, places, programmes, people]) => {
          const counts = derivedCounts(programmes, people);
          return { en: buildMenu(menus[0], places, 'en', counts), ar: buildMenu(menus[0], places, 'ar', counts) };
        }),
      };
    }
    try {
      return (await cached.menus)[lang];
    } catch (error) {
      cached = undefined;
      console.error(error);
      return emptyMenu(lang);
    }
  };
}
