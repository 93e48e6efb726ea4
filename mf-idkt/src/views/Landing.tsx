import { useId, type ReactElement } from 'react';
import { useLang, useT, Widget, type ViewComponentProps } from '@qf/shared/react';
import { localePath } from '@qf/shared/routing';
import { routes } from '../routes';
import { revealMark } from '@qf/shared/contracts';
import type { LandingData } from './landing-data';
import styles from './Landing.module.css';

export function Landing({ data }: ViewComponentProps<LandingData>): ReactElement {
  const t = useT();
  const lang = useLang();
  const technologiesHeadingId = useId();
  return (
    <div className={styles.landing}>
      <header className={styles.hero}>
        <h1 className={styles.title} tabIndex={-1}>
          {data.title}
        </h1>
        <p className={styles.intro}>{data.intro}</p>
      </header>

      {data.stats.length > 0 ? (
        <section className={styles.stats} aria-label={t('landing.statsLabel')}>
          <dl className={styles.statList}>
            {data.stats.map((stat) => (
              <div key={stat.label} className={styles.stat}>
                <dt className={styles.statLabel}>{stat.label}</dt>
                <dd className={styles.statValue}>{stat.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      <section className={styles.audiences} aria-label={t('landing.audiencesLabel')}>
        <ul className={styles.cards}>
          {data.sections.map((section) => (
            <li key={section.link} className={styles.card} {...revealMark}>
              <h2 className={styles.cardHeading}>{section.heading}</h2>
              <p className={styles.cardBody}>{section.body}</p>
              {/* The visible text starts the accessible name, which adds the audience (WCAG 2.5.3). */}
              <a className={styles.cardLink} href={localePath(lang, section.link)} aria-label={t('landing.learnMoreAbout', { heading: section.heading })}>
                {t('landing.learnMore')}
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.technologies} aria-labelledby={technologiesHeadingId}>
        <h2 id={technologiesHeadingId} className={styles.technologiesHeading}>
          {t('landing.technologies.heading')}
        </h2>
        <p className={styles.technologiesBody}>{t('landing.technologies.body')}</p>
        <a className={styles.technologiesLink} href={routes.href(lang, 'technologies')}>
          {t('landing.technologies.link')}
        </a>
      </section>

      <aside className={styles.newsletter} aria-label={t('landing.newsletterLabel')}>
        <Widget id="mf-forms/NewsletterSignup" instance="idkt" props={{ list: 'idkt-quarterly' }} />
      </aside>
    </div>
  );
}
