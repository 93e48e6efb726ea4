import { useEffect, useRef, type ReactElement, type Ref } from 'react';
import type { Lang } from '@qf/shared/i18n';
import { localePath } from '@qf/shared/routing';
import { PopoverClose } from '../components/popover';
import { useShellT } from '../i18n';
import { onLevelKeyDown } from './focus';
import { levelFocusTarget } from './level-focus';
import type { QuickLink } from './MainMenu';
import type { Menu } from './menu-data';
import type { MenuLevelsModule } from './menu-levels';
import type { MenuState } from './menu-state';
import type { LevelProps } from './MenuLevels';
import styles from './Menu.module.css';

/** The slide-in menu's element: the menu button names it (`popovertarget`, `aria-controls`). */
export const DRAWER_ID = 'qf-mobile-menu';

export interface DrawerProps extends Omit<LevelProps, 'state'> {
  ref: Ref<HTMLDivElement>;
  data: Menu;
  links: readonly QuickLink[];
  /** The menu's state: the drawer shows its path while it is the open surface. */
  state: MenuState;
  open: boolean;
  /**
   * Opened by the browser before the code came (MainMenu took it over): focus stays where the visitor
   * has it (on the menu button, from where Tab enters the menu), rather than jumping when the code comes.
   */
  adopted: boolean;
  /** The deeper levels' chunk, once it has come (depth 0 needs none). */
  levels: MenuLevelsModule | null;
}

/**
 * The slide-in menu: one level at a time (depth 0 to 3), the chosen entries above it (choosing one
 * goes back to it), and a back button that steps up one level.
 *
 * The menu, its bar and its first level are in every page's HTML as a popover the menu button opens
 * by itself (`popovertarget`): a tap opens it at once, before any of the page's code has come (issue
 * 34: it waited ~2.5 s on a phone for the boot, the app and this chunk), and Escape or a tap outside
 * closes it. Once the header's code runs, the menu follows its state (MainMenu), taking over a menu the
 * visitor opened before; the deeper levels come with their own chunk (`MenuLevels.tsx`).
 */
export function Drawer({ ref, lang, theme, data, state, open, adopted, previews, mapsApiKey, links, levels, act, close, loadMaps }: DrawerProps): ReactElement {
  const t = useShellT();
  const path = open ? state.path : [];
  const depth = path.length;
  const area = data.areas.find((a) => a.id === path[0]);
  const category = area?.categories.find((c) => c.id === path[1]);
  const item = category?.items.find((i) => i.id === path[2]);
  const trail = [area?.label, category?.title, item?.title].slice(0, depth).filter((x): x is string => Boolean(x));
  const heading = trail[trail.length - 1] ?? t('menu.dialog');
  const level = useRef<HTMLDivElement>(null);
  const choose = (lvl: number, id: string) => act({ type: 'choose', surface: 'drawer', level: lvl, id });

  // Focus never leaves the dialog as levels change: a deeper level takes it on its first entry (or,
  // with none, as the preview, on the dialog's heading, which names the level); stepping back gives it
  // to the entry that opened the level left. Choosing a place keeps focus where it is.
  const focusKey = path.slice(0, area?.map ? 2 : 3).join('/');
  const shownPath = useRef<readonly string[]>(path);
  useEffect(() => {
    const previous = shownPath.current;
    shownPath.current = path;
    const root = level.current;
    if (!open || !root) return;
    if (depth === 0 && previous.length === 0 && adopted) return;
    (levelFocusTarget(root, previous, path) ?? root.closest('[role="dialog"]')?.querySelector<HTMLElement>('h2[tabindex]'))?.focus();
  }, [open, focusKey]);

  return (
    // `auto`: before the code comes, the browser closes it on Escape and on a tap outside (MainMenu follows).
    <div ref={ref} id={DRAWER_ID} popover="auto" className={styles.drawer} role="dialog" aria-modal="true" aria-labelledby={`${DRAWER_ID}-heading`} data-depth={depth} data-vertical={area?.vertical} data-qf-open={open ? '' : undefined}>
      <div className={styles.drawerBar}>
        {depth > 0 ? (
          <button type="button" className={styles.back} onClick={() => act({ type: 'back' })}>
            <span aria-hidden="true" className={styles.backArrow}>
              ‹
            </span>
            {t('menu.back')}
          </button>
        ) : null}
        <h2 id={`${DRAWER_ID}-heading`} tabIndex={-1} className={styles.drawerHeading}>
          {heading}
        </h2>
        <PopoverClose target={DRAWER_ID} className={styles.close} onClose={close}>
          <span aria-hidden="true">×</span>
          <span className="qf-visually-hidden">{t('menu.close')}</span>
        </PopoverClose>
      </div>
      {depth > 0 ? (
        <ol className={styles.trail} aria-label={t('menu.levels')}>
          {path.slice(0, 3).map((id, i) => {
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
      <div ref={level} className={styles.drawerLevel} key={focusKey}>
        {depth === 0 ? <FirstLevel lang={lang} data={data} links={links} choose={choose} /> : null}
        {depth > 0 && levels ? <levels.DrawerLevel lang={lang} theme={theme} data={data} state={state} previews={previews} mapsApiKey={mapsApiKey} act={act} close={close} loadMaps={loadMaps} /> : null}
      </div>
    </div>
  );
}

/** The areas (each opens its level) and the site's other sections as links. */
function FirstLevel({ lang, data, links, choose }: { lang: Lang; data: Menu; links: readonly QuickLink[]; choose: (level: number, id: string) => void }): ReactElement {
  const t = useShellT();
  return (
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
  );
}
