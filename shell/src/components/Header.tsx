import type { ReactElement } from 'react';
import { localePath, splitLang } from '@qf/shared/routing';
import type { Lang } from '@qf/shared/i18n';
import type { Theme } from '@qf/shared/bus';
import { useShellT } from '../i18n';
import { HeaderTools } from './HeaderTools';
import { MainMenu } from '../menu/MainMenu';
import type { Menu } from '../menu/menu-data';
import styles from './Header.module.css';

interface HeaderProps {
  lang: Lang;
  path: string;
  alternatePath: string;
  featuredStoryPath?: string;
  theme: Theme;
  onToggleTheme: () => void;
  /** Client-side search: goes to the search page with SPEC's hash; without JavaScript the form posts a GET. */
  onSearch: (text: string) => void;
  /** Client-side navigation to a site path (a search suggestion); a full load when absent. */
  onNavigate?: (href: string) => void;
  assistantScript?: string;
  /** The main menu (mega menu, slide-in menu, map mode) in the page's language. */
  menu?: Menu;
  mapsApiKey?: string;
}

export function Header({ lang, path, alternatePath, featuredStoryPath, theme, onToggleTheme, onSearch, onNavigate = (href) => window.location.assign(href), assistantScript, menu, mapsApiKey }: HeaderProps): ReactElement {
  const t = useShellT();
  const current = splitLang(path).path;
  const links = [
    featuredStoryPath ? { href: featuredStoryPath, label: t('nav.featuredStory') } : null,
    { href: '/events', label: t('nav.events') },
    { href: '/media-center/experts', label: t('nav.experts') },
    { href: '/idkt', label: t('nav.idkt') },
  ].filter((l): l is { href: string; label: string } => l !== null);
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <a className={styles.brand} href={localePath(lang, '/')}>
          {t('siteName')}
        </a>
        <MainMenu lang={lang} path={path} current={current} menu={menu} mapsApiKey={mapsApiKey} theme={theme} links={links} />
        <HeaderTools lang={lang} path={path} alternatePath={alternatePath} onToggleTheme={onToggleTheme} onSearch={onSearch} onNavigate={onNavigate} assistantScript={assistantScript} />
      </div>
    </header>
  );
}
