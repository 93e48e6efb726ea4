import { useId, type ReactElement, type RefObject } from 'react';
import type { Lang } from '@qf/shared/i18n';
import { localePath } from '@qf/shared/routing';
import { useShellT } from '../i18n';
import { Dialog } from './Dialog';
import styles from './Panels.module.css';

export const EXPLORE_PANEL_ID = 'qf-explore-panel';
/** The six audience pages of SPEC §2. */
export const AUDIENCE_PAGES = ['community-members', 'prospective-students', 'researchers-and-entrepreneurs', 'journalists-and-media', 'job-seekers', 'new-to-qatar-foundation'] as const;

interface ExplorePanelProps {
  lang: Lang;
  open: boolean;
  onClose: () => void;
  onAsk: () => void;
  fallbackFocus?: RefObject<HTMLElement | null>;
}

/** 'Explore': the audience pages and the 'Ask' entry that opens the assistant. */
export function ExplorePanel({ lang, open, onClose, onAsk, fallbackFocus }: ExplorePanelProps): ReactElement {
  const t = useShellT();
  const id = useId();
  return (
    <Dialog id={EXPLORE_PANEL_ID} open={open} onClose={onClose} labelledBy={`${id}-title`} className={styles.sidePanel} fallbackFocus={fallbackFocus}>
      <div className={styles.panelHead}>
        <h2 id={`${id}-title`}>{t('panels.explore.title')}</h2>
        <button type="button" className={styles.close} onClick={onClose}>
          {t('panels.close')}
        </button>
      </div>
      <nav aria-labelledby={`${id}-audiences`}>
        <h3 id={`${id}-audiences`} className={styles.groupTitle}>
          {t('panels.explore.audiences')}
        </h3>
        <ul className={styles.linkList}>
          {AUDIENCE_PAGES.map((slug) => (
            <li key={slug}>
              <a href={localePath(lang, `/${slug}`)} onClick={onClose}>
                {t(`panels.explore.pages.${slug}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <button type="button" className={styles.ask} onClick={onAsk}>
        <span>{t('panels.explore.ask')}</span>
        <span className={styles.hint}>{t('panels.explore.askHint')}</span>
      </button>
    </Dialog>
  );
}
