import type { ReactElement } from 'react';
import { formatDate } from '@qf/shared/dates';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import { revealMark } from '@qf/shared/contracts';
import type { MediaListData } from './media-data';
import styles from './Media.module.css';

/** The media centre's lists: galleries, press releases and media mentions (links to the outlets). */
export function MediaList({ data }: ViewComponentProps<MediaListData>): ReactElement {
  const t = useT();
  const lang = useLang();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 tabIndex={-1}>{t(`media.${data.kind}.title`)}</h1>
        <p className={styles.intro}>{t(`media.${data.kind}.description`)}</p>
      </header>
      {data.items.length === 0 ? <p>{t(`media.${data.kind}.empty`)}</p> : null}
      <ul className={styles.cards}>
        {data.items.map((item, i) => (
          <li key={item.href} className={styles.card} {...revealMark}>
            {item.image ? <img src={item.image.src} srcSet={item.image.srcSet} sizes="(min-width: 60rem) 24rem, 100vw" width={item.image.width} height={item.image.height} alt="" loading={i < 3 ? 'eager' : 'lazy'} decoding="async" /> : null}
            <h2 className={styles.cardTitle}>
              {item.external ? (
                <a href={item.href} rel="noopener external" aria-label={t('media.external', { title: item.title, source: item.source ?? '' })}>
                  {item.title}
                </a>
              ) : (
                <a href={item.href}>{item.title}</a>
              )}
            </h2>
            <p className={styles.meta}>
              <time dateTime={item.date}>{formatDate(lang, item.date)}</time>
              {item.source ? <> · {item.source}</> : null}
              {item.count !== undefined ? <> · {t('media.photos', { count: item.count })}</> : null}
            </p>
            <p>{item.excerpt}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
