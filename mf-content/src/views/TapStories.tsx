import type { ReactElement } from 'react';
import { useT, type ViewComponentProps } from '@qf/shared/react';
import { revealMark } from '@qf/shared/contracts';
import type { TapStoriesData } from './directory-data';
import styles from './Directory.module.css';

/** SPEC §2 tap-story overview. */
export function TapStories({ data }: ViewComponentProps<TapStoriesData>): ReactElement {
  const t = useT();
  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <header className={styles.header}>
        <h1 tabIndex={-1}>{t('tap.title')}</h1>
        <p className={styles.subtitle}>{t('tap.intro')}</p>
      </header>
      <ul className={styles.cards}>
        {data.stories.map((s, i) => (
          <li key={s.href} className={styles.card} {...revealMark}>
            {s.image ? <img src={s.image.src} srcSet={s.image.srcSet} sizes="(min-width: 60rem) 24rem, 100vw" width={s.image.width} height={s.image.height} alt="" loading={i < 3 ? 'eager' : 'lazy'} decoding="async" /> : null}
            <h2 className={styles.cardTitle}>
              <a href={s.href}>{s.title}</a>
            </h2>
            <p className={styles.meta}>{t('tap.steps', { count: s.steps })}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
