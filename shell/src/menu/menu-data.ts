import * as z from '@qf/shared/zod';
import { langSchema } from '@qf/shared/i18n';

/**
 * The menu as the chrome renders it (SPEC §3 menu configuration, one language): built by the server
 * from the content's `menu` entry and places, embedded in the page state so the first HTML carries
 * every level-1 link, and fetched again from `/menu.json?lang=` when the visitor changes language.
 */
const path = z.string().check(z.startsWith('/'));

/**
 * A level-3 item (SPEC §2: "items with a count"): what it counts, when the server knows, is said with the
 * number ('3 programmes'); a count the menu content gives without a kind reads 'Items: 3'.
 */
export const menuCountKindSchema = z.enum(['programmes', 'people']);
export type MenuCountKind = z.infer<typeof menuCountKindSchema>;
export const menuLinkSchema = z.object({ id: z.string(), title: z.string(), path, count: z.optional(z.number()), countKind: z.optional(menuCountKindSchema) });
export type MenuLink = z.infer<typeof menuLinkSchema>;

export const menuCategorySchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  /** Level 3: pages of this category. */
  items: z.array(menuLinkSchema),
  /** Map categories (the fourth area): the places shown on the map or in the list. */
  places: z.optional(z.array(z.string())),
});
export type MenuCategory = z.infer<typeof menuCategorySchema>;

export const verticalSchema = z.enum(['education', 'research', 'community', 'worldcup']);
export type Vertical = z.infer<typeof verticalSchema>;

export const menuAreaSchema = z.object({
  id: z.string(),
  label: z.string(),
  path,
  vertical: verticalSchema,
  categories: z.array(menuCategorySchema),
  /** The area whose categories are map categories: its level 3 is the map or the list of places. */
  map: z.boolean(),
});
export type MenuArea = z.infer<typeof menuAreaSchema>;

export const secondaryItemSchema = z.object({ id: z.string(), title: z.string(), path, items: z.array(menuLinkSchema) });
export type SecondaryItem = z.infer<typeof secondaryItemSchema>;

export const mapPlaceSchema = z.object({ id: z.string(), title: z.string(), address: z.string(), lat: z.number(), lon: z.number() });
export type MapPlace = z.infer<typeof mapPlaceSchema>;

export const menuSchema = z.object({
  lang: langSchema,
  areas: z.array(menuAreaSchema),
  secondary: z.array(secondaryItemSchema),
  places: z.array(mapPlaceSchema),
});
export type Menu = z.infer<typeof menuSchema>;

export const emptyMenu = (lang: Menu['lang']): Menu => ({ lang, areas: [], secondary: [], places: [] });

/** The entities group with exactly 12 items is styled as the first group (SPEC §9). */
export const FIRST_GROUP_SIZE = 12;
export const isFirstGroup = (category: Pick<MenuCategory, 'slug' | 'items'>): boolean => category.slug === 'entities' && category.items.length === FIRST_GROUP_SIZE;

/** What a category counts: its pages, or for a map category its places. */
export const categoryCount = (category: MenuCategory): number => category.places?.length ?? category.items.length;

export const mapAreaOf = (menu: Menu): MenuArea | undefined => menu.areas.find((a) => a.map);
