import type { ReactElement } from 'react';
import { formatDate } from '@qf/shared/dates';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import type { GalleryData } from './media-data';
import styles from './Media.module.css';

/** SPEC §2 media-gallery template: every photo with its description as caption. */
export function Gallery({ data }: ViewComponentProps<GalleryData>): ReactElement {
  const t = useT();
  const lang = useLang();
  const date = formatDate(lang, data.date);
  return (
    <article className={styles.page}>
      <header className={styles.header}>
        <h1 tabIndex={-1}>{data.title}</h1>
        <p className={styles.meta}>
          <time dateTime={data.date}>{t('media.published', { date })}</time> · {t('media.photos', { count: data.images.length })}
        </p>
        <p className={styles.intro}>{data.description}</p>
      </header>
      <ul className={styles.photos} aria-label={t('media.photosLabel')}>
        {data.images.map((img, i) => (
          <li key={img.src}>
            <figure>
              <a href={img.src}>
                <img src={img.src} srcSet={img.srcSet} sizes="(min-width: 60rem) 30rem, 100vw" width={img.width} height={img.height} alt={img.alt} loading={i < 2 ? 'eager' : 'lazy'} decoding="async" />
              </a>
              <figcaption>{img.alt}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className={styles.back}>
        <a href={data.list}>{t('media.allGalleries')}</a>
      </p>
    </article>
  );
}
