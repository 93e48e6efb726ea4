import type { ReactElement } from 'react';
import { formatDate } from '@qf/shared/dates';
import { useLang, useT, Widget, type ViewComponentProps } from '@qf/shared/react';
import { revealMark } from '@qf/shared/contracts';
import type { HomeData } from './home-data';
import styles from './Home.module.css';

export function Home({ data }: ViewComponentProps<HomeData>): ReactElement {
  const t = useT();
  const lang = useLang();
  return (
    <div className={styles.home}>
      <header className={styles.hero}>
        <h1 tabIndex={-1}>{t('home.title')}</h1>
        <p>{t('home.intro')}</p>
      </header>
      <section aria-labelledby="home-areas" className={styles.areas}>
        <h2 id="home-areas">{t('home.areas')}</h2>
        <ul>
          {data.areas.map((a) => (
            <li key={a.vertical} data-vertical={a.vertical}>
              <a href={a.href}>{t(`story.verticals.${a.vertical}`)}</a>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="home-latest">
        <h2 id="home-latest">{t('home.latest')}</h2>
        <ul className={styles.cards}>
          {data.stories.map((s, i) => (
            <li key={s.href} className={styles.card} data-vertical={s.vertical} {...revealMark}>
              {s.image ? <img src={s.image.src} srcSet={s.image.srcSet} sizes="(min-width: 60rem) 24rem, 100vw" width={s.image.width} height={s.image.height} alt="" loading={i < 3 ? 'eager' : 'lazy'} decoding="async" /> : null}
              <p className={styles.meta}>
                <span>{t(`story.verticals.${s.vertical}`)}</span> · <time dateTime={s.date}>{formatDate(lang, s.date, 'short')}</time>
              </p>
              <h3>
                <a href={s.href}>{s.title}</a>
              </h3>
              <p>{s.excerpt}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="home-explore" className={styles.explore}>
        <h2 id="home-explore">{t('home.explore')}</h2>
        <ul>
          {data.audiences.map((a) => (
            <li key={a.href}>
              <a href={a.href}>{a.title}</a>
            </li>
          ))}
        </ul>
      </section>
      <aside aria-label={t('story.newsletterHeading')} className={styles.newsletter}>
        <Widget id="mf-forms/NewsletterSignup" instance="home" />
        <Widget id="mf-forms/PushNotifications" instance="home" />
      </aside>
      <Widget id="mf-forms/BrandSurveyPrompt" instance="home" props={{ surveyId: 'survey-brand' }} />
    </div>
  );
}
