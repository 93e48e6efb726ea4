import type { ReactElement } from 'react';
import { formatDate } from '@qf/shared/dates';
import { useLang, useT, Widget, type ViewComponentProps } from '@qf/shared/react';
import type { StoryData } from './story-data';
import styles from './Story.module.css';

export function Story({ data }: ViewComponentProps<StoryData>): ReactElement {
  const t = useT();
  const lang = useLang();
  const date = formatDate(lang, data.date);
  return (
    <article className={styles.story} data-vertical={data.vertical}>
      <header className={styles.header}>
        <p className={styles.vertical}>{t(`story.verticals.${data.vertical}`)}</p>
        <h1 className={styles.title} tabIndex={-1}>{data.title}</h1>
        <p className={styles.meta}>
          <time dateTime={data.date}>{t('story.published', { date })}</time>
          {data.author ? <span className={styles.author}>{data.author}</span> : null}
        </p>
        <p className={styles.excerpt}>{data.excerpt}</p>
      </header>
      {data.image ? (
        <img
          className={styles.hero}
          src={data.image.src}
          srcSet={data.image.srcSet}
          sizes="(min-width: 50rem) 46rem, 100vw"
          width={data.image.width}
          height={data.image.height}
          alt={data.image.alt}
          fetchPriority="high"
          decoding="async"
        />
      ) : null}
      <div className={styles.body}>
        {data.body.map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
      {data.tags.length > 0 ? (
        <section className={styles.tags} aria-label={t('story.tags')}>
          <ul>
            {data.tags.map((tag) => (
              <li key={tag.href}>
                <a href={tag.href}>{tag.label}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <aside className={styles.newsletter} aria-label={t('story.newsletterHeading')}>
        <Widget id="mf-forms/NewsletterSignup" instance="story" />
      </aside>
      <Widget id="mf-forms/SurveyPopup" instance="story" props={{ surveyId: 'survey-site-experience', delayMs: 30_000, scrollRatio: 0.6 }} />
    </article>
  );
}
