import type { ReactElement } from 'react';
import { formatDate } from '@qf/shared/dates';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import type { PressReleaseData } from './media-data';
import styles from './Media.module.css';

export function PressRelease({ data }: ViewComponentProps<PressReleaseData>): ReactElement {
  const t = useT();
  const lang = useLang();
  const date = formatDate(lang, data.date);
  return (
    <article className={`${styles.page} ${styles.narrow}`}>
      <header className={styles.header}>
        <p className={styles.kicker}>{t('media.news.title')}</p>
        <h1 tabIndex={-1}>{data.title}</h1>
        <p className={styles.meta}>
          <time dateTime={data.date}>{t('media.published', { date })}</time> · {data.department}
        </p>
        <p className={styles.intro}>{data.excerpt}</p>
      </header>
      {data.image ? <img className={styles.hero} src={data.image.src} srcSet={data.image.srcSet} sizes="(min-width: 50rem) 46rem, 100vw" width={data.image.width} height={data.image.height} alt={data.image.alt} fetchPriority="high" decoding="async" /> : null}
      {data.body.map((p, i) => (
        <p key={i} className={styles.paragraph}>
          {p}
        </p>
      ))}
      <p className={styles.back}>
        <a href={data.list}>{t('media.allNews')}</a>
      </p>
    </article>
  );
}
