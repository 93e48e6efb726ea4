import { useMemo, type ReactElement } from 'react';
import type { Theme } from '@qf/shared/bus';
import { localDigits, type Lang } from '@qf/shared/i18n';
import { localePath } from '@qf/shared/routing';
import { useShellT } from '../i18n';
import { onLevelKeyDown } from './focus';
import type { MainMenuProps } from './MainMenu';
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

export interface DrawerLevelProps extends LevelProps {
  data: Menu;
}

/**
 * The slide-in menu's deeper levels (an area's categories, a category's items or its map, an item's
 * preview): the menu itself, its bar and its first level are part of the page (Drawer.tsx) so that it
 * opens at once, before any code has come.
 */
export function DrawerLevel({ lang, theme, data, state, previews, mapsApiKey, act, loadMaps }: DrawerLevelProps): ReactElement {
  const t = useShellT();
  const depth = state.path.length;
  const area = data.areas.find((a) => a.id === state.path[0]);
  const category = area?.categories.find((c) => c.id === state.path[1]);
  const item = category?.items.find((i) => i.id === state.path[2]);
  const categoryPlaces = useMemo(() => (category ? placesOf(category, data.places) : []), [category, data.places]);
  const choose = (lvl: number, id: string) => act({ type: 'choose', surface: 'drawer', level: lvl, id });

  return (
    <>
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
    </>
  );
}
