import { useEffect, useMemo, useRef, type ReactElement } from 'react';
import type { Theme } from '@qf/shared/bus';
import { localDigits, type Lang } from '@qf/shared/i18n';
import { localePath } from '@qf/shared/routing';
import { useShellT } from '../i18n';
import { onLevelKeyDown } from './focus';
import { levelFocusTarget } from './level-focus';
import type { MainMenuProps, QuickLink } from './MainMenu';
import { MapPanel } from './MapPanel';
import { categoryCount, isFirstGroup, type Menu, type MenuArea, type MenuCategory, type MenuCountKind } from './menu-data';
import type { MenuAction, MenuState } from './menu-state';
import { PreviewPanel } from './PreviewPanel';
import type { PreviewsState } from './use-previews';
import styles from './Menu.module.css';

/*
 * The open menus (the desktop mega panel and the mobile slide-in menu, with map mode and previews):
 * never server-rendered and shown only after a visitor opens an area, so they are a chunk of their own
 * (`menu-levels.ts` loads it on the first pointer or keyboard approach to the menu) instead of weighing
 * on every page's first load.
 */

const byFirstGroup = (categories: readonly MenuCategory[]) => [...categories.filter(isFirstGroup), ...categories.filter((c) => !isFirstGroup(c))];

export interface LevelProps {
  lang: Lang;
  theme: Theme;
  state: MenuState;
  previews: PreviewsState;
  mapsApiKey?: string;
  act: (action: MenuAction) => void;
  close: () => void;
  loadMaps?: MainMenuProps['loadMaps'];
}

function Count({ lang, value, kind }: { lang: Lang; value: number; kind?: MenuCountKind }): ReactElement {
  const t = useShellT();
  return (
    <span className={styles.count}>
      <span aria-hidden="true">{localDigits(lang, value)}</span>
      <span className="qf-visually-hidden">{kind ? t(`menu.counts.${kind}`, { count: value }) : t('menu.count', { count: value })}</span>
    </span>
  );
}

export function MegaPanel({ lang, theme, area, path, state, open, previews, mapsApiKey, act, close, loadMaps, places }: LevelProps & { area: MenuArea; path: readonly string[]; open: boolean; places: Menu['places'] }): ReactElement {
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
                  <Count lang={lang} value={categoryCount(c)} />
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
                      {item.count !== undefined ? <Count lang={lang} value={item.count} kind={item.countKind} /> : null}
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

export interface DrawerProps extends LevelProps {
  ref: React.Ref<HTMLDivElement>;
  data: Menu;
  links: readonly QuickLink[];
}

/**
 * The slide-in menu: one level at a time (depth 0 to 3), the chosen entries above it (choosing one
 * goes back to it), and a back button that steps up one level.
 */
export function Drawer({ ref, lang, theme, data, state, previews, mapsApiKey, links, act, close, loadMaps }: DrawerProps): ReactElement {
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

  // Focus never leaves the dialog as levels change: a deeper level takes it on its first entry (or,
  // with none, as the preview, on the dialog's heading, which names the level); stepping back gives it
  // to the entry that opened the level left. Choosing a place keeps focus where it is.
  const focusKey = state.path.slice(0, area?.map ? 2 : 3).join('/');
  const shownPath = useRef<readonly string[]>(state.path);
  useEffect(() => {
    const previous = shownPath.current;
    shownPath.current = state.path;
    const root = level.current;
    if (!root) return;
    (levelFocusTarget(root, previous, state.path) ?? root.closest('[role="dialog"]')?.querySelector<HTMLElement>('h2[tabindex]'))?.focus();
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
                  <button type="button" data-menu-item data-menu-opens={a.id} onClick={() => choose(0, a.id)}>
                    {a.label}
                  </button>
                </li>
              ))}
            </ul>
            <ul className={styles.secondary} aria-label={t('menu.moreLabel')}>
              {/* A quick link that is also a secondary item (IDKT) keeps the item's sub-links (Technologies, Info bank), as the desktop "More" shows them. */}
              {[
                ...links.map((l) => ({ id: l.href, title: l.label, path: l.href, items: data.secondary.find((s) => s.path === l.href)?.items ?? [] })),
                ...data.secondary.filter((s) => !links.some((l) => l.href === s.path)),
              ].map((s) => (
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
                  <button type="button" data-menu-item data-menu-opens={c.id} onClick={() => choose(1, c.id)}>
                    <span>{c.title}</span>
                    <Count lang={lang} value={categoryCount(c)} />
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
                  {i.count !== undefined ? <Count lang={lang} value={i.count} kind={i.countKind} /> : null}
                </a>
                <button type="button" className={styles.detailsButton} data-menu-opens={i.id} onClick={() => choose(2, i.id)}>
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
