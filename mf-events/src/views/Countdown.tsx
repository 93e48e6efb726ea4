import { useEffect, useState, type ReactElement } from 'react';
import { useLang, useT } from '@qf/shared/react';
import { formatNumber } from './EventTime';
import styles from './Countdown.module.css';

const SECOND = 1000;

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * What is left until `target` in the SPEC §9 units, or null once it is reached. Whole seconds are rounded
 * up, so the timer reads 00 seconds only at the instant itself and never goes below zero.
 */
export function partsUntil(target: number, now: number): CountdownParts | null {
  const total = Math.ceil((target - now) / SECOND);
  if (total <= 0) return null;
  return { days: Math.floor(total / 86_400), hours: Math.floor(total / 3_600) % 24, minutes: Math.floor(total / 60) % 60, seconds: total % 60 };
}

const UNITS = [
  ['days', 1],
  ['hours', 2],
  ['minutes', 2],
  ['seconds', 2],
] as const;

interface CountdownProps {
  /** The instant counted down to (the session's start). */
  start: string;
  /** The server's request time (page data). */
  serverNow: string;
  /** The session's title, named once the countdown has run out. */
  title: string;
}

/**
 * The countdown to the next session, ticking each second in the browser.
 *
 * Hydration: the first render, on the server and in the hydrating browser, counts from `serverNow`, the
 * request time carried in the page data, so both produce the same numbers and nothing mismatches or is
 * suppressed. Only the effect that runs after hydration switches to the browser's clock and ticks.
 *
 * Screen readers: the timer's live region is off, so the numbers can be read on demand but are never
 * announced every second; the page states the start date in a sentence that does not change.
 * The visitor can pause it (WCAG 2.2.2, moving content that updates on its own).
 */
export function Countdown({ start, serverNow, title }: CountdownProps): ReactElement {
  const t = useT();
  const lang = useLang();
  const target = Date.parse(start);
  const [now, setNow] = useState(() => Date.parse(serverNow));
  const [paused, setPaused] = useState(false);
  const parts = partsUntil(target, now);
  const running = parts !== null && !paused;

  useEffect(() => {
    if (!running) return undefined;
    let timer: ReturnType<typeof setTimeout>;
    // Each tick is scheduled for the next whole second before the target, so the seconds never skip.
    const tick = () => {
      const at = Date.now();
      setNow(at);
      const rest = (target - at) % SECOND;
      timer = setTimeout(tick, rest > 0 ? rest : SECOND);
    };
    tick();
    return () => clearTimeout(timer);
  }, [running, target]);

  if (!parts) return <p className={styles.started}>{t('series.next.started', { title })}</p>;
  return (
    <div className={styles.countdown}>
      <div className={styles.timer} role="timer" aria-live="off" aria-atomic="true" aria-label={t('series.countdown.label')}>
        {UNITS.map(([unit, digits]) => (
          <div key={unit} className={styles.unit} data-unit={unit}>
            {/* Keyed by its value so the reveal animation replays on each change (none with reduced motion). */}
            <span key={parts[unit]} className={styles.value}>
              {formatNumber(lang, parts[unit], digits)}
            </span>
            {/* The unit agrees with the number (Arabic has six plural forms: ٣ أيام, ٥٦ يومًا). */}
            <span className={styles.label}>{t(`series.countdown.${unit}`, { count: parts[unit] })}</span>
          </div>
        ))}
      </div>
      <button type="button" className={styles.pause} onClick={() => setPaused((p) => !p)}>
        {t(paused ? 'series.countdown.resume' : 'series.countdown.pause')}
      </button>
    </div>
  );
}
