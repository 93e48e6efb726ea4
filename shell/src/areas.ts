import * as z from '@qf/shared/zod';
import { splitLang } from '@qf/shared/routing';

/** The four areas (verticals) of SPEC §2, in menu order, and the first path segment that activates each. */
export const AREA_SEGMENTS = { education: 'education', research: 'research', community: 'community', worldcup: 'world-cup' } as const;
export type Vertical = keyof typeof AREA_SEGMENTS;
export const verticalSchema = z.enum(['education', 'research', 'community', 'worldcup']);

const linkSchema = z.object({ label: z.string(), href: z.string().check(z.startsWith('/')) });

/** An area as the chrome shows it: its name, its home and its categories (language-neutral paths). */
export const areaSchema = z.object({
  vertical: verticalSchema,
  label: z.string(),
  href: z.string().check(z.startsWith('/')),
  categories: z.array(linkSchema),
});
export type Area = z.infer<typeof areaSchema>;

/** The menu content's level-1 entries, as far as areas need them. */
export interface AreaMenuItem {
  label: string;
  filterVerticalCategory?: string;
  subpages: { title: string; slug: string }[];
}

/** A map category of the menu content (SPEC §3 `mapCategories`): `map-{slug}`. */
export interface AreaMapCategory {
  id: string;
  title: string;
}

/**
 * The areas of the menu content: each menu entry with a vertical, its categories at `/{area}/{slug}`
 * (the 'all' category is the area itself). The World Cup area lists its subpages, then the map
 * categories they do not cover (SPEC §2: "All, Education, Research, Community plus map categories"),
 * as the mega menu does.
 */
export function areasFromMenu(items: readonly AreaMenuItem[], mapCategories: readonly AreaMapCategory[] = []): Area[] {
  return items.flatMap((item) => {
    const vertical = verticalSchema.safeParse(item.filterVerticalCategory);
    if (!vertical.success) return [];
    const home = `/${AREA_SEGMENTS[vertical.data]}`;
    return [
      {
        vertical: vertical.data,
        label: item.label,
        href: home,
        categories: [
          ...item.subpages.map((s) => ({ label: s.title, href: s.slug === 'all' || !s.slug ? home : `${home}/${s.slug}` })),
          ...(vertical.data === 'worldcup'
            ? mapCategories
                .filter((c) => c.id.startsWith('map-') && !item.subpages.some((s) => `map-${s.slug}` === c.id))
                .map((c) => ({ label: c.title, href: `${home}/${c.id.slice('map-'.length)}` }))
            : []),
        ],
      },
    ];
  });
}

/**
 * SPEC §2: a path that starts with an area activates that area (its colour and its sub-menu bar).
 * The first segment must be the area's own, so /education-city is not the education area.
 */
export function areaOfPath(sitePath: string, areas: readonly Area[]): Area | null {
  const first = splitLang(sitePath).path.split('/')[1] ?? '';
  return areas.find((a) => AREA_SEGMENTS[a.vertical] === first) ?? null;
}

/** Marks the body with the active area; the stylesheet gives `--area-colour` from it. */
export function applyArea(area: Area | null, body: HTMLElement): void {
  if (area) body.dataset.area = area.vertical;
  else delete body.dataset.area;
}
