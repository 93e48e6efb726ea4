import type { ReactElement } from 'react';
import { useLang, useT } from '@qf/shared/react';
import { formatDateTimeIn } from './EventTime';

/** The time zones of SPEC §9 ("Timezone labels: Doha, London, New York"), in the order shown. */
export const ZONES = [
  ['doha', 'Asia/Qatar'],
  ['london', 'Europe/London'],
  ['newYork', 'America/New_York'],
] as const;

/**
 * One instant as the day and time in Doha, London and New York. The texts come from Intl, like the
 * event page's dates, so the <time> elements keep the server's wording (see EventTime.tsx).
 */
export function ZoneTimes({ start, className, rowClassName }: { start: string; className?: string; rowClassName?: string }): ReactElement {
  const t = useT();
  const lang = useLang();
  return (
    <dl className={className}>
      {ZONES.map(([key, zone]) => (
        <div key={key} className={rowClassName} data-zone={zone}>
          <dt>{t(`series.zones.${key}`)}</dt>
          <dd>
            <time dateTime={start} suppressHydrationWarning>
              {formatDateTimeIn(lang, start, zone)}
            </time>
          </dd>
        </div>
      ))}
    </dl>
  );
}
