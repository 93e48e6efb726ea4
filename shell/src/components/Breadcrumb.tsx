import type { ReactElement } from 'react';
import type { Lang } from '@qf/shared/i18n';
import { breadcrumbTrail } from '../breadcrumb-trail';
import { useShellT } from '../i18n';
import styles from './Breadcrumb.module.css';

/**
 * Home, the first path segment's title when it is a known one, then the page title; none at home.
 * `fade`: it fades in (opacity only, so nothing moves; none under reduced motion or paused animations).
 */
export function Breadcrumb({ lang, path, title, fade = false }: { lang: Lang; path: string; title: string; fade?: boolean }): ReactElement | null {
  const t = useShellT();
  const crumbs = breadcrumbTrail(t, lang, path, title);
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label={t('breadcrumb.label')} className={fade ? `${styles.breadcrumb} ${styles.fade}` : styles.breadcrumb}>
      <ol>
        {crumbs.map((c, i) => (
          <li key={i}>{c.href ? <a href={c.href}>{c.label}</a> : <span aria-current="page">{c.label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}
