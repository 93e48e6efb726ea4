import type { ReactElement } from 'react';
import { useT } from '@qf/shared/react';
import styles from './ErrorSummary.module.css';

/**
 * The errors of a form, summarised for screen readers (an alert) with a link to each field that moves
 * the focus there; the messages also stand next to their fields. A failure the server reports for the
 * whole form (closed, duplicate, error) shows here too. Every form of the section uses this one.
 */
export function ErrorSummary({ errors, idOf, failure, className }: { errors: readonly (readonly [field: string, message: string])[]; idOf: (field: string) => string; failure?: string; className?: string }): ReactElement {
  const t = useT();
  return (
    <div role="alert" className={className ? `${styles.summary} ${className}` : styles.summary}>
      {failure ? <p>{failure}</p> : null}
      {errors.length ? (
        <>
          <p>{t('errorsHeading')}</p>
          <ul>
            {errors.map(([field, message]) => (
              <li key={field}>
                <a
                  href={`#${idOf(field)}`}
                  onClick={(e) => {
                    const target = document.getElementById(idOf(field));
                    if (!target) return;
                    e.preventDefault();
                    target.focus();
                  }}
                >
                  {message}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
