import type { ReactElement } from 'react';
import { useLang, useT, Widget, type ViewComponentProps } from '@qf/shared/react';
import { localePath } from '@qf/shared/routing';
import { routes } from '../routes';
import type { SubpageData } from './subpage-data';
import styles from './Subpage.module.css';

/** IDKT pages; sections carry the #section-1, #section-2 and #section-3 anchors of SPEC §2. */
export function Subpage({ data }: ViewComponentProps<SubpageData>): ReactElement {
  const t = useT();
  const lang = useLang();
  return (
    <article className={styles.subpage}>
      <p className={styles.back}>
        <a href={routes.href(lang, 'landing')}>{t('subpage.home')}</a>
      </p>
      <h1 tabIndex={-1}>{data.title}</h1>
      <p className={styles.intro}>{data.intro}</p>
      {data.image ? <img className={styles.hero} src={data.image.src} srcSet={data.image.srcSet} sizes="(min-width: 56rem) 52rem, 100vw" width={data.image.width} height={data.image.height} alt={data.image.alt} decoding="async" /> : null}
      {data.sections.map((s, i) => (
        <section key={i} id={`section-${i + 1}`} aria-labelledby={`idkt-section-${i + 1}`} className={styles.section}>
          <h2 id={`idkt-section-${i + 1}`}>{s.heading}</h2>
          <p>{s.body}</p>
          {s.link ? (
            <p>
              <a href={localePath(lang, s.link)}>{t('landing.learnMoreAbout', { heading: s.heading })}</a>
            </p>
          ) : null}
        </section>
      ))}
      {data.newsletter ? (
        <aside aria-label={t('landing.newsletterLabel')} className={styles.widgets}>
          <Widget id="mf-forms/NewsletterSignup" instance="idkt-newsletter" props={{ list: 'idkt-quarterly' }} />
          <Widget id="mf-forms/PushNotifications" instance="idkt-newsletter" />
        </aside>
      ) : null}
    </article>
  );
}
