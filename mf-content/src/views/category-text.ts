import type { CategoryListData } from './list-data';

/**
 * The string keys of a category page's title and intro (shared by the server's head and the view's
 * heading); a map category's name is the `category` option, itself the key `directory.categories.{map}`.
 */
export function categoryKeys(c: Pick<CategoryListData, 'vertical' | 'category' | 'map'>): { title: string; intro: string; categoryKey?: string } {
  if (c.map) return { title: 'categoryList.map.title', intro: 'categoryList.map.intro', categoryKey: `directory.categories.${c.map}` };
  return { title: `categoryList.${c.vertical}.${c.category}.title`, intro: `categoryList.${c.vertical}.${c.category}.intro` };
}
