import type { ReactElement } from 'react';
import { formatDate } from '@qf/shared/dates';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import { revealMark } from '@qf/shared/contracts';
import type { LandingData } from './landing-data';
import { interviewMailto } from './paths';
import styles from './Media.module.css';

type Item = LandingData['news'][number];

/** The media centre's landing page: latest press releases, mentions and galleries, experts, media inquiries. */
export function MediaCenter({ data }: ViewComponentProps<LandingData>): ReactElement {
  const t = useT();
  const lang = useLang();
  const section = (key: 'news' | 'mentions' | 'galleries', heading: string, all: string, items: readonly Item[]) =>
    items.length === 0 ? null : (
      <section aria-labelledby={`media-${key}`} className={styles.section}>
        <h2 id={`media-${key}`}>{heading}</h2>
        <ul className={styles.cards}>
          {items.map((item, i) => (
            <li key={item.href} className={styles.card} {...revealMark}>
              {item.image ? <img src={item.image.src} srcSet={item.image.srcSet} sizes="(min-width: 60rem) 24rem, 100vw" width={item.image.width} height={item.image.height} alt="" loading={key === 'news' && i < 3 ? 'eager' : 'lazy'} decoding="async" /> : null}
              <h3 className={styles.cardTitle}>
                {item.external ? (
                  <a href={item.href} rel="noopener external" aria-label={t('media.external', { title: item.title, source: item.source ?? '' })}>
                    {item.title}
                  </a>
                ) : (
                  <a href={item.href}>{item.title}</a>
                )}
              </h3>
              <p className={styles.meta}>
                <time dateTime={item.date}>{formatDate(lang, item.date)}</time>
                {item.source ? <> · {item.source}</> : null}
                {item.count !== undefined ? <> · {t('media.photos', { count: item.count })}</> : null}
              </p>
            </li>
          ))}
        </ul>
        <p className={styles.all}>
          <a href={data.links[key]}>{all}</a>
        </p>
      </section>
    );
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 tabIndex={-1}>{t('landing.title')}</h1>
        <p className={styles.intro}>{t('landing.intro')}</p>
      </header>
      {section('news', t('landing.latestNews'), t('landing.allNews'), data.news)}
      {section('mentions', t('landing.latestMentions'), t('landing.allMentions'), data.mentions)}
      {section('galleries', t('landing.latestGalleries'), t('landing.allGalleries'), data.galleries)}
      <div className={styles.panels}>
        <section aria-labelledby="media-experts" className={styles.panel}>
          <h2 id="media-experts">{t('landing.experts.heading')}</h2>
          <p>{t('landing.experts.text', { count: data.experts })}</p>
          <p>
            <a href={data.links.experts}>{t('landing.experts.link')}</a>
          </p>
        </section>
        <section aria-labelledby="media-inquiries" className={styles.panel}>
          <h2 id="media-inquiries">{t('landing.inquiries.heading')}</h2>
          <p>{t('landing.inquiries.text')}</p>
          {data.pressEmail ? (
            <p>
              <a href={interviewMailto(data.pressEmail, t('landing.inquiries.subject'))}>{t('landing.inquiries.email', { email: data.pressEmail })}</a>
            </p>
          ) : null}
        </section>
      </div>
    </div>
  );
}
