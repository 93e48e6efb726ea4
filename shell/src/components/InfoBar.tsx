import type { ReactElement } from 'react';
import { useShellT } from '../i18n';
import styles from './SiteChrome.module.css';

/** The top info bar of site globals (`showTopInfoBar`, `topInfoBarContent`). */
export function InfoBar({ text }: { text?: string }): ReactElement | null {
  const t = useShellT();
  if (!text) return null;
  return (
    <div role="region" aria-label={t('panels.infoBar.label')} className={styles.infoBar}>
      <p>{text}</p>
    </div>
  );
}
