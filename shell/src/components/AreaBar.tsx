import type { ReactElement } from 'react';
import type { Lang } from '@qf/shared/i18n';
import { localePath, splitLang } from '@qf/shared/routing';
import type { Area } from '../areas';
import { useShellT } from '../i18n';
import styles from './AreaBar.module.css';

/** The sub-menu bar of the active area (SPEC §2), below the header: the area's home and its categories. */
export function AreaBar({ lang, path, area }: { lang: Lang; path: string; area: Area }): ReactElement {
  const t = useShellT();
  const current = splitLang(path).path;
  const link = (href: string, label: string, className?: string) => (
    <a href={localePath(lang, href)} className={className} aria-current={current === href ? 'page' : undefined}>
      {label}
    </a>
  );
  return (
    <nav className={styles.bar} aria-label={t('footers.area.label', { area: area.label })} data-area={area.vertical}>
      <ul>
        <li>{link(area.href, area.label, styles.home)}</li>
        {area.categories
          .filter((c) => c.href !== area.href)
          .map((c) => (
            <li key={c.href}>{link(c.href, c.label)}</li>
          ))}
      </ul>
    </nav>
  );
}
