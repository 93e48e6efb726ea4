import { useEffect, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import type { TapStoryData } from './directory-data';
import styles from './TapStory.module.css';

/**
 * SPEC §2 tap-story template. The server HTML lists every step (readable without JavaScript); once the
 * page is interactive the story shows one step at a time: tap (or click) the step, the Next button or an
 * arrow key to go on, with a progress bar and the step announced to screen readers.
 */
export function TapStory({ data }: ViewComponentProps<TapStoryData>): ReactElement {
  const t = useT();
  const lang = useLang();
  const [enhanced, setEnhanced] = useState(false);
  const [current, setCurrent] = useState(0);
  const stepRef = useRef<HTMLElement>(null);
  const moved = useRef(false);
  const total = data.steps.length;
  useEffect(() => setEnhanced(true), []);
  useEffect(() => {
    if (moved.current) stepRef.current?.focus();
  }, [current]);

  const go = (to: number) => {
    moved.current = true;
    setCurrent(Math.max(0, Math.min(total - 1, to)));
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    // Arrow keys follow the reading direction: in Arabic the next step is on the left.
    const forward = lang === 'ar' ? 'ArrowLeft' : 'ArrowRight';
    const back = lang === 'ar' ? 'ArrowRight' : 'ArrowLeft';
    if (e.key === forward) go(current + 1);
    else if (e.key === back) go(current - 1);
    else return;
    e.preventDefault();
  };

  return (
    <article className={styles.story}>
      <header>
        <h1 tabIndex={-1}>{data.title}</h1>
      </header>
      {data.image ? <img className={styles.hero} src={data.image.src} srcSet={data.image.srcSet} sizes="(min-width: 46rem) 42rem, 100vw" width={data.image.width} height={data.image.height} alt={data.image.alt} fetchPriority="high" decoding="async" /> : null}
      {enhanced ? (
        <div className={styles.player} onKeyDown={onKey}>
          <div className={styles.bars} aria-hidden="true">
            {data.steps.map((_, i) => (
              <span key={i} className={i <= current ? styles.done : undefined} />
            ))}
          </div>
          <p className={styles.progress} aria-live="polite">
            {t('tap.progress', { current: current + 1, total })}
          </p>
          <section ref={stepRef} tabIndex={-1} aria-labelledby="tap-step-heading" className={styles.step} onClick={() => current < total - 1 && go(current + 1)}>
            <h2 id="tap-step-heading">{data.steps[current]!.heading}</h2>
            <p>{data.steps[current]!.body}</p>
          </section>
          <div className={styles.controls}>
            <button type="button" onClick={() => go(current - 1)} disabled={current === 0}>
              {t('tap.previous')}
            </button>
            {current < total - 1 ? (
              <button type="button" onClick={() => go(current + 1)}>
                {t('tap.next')}
              </button>
            ) : (
              <button type="button" onClick={() => go(0)}>
                {t('tap.restart')}
              </button>
            )}
          </div>
        </div>
      ) : (
        <ol className={styles.list}>
          {data.steps.map((s, i) => (
            <li key={i}>
              <h2>{s.heading}</h2>
              <p>{s.body}</p>
            </li>
          ))}
        </ol>
      )}
      <p className={styles.back}>
        <a href={data.overview}>{t('tap.all')}</a>
      </p>
    </article>
  );
}
