import type { ReactElement } from 'react';
import type { TFunction } from 'i18next';
import styles from './SiteChrome.module.css';

/**
 * The chrome that needs no React in the browser: rendered by the server, driven by the page's first
 * script (`boot/chrome.ts`) and, after a client-side navigation, by the app. Their strings carry
 * `data-qf-t` (text) or `data-qf-t-label` (aria-label) so the app can follow a language change.
 */

export const T_ATTR = 'data-qf-t';
export const T_LABEL_ATTR = 'data-qf-t-label';

export const SkipLink = ({ t }: { t: TFunction }): ReactElement => (
  <a className="qf-skip-link" href="#main" data-qf-t="skipToContent">
    {t('skipToContent')}
  </a>
);

/**
 * An editor's preview (issue 35): on every page rendered from drafts, before anything else, with the way
 * out (`/_preview/leave`, which goes back to the page it was left from).
 */
export const PreviewMarkup = ({ t }: { t: TFunction }): ReactElement => (
  <aside className={styles.preview} aria-label={t('preview.label')} data-qf-t-label="preview.label" data-qf-preview="">
    <p>
      <span data-qf-t="preview.notice">{t('preview.notice')}</span>{' '}
      <a href="/_preview/leave" data-qf-t="preview.leave">
        {t('preview.leave')}
      </a>
    </p>
  </aside>
);

/** SPEC §4: the statement notification; shown by the boot when the content flag says so. */
export const StatementMarkup = ({ t }: { t: TFunction }): ReactElement => (
  <div role="region" aria-label={t('panels.statement.label')} data-qf-t-label="panels.statement.label" className={styles.statement} data-qf-statement="" hidden>
    <p>
      <span data-qf-t="panels.statement.text">{t('panels.statement.text')}</span>{' '}
      <a href="/" rel="external noopener" data-qf-t="panels.statement.link">
        {t('panels.statement.link')}
      </a>
    </p>
    <button type="button" className={styles.dismiss} aria-label={t('panels.statement.dismiss')} data-qf-t-label="panels.statement.dismiss">
      <span aria-hidden="true">×</span>
    </button>
  </div>
);

/** The scroll progress bar (SPEC §2, §9): decorative, the browser already conveys the position. */
export const ScrollProgressMarkup = (): ReactElement => <div className="qf-scroll-progress" aria-hidden="true" hidden />;

/** Navigation feedback: the progress bar, the delayed-load notice (SPEC §9) and the live region. */
export const NavigationProgressMarkup = (): ReactElement => <div className="qf-progress" aria-hidden="true" data-qf-progress="" />;
export const DelayedNoticeMarkup = (): ReactElement => <p className="qf-visually-hidden" aria-live="polite" data-qf-delayed="" />;
/** After a client-side navigation the new page's title is announced here (the heading also takes focus). */
export const AnnouncerMarkup = (): ReactElement => <p className="qf-visually-hidden" role="status" aria-atomic="true" data-qf-announcer="" />;

/** Shown once the visitor is a screen below the top; takes them back there and focuses the page heading. */
export const ToTopMarkup = ({ t }: { t: TFunction }): ReactElement => (
  <button type="button" className={styles.toTop} data-qf-to-top="" hidden>
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 19V5M5 12l7-7l7 7" />
    </svg>
    <span className="qf-visually-hidden" data-qf-t="panels.scrollTop">
      {t('panels.scrollTop')}
    </span>
  </button>
);

/**
 * SPEC §4: the cookie banner, hidden at first; the boot slides it in after 2 s when no consent is
 * stored. Not a dialog: it never takes focus from the page.
 */
export const CookieMarkup = ({ t }: { t: TFunction }): ReactElement => (
  <section className={styles.cookies} aria-label={t('panels.cookies.label')} data-qf-t-label="panels.cookies.label" data-qf-cookies="" hidden>
    <p data-qf-t="panels.cookies.text">{t('panels.cookies.text')}</p>
    <button type="button" className={styles.button} data-qf-t="panels.cookies.accept">
      {t('panels.cookies.accept')}
    </button>
  </section>
);
