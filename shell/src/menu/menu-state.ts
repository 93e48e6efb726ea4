/**
 * The menu's state machine (SPEC §4), shared by the desktop mega menu and the mobile slide-in menu.
 * `path` holds the entry chosen at each level: [area, category, item]; its length is the depth (0 to 3).
 * On the desktop an empty path means collapsed; in the slide-in menu it is the first level, and the
 * menu is open until it is closed.
 */
export const MAX_DEPTH = 3;

export type Surface = 'mega' | 'drawer';
export type MapView = 'map' | 'list';

export interface MenuState {
  open: boolean;
  surface: Surface | null;
  path: readonly string[];
  /** The desktop 'more' drop-down of secondary items. */
  more: boolean;
  view: MapView;
}

export type MenuAction =
  /** Open the slide-in menu at its first level. */
  | { type: 'openDrawer' }
  /** Choose an entry of a level (0: areas, 1: categories, 2: items). */
  | { type: 'choose'; surface: Surface; level: number; id: string }
  /** Show an item without toggling it (the desktop preview follows hover and focus; a map marker). */
  | { type: 'show'; level: number; id: string }
  | { type: 'back' }
  | { type: 'toggleMore' }
  | { type: 'close' }
  /** `#map` or `#map-{id}`: open straight onto the map area's category, with that place chosen. */
  | { type: 'openMap'; surface: Surface; area: string; category: string; place: string | null; view: MapView }
  | { type: 'setView'; view: MapView }
  /** A new language: the menu is rebuilt, nothing chosen stays (and the map's markers go). */
  | { type: 'reset'; view: MapView };

export const initialMenuState = (view: MapView = 'list'): MenuState => ({ open: false, surface: null, path: [], more: false, view });

/**
 * SPEC §4 depth rules for choosing `id` at `level` while `path` is open:
 * - at the next level (level === depth): go deeper;
 * - the same entry at the deepest open level: back one level;
 * - another entry at an open level: that entry instead, and every deeper level closes;
 * - the same entry at a shallower level: the deeper levels close, the entry stays;
 * - beyond the next level or past depth 3: nothing happens.
 */
export function choosePath(path: readonly string[], level: number, id: string): readonly string[] {
  if (!Number.isInteger(level) || level < 0 || level > path.length || level >= MAX_DEPTH) return path;
  if (level === path.length) return [...path, id];
  if (path[level] !== id) return [...path.slice(0, level), id];
  if (level === path.length - 1) return path.slice(0, level);
  return path.slice(0, level + 1);
}

export function menuReducer(state: MenuState, action: MenuAction): MenuState {
  switch (action.type) {
    case 'openDrawer':
      return { ...state, open: true, surface: 'drawer', path: [], more: false };
    case 'choose': {
      const from = state.open && state.surface === action.surface ? state.path : [];
      const path = choosePath(from, action.level, action.id);
      // A collapsed mega menu is a closed menu: nothing is expanded and the page scrolls again.
      if (action.surface === 'mega') return { ...state, open: path.length > 0, surface: path.length > 0 ? 'mega' : null, path, more: false };
      return { ...state, open: true, surface: 'drawer', path };
    }
    case 'show': {
      if (!state.open || action.level < 1 || action.level >= MAX_DEPTH || action.level > state.path.length) return state;
      if (state.path[action.level] === action.id && state.path.length === action.level + 1) return state;
      return { ...state, path: [...state.path.slice(0, action.level), action.id] };
    }
    case 'back':
      if (!state.open || state.path.length === 0) return state;
      if (state.surface === 'mega' && state.path.length === 1) return { ...initialMenuState(state.view) };
      return { ...state, path: state.path.slice(0, -1) };
    case 'toggleMore':
      // One expanded at a time: the drop-down and an area never show together.
      return state.more ? { ...state, more: false } : { ...state, open: false, surface: null, path: [], more: true };
    case 'close':
      return initialMenuState(state.view);
    case 'openMap':
      return { ...state, open: true, surface: action.surface, more: false, view: action.view, path: [action.area, action.category, ...(action.place ? [action.place] : [])] };
    case 'setView':
      return { ...state, view: action.view };
    case 'reset':
      return initialMenuState(action.view);
  }
}

/** Whether anything of the menu covers the page (the overlay shows and the page does not scroll). */
export const isExpanded = (state: MenuState): boolean => state.open || state.more;
