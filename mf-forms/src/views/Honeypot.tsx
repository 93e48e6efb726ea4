import type { ReactElement } from 'react';
import { useT } from '@qf/shared/react';

/** A field no visitor sees or reaches: robots fill it, and the server then stores nothing. */
export function Honeypot(): ReactElement {
  const t = useT();
  return (
    <div className="qf-visually-hidden" aria-hidden="true">
      <label>
        {t('honeypot')}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
