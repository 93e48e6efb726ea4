import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactElement } from 'react';
import type { Theme } from '@qf/shared/bus';
import type { Lang } from '@qf/shared/i18n';
import { localePath } from '@qf/shared/routing';
import { useShellT } from '../i18n';
import { onLevelKeyDown, useFocusTrap } from './focus';
import { nextMapHash, parseMapHash, urlWithMapHash, urlWithoutMapHash, type MapShown } from './map-hash';
import { MapPanel } from './MapPanel';
import { categoryCount, isFirstGroup, mapAreaOf, type Menu, type MenuArea, type MenuCategory } from './menu-data';
import { initialMenuState, menuReducer, type MapView, type MenuAction, type MenuState, type Surface } from './menu-state';
import { PreviewPanel } from './PreviewPanel';
import { lockScroll } from './scroll-lock';
import { useMenuData } from './use-menu-data';
import { usePreviews, type PreviewsState } from './use-previews';
import styles from './Menu.module.css';

/** SPEC §9: the full (mega) menu from 1380 px; below it the slide-in menu. */
export const DESKTOP_QUERY = '(min-width: 1380px)';
/** SPEC §9: the mega menu closes in 300 ms (nothing lingers under prefers-reduced-motion). */
export const CLOSE_MS = 300;

export interface QuickLink {
  href: string;
  label: string;
}

interface MainMenuProps {
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
const byFirstGroup = (categories: readonly MenuCategory[]) => [...categories.filter(isFirstGroup), ...categories.filter((c) => !isFirstGroup(c))];

/**
 * The header's main navigation: quick links, the desktop mega menu (areas, categories, items with
 * their preview, the 'more' drop-down) and the mobile slide-in menu, with map mode in the World Cup
 * area. Server-rendered as plain links; once hydrated the areas open the menus.
 */
export function MainMenu({ lang, path, current, menu, mapsApiKey, theme, links, loadMaps }: MainMenuProps): ReactElement {
  const t = useShellT();
  const data = useMenuData(lang, menu);
  const defaultView: MapView = mapsApiKey ? 'map' : 'list';
  const [state, dispatch] = useReducer(menuReducer, defaultView, initialMenuState);
  const [enhanced, setEnhanced] = useState(false);
  const nav = useRef<HTMLElement>(null);
  const drawer = useRef<HTMLDivElement>(null);
  const restore = useRef(true);
  const stateRef = useRef(state);
  stateRef.current = state;

  const megaOpen = state.open && state.surface === 'mega';
  const drawerOpen = state.open && state.surface === 'drawer';
  const close = useCallback(() => dispatch({ type: 'close' }), []);

  useEffect(() => setEnhanced(true), []);

  // `#map` and `#map-{id}`: the menu opens straight onto the map, with that place chosen.
  const openFromHash = useCallback(() => {
    const target = parseMapHash(window.location.hash);
    const area = mapAreaOf(data);
    if (!target || !area || area.categories.length === 0) return;
    const holds = (c: MenuCategory) => target.place !== null && (c.places ?? []).includes(target.place);
    const category = area.categories.find((c) => c.slug === 'all' && holds(c)) ?? area.categories.find(holds) ?? area.categories[0]!;
    const surface: Surface = desktopNow() ? 'mega' : 'drawer';
    dispatch({ type: 'openMap', surface, area: area.id, category: category.id, place: holds(category) ? target.place : null, view: stateRef.current.view });
  }, [data]);

  // A route change collapses the menu (focus goes to the new page, not back to the opener); the new
  // address may itself ask for the map.
  const firstPath = useRef(true);
  useEffect(() => {
    if (!firstPath.current) {
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
    <nav ref={nav} aria-label={t('nav.label')} className={styles.nav} data-enhanced={enhanced ? '' : undefined}>
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
            {enhanced ? (
              <button type="button" data-menu-item aria-expanded={megaOpen && state.path[0] === a.id} aria-controls="qf-mega-panel" onClick={() => act({ type: 'choose', surface: 'mega', level: 0, id: a.id })}>
                {a.label}
              </button>
            ) : (
              <a href={localePath(lang, a.path)} data-menu-item>
                {a.label}
              </a>
            )}
            {enhanced && megaPath[0] === a.id ? (
              <MegaPanel lang={lang} theme={theme} area={a} path={megaPath} state={state} open={megaOpen} previews={previews} mapsApiKey={mapsApiKey} act={act} close={close} loadMaps={loadMaps} places={data.places} />
            ) : null}
          </li>
        ))}
        {enhanced && data.secondary.length > 0 ? (
          <li className={styles.area}>
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
      {enhanced ? (
        <button type="button" className={styles.menuButton} aria-haspopup="dialog" aria-expanded={drawerOpen} aria-controls="qf-mobile-menu" onClick={() => act({ type: 'openDrawer' })}>
          <span aria-hidden="true" className={styles.burger} />
          {t('menu.open')}
        </button>
      ) : null}
      {drawerOpen ? (
        <Drawer ref={drawer} lang={lang} theme={theme} data={data} state={state} previews={previews} mapsApiKey={mapsApiKey} links={links} act={act} close={close} loadMaps={loadMaps} />
      ) : null}
      {state.open || closing ? <div className={styles.overlay} data-state={state.open ? 'open' : 'closing'} aria-hidden="true" onClick={close} /> : null}
    </nav>
  );
}

interface LevelProps {
  lang: Lang;
  theme: Theme;
  state: MenuState;
  previews: PreviewsState;
  mapsApiKey?: string;
  act: (action: MenuAction) => void;
  close: () => void;
  loadMaps?: MainMenuProps['loadMaps'];
}

function Count({ value }: { value: number }): ReactElement {
  const t = useShellT();
  return (
    <span className={styles.count}>
      <span aria-hidden="true">{value}</span>
      <span className="qf-visually-hidden">{t('menu.count', { count: value })}</span>
    </span>
  );
}

function MegaPanel({ lang, theme, area, path, state, open, previews, mapsApiKey, act, close, loadMaps, places }: LevelProps & { area: MenuArea; path: readonly string[]; open: boolean; places: Menu['places'] }): ReactElement {
  const t = useShellT();
  const category = area.categories.find((c) => c.id === path[1]);
  const categoryPlaces = useMemo(() => (category ? placesOf(category, places) : []), [category, places]);
  const width = category ? 'preview' : 'default';
  return (
    <div id="qf-mega-panel" className={styles.mega} data-state={open ? 'open' : 'closing'} data-width={width} data-vertical={area.vertical} role="region" aria-label={area.label} inert={!open}>
      <div className={styles.columns}>
        <div className={styles.column} data-menu-level="1" onKeyDown={(e) => onLevelKeyDown(e)}>
          <a className={styles.explore} data-menu-item href={localePath(lang, area.path)}>
            {t('menu.explore', { title: area.label })}
          </a>
          <ul aria-label={t('menu.categories', { title: area.label })} className={styles.list}>
            {byFirstGroup(area.categories).map((c) => (
              <li key={c.id} className={isFirstGroup(c) ? styles.first : undefined} data-first-group={isFirstGroup(c) ? '' : undefined}>
                <button type="button" data-menu-item aria-expanded={path[1] === c.id} aria-controls="qf-mega-level-2" onClick={() => act({ type: 'choose', surface: 'mega', level: 1, id: c.id })}>
                  <span>{c.title}</span>
                  <Count value={categoryCount(c)} />
                </button>
              </li>
            ))}
          </ul>
        </div>
        {category && area.map ? (
          <div id="qf-mega-level-2" className={styles.mapColumn}>
            <MapPanel
              lang={lang}
              theme={theme}
              category={category}
              places={categoryPlaces}
              selected={path[2] ?? null}
              view={state.view}
              mapsApiKey={mapsApiKey}
              previews={previews}
              idPrefix="qf-mega"
              onSelect={(id) => act({ type: 'show', level: 2, id })}
              onView={(view) => act({ type: 'setView', view })}
              loadMaps={loadMaps}
            />
          </div>
        ) : null}
        {category && !area.map ? (
          <>
            <div id="qf-mega-level-2" className={styles.column} data-menu-level="2" data-first-group={isFirstGroup(category) ? '' : undefined} onKeyDown={(e) => onLevelKeyDown(e)}>
              <h3 className={styles.levelHeading}>{category.title}</h3>
              <ul className={styles.list}>
                {category.items.map((item) => (
                  <li key={item.id}>
                    <a
                      data-menu-item
                      href={localePath(lang, item.path)}
                      aria-current={path[2] === item.id ? 'true' : undefined}
                      onMouseEnter={() => act({ type: 'show', level: 2, id: item.id })}
                      onFocus={() => act({ type: 'show', level: 2, id: item.id })}
                    >
                      <span>{item.title}</span>
                      {item.count !== undefined ? <Count value={item.count} /> : null}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
            <PreviewPanel lang={lang} item={category.items.find((i) => i.id === path[2])} previews={previews} />
          </>
        ) : null}
      </div>
      <button type="button" className={styles.close} onClick={close}>
        <span aria-hidden="true">×</span>
        <span className="qf-visually-hidden">{t('menu.close')}</span>
      </button>
    </div>
  );
}

const placesOf = (category: MenuCategory, places: Menu['places']) => {
  const ids = category.places ?? [];
  return ids.map((id) => places.find((p) => p.id === id)).filter((p): p is Menu['places'][number] => p !== undefined);
};

interface DrawerProps extends LevelProps {
  ref: React.Ref<HTMLDivElement>;
  data: Menu;
  links: readonly QuickLink[];
}

/**
 * The slide-in menu: one level at a time (depth 0 to 3), the chosen entries above it (choosing one
 * goes back to it), and a back button that steps up one level.
 */
function Drawer({ ref, lang, theme, data, state, previews, mapsApiKey, links, act, close, loadMaps }: DrawerProps): ReactElement {
  const t = useShellT();
  const depth = state.path.length;
  const area = data.areas.find((a) => a.id === state.path[0]);
  const category = area?.categories.find((c) => c.id === state.path[1]);
  const item = category?.items.find((i) => i.id === state.path[2]);
  const categoryPlaces = useMemo(() => (category ? placesOf(category, data.places) : []), [category, data.places]);
  const trail = [area?.label, category?.title, item?.title].slice(0, depth).filter((x): x is string => Boolean(x));
  const heading = trail[trail.length - 1] ?? t('menu.dialog');
  const level = useRef<HTMLDivElement>(null);
  const choose = (lvl: number, id: string) => act({ type: 'choose', surface: 'drawer', level: lvl, id });

  // Each new level takes focus on its first entry; choosing a place keeps focus where it is.
  const focusKey = state.path.slice(0, area?.map ? 2 : 3).join('/');
  useEffect(() => {
    const root = level.current;
    const first = root?.querySelector<HTMLElement>('[data-menu-item]');
    (first ?? root?.querySelector<HTMLElement>('h2'))?.focus();
  }, [focusKey]);

  return (
    <div ref={ref} id="qf-mobile-menu" className={styles.drawer} role="dialog" aria-modal="true" aria-labelledby="qf-mobile-menu-heading" data-depth={depth} data-vertical={area?.vertical}>
      <div className={styles.drawerBar}>
        {depth > 0 ? (
          <button type="button" className={styles.back} onClick={() => act({ type: 'back' })}>
            <span aria-hidden="true" className={styles.backArrow}>
              ‹
            </span>
            {t('menu.back')}
          </button>
        ) : null}
        <h2 id="qf-mobile-menu-heading" tabIndex={-1} className={styles.drawerHeading}>
          {heading}
        </h2>
        <button type="button" className={styles.close} onClick={close}>
          <span aria-hidden="true">×</span>
          <span className="qf-visually-hidden">{t('menu.close')}</span>
        </button>
      </div>
      {depth > 0 ? (
        <ol className={styles.trail} aria-label={t('menu.levels')}>
          {state.path.slice(0, 3).map((id, i) => {
            const label = i === 0 ? area?.label : i === 1 ? category?.title : (item?.title ?? data.places.find((p) => p.id === id)?.title);
            return label ? (
              <li key={`${i}-${id}`}>
                <button type="button" aria-current={i === depth - 1 ? 'step' : undefined} onClick={() => choose(i, id)}>
                  {label}
                </button>
              </li>
            ) : null;
          })}
        </ol>
      ) : null}
      <div ref={level} className={styles.drawerLevel} key={state.path.slice(0, area?.map ? 2 : 3).join('/')}>
        {depth === 0 ? (
          <>
            <ul className={styles.list} data-menu-level="0" onKeyDown={(e) => onLevelKeyDown(e)}>
              {data.areas.map((a) => (
                <li key={a.id} data-vertical={a.vertical} className={styles.drawerArea}>
                  <button type="button" data-menu-item onClick={() => choose(0, a.id)}>
                    {a.label}
                  </button>
                </li>
              ))}
            </ul>
            <ul className={styles.secondary} aria-label={t('menu.moreLabel')}>
              {[...links.map((l) => ({ id: l.href, title: l.label, path: l.href, items: [] })), ...data.secondary.filter((s) => !links.some((l) => l.href === s.path))].map((s) => (
                <li key={s.id}>
                  <a href={localePath(lang, s.path)}>{s.title}</a>
                  {s.items.length > 0 ? (
                    <ul>
                      {s.items.map((i) => (
                        <li key={i.id}>
                          <a href={localePath(lang, i.path)}>{i.title}</a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {depth === 1 && area ? (
          <div data-menu-level="1" onKeyDown={(e) => onLevelKeyDown(e)}>
            <a className={styles.explore} data-menu-item href={localePath(lang, area.path)}>
              {t('menu.explore', { title: area.label })}
            </a>
            <ul className={styles.list} aria-label={t('menu.categories', { title: area.label })}>
              {byFirstGroup(area.categories).map((c) => (
                <li key={c.id} className={isFirstGroup(c) ? styles.first : undefined} data-first-group={isFirstGroup(c) ? '' : undefined}>
                  <button type="button" data-menu-item onClick={() => choose(1, c.id)}>
                    <span>{c.title}</span>
                    <Count value={categoryCount(c)} />
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {depth >= 2 && area?.map && category ? (
          <MapPanel
            lang={lang}
            theme={theme}
            category={category}
            places={categoryPlaces}
            selected={state.path[2] ?? null}
            view={state.view}
            mapsApiKey={mapsApiKey}
            previews={previews}
            idPrefix="qf-drawer"
            onSelect={(id) => act({ type: 'show', level: 2, id })}
            onView={(view) => act({ type: 'setView', view })}
            loadMaps={loadMaps}
          />
        ) : null}
        {depth === 2 && !area?.map && category ? (
          <ul className={styles.list} data-menu-level="2" data-first-group={isFirstGroup(category) ? '' : undefined} onKeyDown={(e) => onLevelKeyDown(e)}>
            {category.items.map((i) => (
              <li key={i.id} className={styles.itemRow}>
                <a data-menu-item href={localePath(lang, i.path)}>
                  <span>{i.title}</span>
                  {i.count !== undefined ? <Count value={i.count} /> : null}
                </a>
                <button type="button" className={styles.detailsButton} onClick={() => choose(2, i.id)}>
                  <span aria-hidden="true">›</span>
                  <span className="qf-visually-hidden">{t('menu.details', { title: i.title })}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {depth === 3 && !area?.map && item ? (
          <div data-menu-level="3">
            <PreviewPanel lang={lang} item={item} previews={previews} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
