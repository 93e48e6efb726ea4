import type * as MenuLevels from './MenuLevels';

export type MenuLevelsModule = typeof MenuLevels;

let loaded: MenuLevelsModule | null = null;
let pending: Promise<MenuLevelsModule> | null = null;

/** The open menus' module once it has arrived (the menu opens only then), else null. */
export const loadedMenuLevels = (): MenuLevelsModule | null => loaded;

/**
 * Fetches the open menus' chunk once: on the first hover, focus or press of a menu button, so it is
 * usually there by the time the visitor chooses. A failed fetch is forgotten, so the next try asks again.
 */
export function loadMenuLevels(): Promise<MenuLevelsModule> {
  pending ??= import(/* webpackChunkName: "menu-levels" */ './MenuLevels').then(
    (m) => (loaded = m),
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}
