import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type ReactElement } from 'react';
import type { Theme } from '@qf/shared/bus';
import type { Lang } from '@qf/shared/i18n';
import { localePath } from '@qf/shared/routing';
import { useShellT } from '../i18n';
import { usePopover } from '../components/popover';
import { DRAWER_ID, Drawer } from './Drawer';
import { onLevelKeyDown, useFocusTrap } from './focus';
import { nextMapHash, parseMapHash, urlWithMapHash, urlWithoutMapHash, type MapShown } from './map-hash';
import type { MapPanel } from './MapPanel';
import { mapAreaOf, type Menu, type MenuCategory } from './menu-data';
import { loadedMenuLevels, loadMenuLevels } from './menu-levels';
import { loadedMenuPlaces, loadMenuPlaces } from './menu-places';
import { initialMenuState, menuReducer, type MapView, type MenuAction, type Surface } from './menu-state';
import { lockScroll } from './scroll-lock';
import { useMenuData } from './use-menu-data';
import { usePreviews } from './use-previews';
import styles from './Menu.module.css';

/** SPEC §9: the full (mega) menu from 1380 px; below it the slide-in menu. */
export const DESKTOP_QUERY = '(min-width: 1380px)';
/** SPEC §9: the mega menu closes in 300 ms (nothing lingers under prefers-reduced-motion). */
export const CLOSE_MS = 300;

export interface QuickLink {
  href: string;
  label: string;
}

export interface MainMenuProps {
  lang: Lang;
  /** The site path with its language prefix: a change is a route change, which collapses the menu. */
  path: string;
  /** The path without its language prefix, to mark the current link. */
  current: string;
  menu?: Menu;
  mapsApiKey?: string;
  theme: Theme;
  links: readonly QuickLink[];
  loadMaps?: Parameters<typeof MapPanel>[0]['loadMaps'];
}

const desktopNow = () => typeof window !== 'undefined' && Boolean(window.matchMedia?.(DESKTOP_QUERY).matches);
const reducedMotion = () => typeof window !== 'undefined' && Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);
/** Starts fetching the open menus' chunk (on hover, focus or press of a menu button). */
const prefetchLevels = () => void loadMenuLevels().catch(() => undefined);
/** A menu whose map names places the page did not bring (the page's menu: menu.ts `pageMenu`). */
const placesWanted = (menu: Menu): boolean => menu.places.length === 0 && Boolean(mapAreaOf(menu)?.categories.some((c) => (c.places ?? []).length > 0));

/**
 * The header's main navigation: quick links, the desktop mega menu (areas, categories, items with
 * their preview, the 'more' drop-down) and the mobile slide-in menu, with map mode in the World Cup
 * area. The server renders the areas as links (used without JavaScript) and as buttons (used with it);
 * the buttons work from the first paint: the boot hydrates this root when the visitor reaches for it
 * and presses the button again for them.
 */
export function MainMenu({ lang, path, current, menu, mapsApiKey, theme, links, loadMaps }: MainMenuProps): ReactElement {
  const t = useShellT();
  const data = useMenuData(lang, menu);
  const defaultView: MapView = mapsApiKey ? 'map' : 'list';
  const [state, reduce] = useReducer(menuReducer, defaultView, initialMenuState);
  const nav = useRef<HTMLElement>(null);
  const drawer = useRef<HTMLDivElement>(null);
  const restore = useRef(true);
  const stateRef = useRef(state);
  stateRef.current = state;
  const dataRef = useRef(data);
  dataRef.current = data;
  // The map's places come with the open menu (menu-places.ts): fetched with its chunk, waited for with it.
  const prefetch = useCallback(() => {
    prefetchLevels();
    if (placesWanted(dataRef.current)) void loadMenuPlaces(dataRef.current.lang).catch(() => undefined);
  }, []);
  const places = data.places.length ? data.places : (loadedMenuPlaces(data.lang) ?? data.places);
  const withPlaces = useMemo(() => (places === data.places ? data : { ...data, places }), [data, places]);

  // The open menus are a chunk of their own: an action that opens one waits for it, so the menu
  // appears (and takes focus) whole, as when it was part of the page's first script. If the chunk
  // cannot be fetched the menu stays closed; the next action asks for it again.
  // An action taken meanwhile (a route change closing the menu, another area) supersedes it.
  const latest = useRef(0);
  const dispatch = useCallback((action: MenuAction) => {
    const n = ++latest.current;
    const menu = dataRef.current;
    const next = menuReducer(stateRef.current, action);
    // Only the map's area waits for the places (another area opens with the chunk alone).
    const needsPlaces = next.open && placesWanted(menu) && !loadedMenuPlaces(menu.lang) && next.path[0] !== undefined && next.path[0] === mapAreaOf(menu)?.id;
    // The slide-in menu's first level is part of the page: it opens without the chunk.
    const firstLevel = next.open && next.surface === 'drawer' && next.path.length === 0;
    if ((loadedMenuLevels() && !needsPlaces) || !next.open || firstLevel) {
      reduce(action);
      return;
    }
    // Places that cannot be fetched leave the map's list empty this time; the next opening asks again.
    Promise.all([loadMenuLevels(), needsPlaces ? loadMenuPlaces(menu.lang).catch(() => []) : undefined]).then(
      () => latest.current === n && reduce(action),
      () => undefined,
    );
  }, []);
  // Read at render: it may have arrived through a prefetch since the last one.
  const levels = loadedMenuLevels();

  const megaOpen = state.open && state.surface === 'mega';
  const drawerOpen = state.open && state.surface === 'drawer';
  const close = useCallback(() => dispatch({ type: 'close' }), []);

  // `#map` and `#map-{id}`: the menu opens straight onto the map, with that place chosen.
  const openFromHash = useCallback(() => {
    const target = parseMapHash(window.location.hash);
    const area = mapAreaOf(data);
    if (!target || !area || area.categories.length === 0) return;
    const holds = (c: MenuCategory) => target.place !== null && (c.places ?? []).includes(target.place);
    const category = area.categories.find((c) => c.slug === 'all' && holds(c)) ?? area.categories.find(holds) ?? area.categories[0]!;
    const surface: Surface = desktopNow() ? 'mega' : 'drawer';
    // Opened by its address with focus nowhere (a first load of `…#map`): the area's button becomes the
    // opener (focus comes back to it when the menu closes) and the chosen category takes focus once the
    // panel shows, as the slide-in menu's first entry does.
    const active = document.activeElement;
    if (surface === 'mega' && (!active || active === document.body)) {
      nav.current?.querySelector<HTMLElement>(`button[data-area="${CSS.escape(area.id)}"]`)?.focus({ preventScroll: true });
      focusPanel.current = true;
    }
    dispatch({ type: 'openMap', surface, area: area.id, category: category.id, place: holds(category) ? target.place : null, view: stateRef.current.view });
  }, [data, dispatch]);
  const focusPanel = useRef(false);
  useEffect(() => {
    if (!focusPanel.current || !megaOpen) return;
    const chosen = nav.current?.querySelector<HTMLElement>('#qf-mega-panel button[aria-expanded="true"]');
    if (!chosen) return;
    focusPanel.current = false;
    chosen.focus({ preventScroll: true });
  });

  // A route change collapses the menu (focus goes to the new page, not back to the opener); the new
  // address may itself ask for the map.
  const firstPath = useRef(true);
  useEffect(() => {
    // A menu already closed stays as it is: closing it again would render the whole menu for nothing
    // in the navigation's own frame.
    const { open, more, surface, path: openPath } = stateRef.current;
    if (!firstPath.current && (open || more || surface !== null || openPath.length)) {
      restore.current = false;
      dispatch({ type: 'close' });
    }
    firstPath.current = false;
    openFromHash();
    // only on a route change: openFromHash changes with the language's menu, handled below
  }, [path]);

  useEffect(() => {
    window.addEventListener('hashchange', openFromHash);
    return () => window.removeEventListener('hashchange', openFromHash);
  }, [openFromHash]);

  // A new language rebuilds the menu: nothing chosen stays, the map's markers go with it.
  const menuLang = useRef(data.lang);
  useEffect(() => {
    if (menuLang.current === data.lang) return;
    menuLang.current = data.lang;
    dispatch({ type: 'reset', view: defaultView });
  }, [data.lang, defaultView]);

  // The width crossing 1380 px switches menus: whatever was open closes.
  useEffect(() => {
    const query = window.matchMedia?.(DESKTOP_QUERY);
    if (!query) return;
    const onChange = () => dispatch({ type: 'close' });
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  // The address follows the map: a chosen place is `#map-{id}`; closing the menu clears the map hash.
  const area = data.areas.find((a) => a.id === state.path[0]);
  const shown: MapShown = { showing: state.open && Boolean(area?.map) && state.path.length >= 2, place: area?.map ? (state.path[2] ?? null) : null };
  const lastShown = useRef<MapShown>({ showing: false, place: null });
  useEffect(() => {
    const next = nextMapHash(lastShown.current, shown, window.location.hash);
    lastShown.current = shown;
    if (next === null) return;
    const url = next === '' ? urlWithoutMapHash(window.location) : urlWithMapHash(window.location, next === '#map' ? null : (parseMapHash(next)?.place ?? null));
    window.history.replaceState(window.history.state, '', url);
  });

  // The slide-in menu is a popover the browser shows: it follows the state (in a layout effect, before
  // the focus trap reads the opener). One the browser opened before this code ran (the visitor's tap on
  // the menu button) is taken over as it is. Closed for a new page, focus is let go first: the browser
  // would give it back to the menu button, where the new page's heading takes it.
  const adopted = useRef(false);
  useLayoutEffect(() => {
    if (!drawerOpen) adopted.current = false;
  }, [drawerOpen]);
  usePopover(drawer, drawerOpen, {
    adopt: () => {
      adopted.current = true;
      dispatch({ type: 'openDrawer' });
    },
    closed: close,
    beforeHide: (el) => {
      if (!restore.current && el.contains(document.activeElement)) (document.activeElement as HTMLElement).blur();
    },
  });
  // Open, its deeper levels will be wanted next (opened before the code came, nothing has asked yet).
  useEffect(() => void (drawerOpen && prefetch()), [drawerOpen, prefetch]);

  useEffect(() => (state.open ? lockScroll() : undefined), [state.open]);
  useFocusTrap(nav, megaOpen || state.more, close, restore);
  useFocusTrap(drawer, drawerOpen, close, restore);

  // Clicks outside the open mega menu or drop-down close it.
  useEffect(() => {
    if (!megaOpen && !state.more) return;
    const onDown = (event: PointerEvent) => {
      if (nav.current && !nav.current.contains(event.target as Node)) dispatch({ type: 'close' });
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [megaOpen, state.more]);

  // The mega menu lingers while its close animation plays.
  const lastMegaPath = useRef<readonly string[]>([]);
  if (megaOpen) lastMegaPath.current = state.path;
  const [closing, setClosing] = useState(false);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (megaOpen) {
      wasOpen.current = true;
      setClosing(false);
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    if (reducedMotion()) return;
    setClosing(true);
    const timer = setTimeout(() => setClosing(false), CLOSE_MS);
    return () => clearTimeout(timer);
  }, [megaOpen]);
  const megaPath = megaOpen ? state.path : closing ? lastMegaPath.current : [];

  const previews = usePreviews(state.open && state.path.length >= 2);
  const act = (action: MenuAction) => dispatch(action);

  return (
    <nav ref={nav} aria-label={t('nav.label')} className={styles.nav}>
      <ul className={styles.quick}>
        {links.map((link) => {
          const active = current === link.href || current.startsWith(`${link.href}/`);
          return (
            <li key={link.href}>
              <a href={localePath(lang, link.href)} aria-current={active ? 'page' : undefined}>
                {link.label}
              </a>
            </li>
          );
        })}
      </ul>
      <ul className={styles.areas} data-menu-level="0" onKeyDown={(e) => onLevelKeyDown(e, 'horizontal')}>
        {data.areas.map((a) => (
          <li key={a.id} className={styles.area} data-vertical={a.vertical}>
            {/* Both are in the HTML; the stylesheet shows the button when the page runs scripts (the
                pre-paint script marks it), the link otherwise: the first paint is already the final one. */}
            <a href={localePath(lang, a.path)} className={styles.withoutScript}>
              {a.label}
            </a>
            <button type="button" className={styles.withScript} data-menu-item data-area={a.id} aria-expanded={megaOpen && state.path[0] === a.id} aria-controls="qf-mega-panel" onPointerEnter={prefetch} onFocus={prefetch} onClick={() => act({ type: 'choose', surface: 'mega', level: 0, id: a.id })}>
              {a.label}
            </button>
            {levels && megaPath[0] === a.id ? (
              <levels.MegaPanel lang={lang} theme={theme} area={a} path={megaPath} state={state} open={megaOpen} previews={previews} mapsApiKey={mapsApiKey} act={act} close={close} loadMaps={loadMaps} places={places} />
            ) : null}
          </li>
        ))}
        {data.secondary.length > 0 ? (
          <li className={`${styles.area} ${styles.withScript}`}>
            <button type="button" data-menu-item aria-expanded={state.more} aria-controls="qf-more-menu" onClick={() => act({ type: 'toggleMore' })}>
              {t('menu.more')}
            </button>
            {state.more ? (
              <div id="qf-more-menu" className={styles.more} data-width="single">
                <ul aria-label={t('menu.moreLabel')} data-menu-level="more" onKeyDown={(e) => onLevelKeyDown(e)}>
                  {data.secondary.map((s) => (
                    <li key={s.id}>
                      <a data-menu-item href={localePath(lang, s.path)}>
                        {s.title}
                      </a>
                      {s.items.length > 0 ? (
                        <ul>
                          {s.items.map((i) => (
                            <li key={i.id}>
                              <a data-menu-item href={localePath(lang, i.path)}>
                                {i.title}
                              </a>
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </li>
        ) : null}
      </ul>
      {/* The browser opens the menu by itself (`popovertarget`) until this code runs, then the state does.
          No aria-expanded of ours: the browser tells assistive technology whether the popover it names is
          open, right also before the code (an attribute written by the server would say "collapsed"). */}
      <button
        type="button"
        className={styles.menuButton}
        aria-haspopup="dialog"
        aria-controls={DRAWER_ID}
        popoverTarget={DRAWER_ID}
        onPointerEnter={prefetch}
        onPointerDown={prefetch}
        onFocus={prefetch}
        onClick={(event) => {
          event.preventDefault();
          act({ type: 'openDrawer' });
        }}
      >
        <span aria-hidden="true" className={styles.burger} />
        {t('menu.open')}
      </button>
      <Drawer ref={drawer} lang={lang} theme={theme} data={withPlaces} state={state} open={drawerOpen} adopted={adopted.current} levels={levels} previews={previews} mapsApiKey={mapsApiKey} links={links} act={act} close={close} loadMaps={loadMaps} />
      {/* The slide-in menu's own shade is shown by the stylesheet while it is open (also before the code). */}
      {megaOpen || closing ? <div className={styles.overlay} data-state={megaOpen ? 'open' : 'closing'} aria-hidden="true" onClick={close} /> : null}
      <div className={`${styles.overlay} ${styles.drawerShade}`} aria-hidden="true" />
    </nav>
  );
}
