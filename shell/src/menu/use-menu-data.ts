import { useEffect, useState } from 'react';
import type { Lang } from '@qf/shared/i18n';
import { emptyMenu, menuSchema, type Menu } from './menu-data';

const known = new Map<Lang, Menu>();

/** Tests start from a page that has seen no menu yet. */
export const forgetMenus = (): void => known.clear();

export async function fetchMenu(lang: Lang, fetchImpl: typeof fetch = fetch): Promise<Menu> {
  const res = await fetchImpl(`/menu.json?lang=${lang}`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`/menu.json answered ${res.status}`);
  return menuSchema.parse(await res.json());
}

/**
 * The menu in the page's language: the server-rendered one, or, after a client-side change of language,
 * the other language's menu from `/menu.json` (requested once per language).
 */
export function useMenuData(lang: Lang, initial: Menu | undefined, load: (lang: Lang) => Promise<Menu> = fetchMenu): Menu {
  // Only a browser remembers menus: a server renders each page with its own, always fresh.
  if (initial && typeof window !== 'undefined' && !known.has(initial.lang)) known.set(initial.lang, initial);
  const [, setLoaded] = useState(0);
  const current = initial?.lang === lang ? initial : known.get(lang);
  useEffect(() => {
    if (current) return;
    let cancelled = false;
    load(lang).then(
      (menu) => {
        known.set(lang, menu);
        if (!cancelled) setLoaded((n) => n + 1);
      },
      (error: unknown) => console.error(error),
    );
    return () => {
      cancelled = true;
    };
  }, [lang, current, load]);
  return current ?? emptyMenu(lang);
}
