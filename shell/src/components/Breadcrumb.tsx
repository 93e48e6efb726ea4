import type { ReactElement } from 'react';
import { localePath, splitLang } from '@qf/shared/routing';
import type { Lang } from '@qf/shared/i18n';
import { useShellT } from '../i18n';
import styles from './Breadcrumb.module.css';

const EXPERTS = '/media-center/experts';
const KNOWN_SEGMENTS = ['events', 'education-city-speaker-series', 'stories', 'education', 'research', 'community', 'media-center', 'search', 'about', 'idkt'];

/** Home, the first path segment's title when it is a known one, then the page title; none at home. */
export function Breadcrumb({ lang, path, title }: { lang: Lang; path: string; title: string }): ReactElement | null {
  const t = useShellT();
  const neutral = splitLang(path).path;
  if (neutral === '/') return null;
  const first = neutral.split('/')[1] ?? '';
  const crumbs: { label: string; href?: string }[] = [{ label: t('nav.home'), href: localePath(lang, '/') }];
  if (KNOWN_SEGMENTS.includes(first) && neutral !== `/${first}`) crumbs.push({ label: t(`breadcrumb.segments.${first}`), href: localePath(lang, `/${first}`) });
  if (neutral.startsWith(`${EXPERTS}/`)) crumbs.push({ label: t('nav.experts'), href: localePath(lang, EXPERTS) });
  crumbs.push({ label: title });
  return (
    <nav aria-label={t('breadcrumb.label')} className={styles.breadcrumb}>
      <ol>
        {crumbs.map((c, i) => (
          <li key={i}>{c.href ? <a href={c.href}>{c.label}</a> : <span aria-current="page">{c.label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}
