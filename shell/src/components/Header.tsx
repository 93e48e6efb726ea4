import type { ReactElement } from 'react';
import { localePath, splitLang } from '@qf/shared/routing';
import { otherLang, type Lang } from '@qf/shared/i18n';
import type { Theme } from '@qf/shared/bus';
import { useShellT } from '../i18n';
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
}

export function Header({ lang, path, alternatePath, featuredStoryPath, theme, onToggleTheme, onSearch }: HeaderProps): ReactElement {
  const t = useShellT();
  const current = splitLang(path).path;
  const links = [
    featuredStoryPath ? { href: featuredStoryPath, label: t('nav.featuredStory') } : null,
    { href: '/events', label: t('nav.events') },
    { href: '/media-center/experts', label: t('nav.experts') },
    { href: '/idkt', label: t('nav.idkt') },
  ].filter((l): l is { href: string; label: string } => l !== null);
  const other = otherLang(lang);
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <a className={styles.brand} href={localePath(lang, '/')}>
          {t('siteName')}
        </a>
        <nav aria-label={t('nav.label')} className={styles.nav}>
          <ul>
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
        </nav>
        <form
          role="search"
          className={styles.search}
          action={localePath(lang, '/search')}
          method="get"
          onSubmit={(event) => {
            event.preventDefault();
            const text = String(new FormData(event.currentTarget).get('s') ?? '').trim();
            if (text) onSearch(text);
          }}
        >
          <label htmlFor="qf-header-search" className="qf-visually-hidden">
            {t('search.label')}
          </label>
          <input id="qf-header-search" name="s" type="search" placeholder={t('search.placeholder')} autoComplete="off" maxLength={200} />
          <button type="submit">{t('search.submit')}</button>
        </form>
        <div className={styles.tools}>
          <button type="button" className={styles.theme} onClick={onToggleTheme} aria-pressed={theme === 'dark'}>
            {theme === 'dark' ? t('theme.toLight') : t('theme.toDark')}
          </button>
          <a className={styles.language} href={alternatePath} hrefLang={other} lang={other} aria-label={t('language.switchLabel')} data-language-switch="">
            {t('language.switchTo')}
          </a>
        </div>
      </div>
    </header>
  );
}
