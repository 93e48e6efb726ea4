import type { ReactElement } from 'react';
import { localePath } from '@qf/shared/routing';
import type { Lang } from '@qf/shared/i18n';
import type { PageStatus } from '../state';
import { useShellT } from '../i18n';
import styles from './StatusPage.module.css';

const KEYS: Record<Exclude<PageStatus, 'ok'>, { title: string; body: string }> = {
  'not-found': { title: 'status.notFoundTitle', body: 'status.notFoundBody' },
  error: { title: 'status.errorTitle', body: 'status.errorBody' },
  unavailable: { title: 'status.unavailableTitle', body: 'status.unavailableBody' },
};

/** The 404, 500 and 503 pages: rendered by the shell, so they work whatever state the remotes are in. */
export function StatusPage({ status, lang }: { status: Exclude<PageStatus, 'ok'>; lang: Lang }): ReactElement {
  const t = useShellT();
  return (
    <section className={styles.status} data-status={status}>
      <h1 tabIndex={-1}>{t(KEYS[status].title)}</h1>
      <p>{t(KEYS[status].body)}</p>
      <p>
        <a href={localePath(lang, '/')}>{t('status.backHome')}</a>
      </p>
    </section>
  );
}
