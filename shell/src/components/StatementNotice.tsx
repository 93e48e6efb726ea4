import { useEffect, useState, type ReactElement } from 'react';
import * as z from 'zod/mini';
import { useShellT } from '../i18n';
import styles from './SiteChrome.module.css';

export const STATEMENT_URL = '/statement-notification.json';
export const STATEMENT_DISMISSED_KEY = 'qf_statement_dismissed';
const statementSchema = z.object({ show: z.boolean(), url: z.nullable(z.string()) });

const session = (): Storage | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
};

/**
 * SPEC §4: the statement notification flag starts false and is read from the content source when the
 * layout loads; when true, a dismissible notice links to the statements site. Dismissal holds for the
 * browser session. Any failure leaves the flag false.
 */
export function StatementNotice(): ReactElement | null {
  const t = useShellT();
  const [statement, setStatement] = useState<{ url: string } | null>(null);

  useEffect(() => {
    if (session()?.getItem(STATEMENT_DISMISSED_KEY) === '1') return;
    const controller = new AbortController();
    fetch(STATEMENT_URL, { signal: controller.signal, headers: { accept: 'application/json' } })
      .then((res) => (res.ok ? res.json() : null))
      .then((body: unknown) => {
        const parsed = statementSchema.safeParse(body);
        if (parsed.success && parsed.data.show && parsed.data.url) setStatement({ url: parsed.data.url });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  if (!statement) return null;
  const dismiss = () => {
    try {
      session()?.setItem(STATEMENT_DISMISSED_KEY, '1');
    } catch {
      // storage disabled: dismissed for this page only
    }
    setStatement(null);
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return (
    <div role="region" aria-label={t('panels.statement.label')} className={styles.statement}>
      <p>
        {t('panels.statement.text')}{' '}
        <a href={statement.url} rel="external noopener">
          {t('panels.statement.link')}
        </a>
      </p>
      <button type="button" className={styles.dismiss} onClick={dismiss} aria-label={t('panels.statement.dismiss')}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
