import type { ReactElement } from 'react';
import { useT } from '@qf/shared/react';

/**
 * The errors of a form, summarised for screen readers (an alert) with links to each field; the
 * messages also stand next to their fields.
 */
export function ErrorSummary({ errors, idOf, className }: { errors: [field: string, message: string][]; idOf: (field: string) => string; className?: string }): ReactElement {
  const t = useT();
  return (
    <div role="alert" className={className}>
      {errors.length ? (
        <>
          <p>{t('engagement.errorsHeading')}</p>
          <ul>
            {errors.map(([field, message]) => (
              <li key={field}>
                <a href={`#${idOf(field)}`}>{message}</a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
