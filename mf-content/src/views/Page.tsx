import type { ReactElement } from 'react';
import { useLang, useT, Widget, type ViewComponentProps } from '@qf/shared/react';
import { localePath } from '@qf/shared/routing';
import type { PageData } from './page-data';
import styles from './Page.module.css';

export function Page({ data }: ViewComponentProps<PageData>): ReactElement {
  const t = useT();
  const lang = useLang();
  return (
    <article className={styles.page}>
      <header>
        <h1 tabIndex={-1}>{data.title}</h1>
        <p className={styles.intro}>{data.intro}</p>
      </header>
      {data.image ? (
        <img className={styles.hero} src={data.image.src} srcSet={data.image.srcSet} sizes="(min-width: 56rem) 52rem, 100vw" width={data.image.width} height={data.image.height} alt={data.image.alt} fetchPriority="high" decoding="async" />
      ) : null}
      {data.paragraphs.map((p, i) => (
        <p key={i} className={styles.paragraph}>
          {p}
        </p>
      ))}
      {data.stats.length > 0 ? (
        <section aria-labelledby="page-facts">
          <h2 id="page-facts">{t('page.facts')}</h2>
          <dl className={styles.stats}>
            {data.stats.map((s) => (
              <div key={s.label}>
                <dt>{s.label}</dt>
                <dd>{s.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {data.sections.map((s, i) => (
        <section key={i} className={styles.section} aria-labelledby={`page-section-${i + 1}`} id={`section-${i + 1}`}>
          <h2 id={`page-section-${i + 1}`}>{s.heading}</h2>
          <p>{s.body}</p>
          {s.link ? (
            <p>
              <a href={localePath(lang, s.link)}>{t('page.learnMore', { heading: s.heading })}</a>
            </p>
          ) : null}
        </section>
      ))}
      {data.contact ? (
        <section aria-labelledby="page-contact" className={styles.section}>
          <h2 id="page-contact">{t('page.contact')}</h2>
          <ul className={styles.contact}>
            {data.contact.phone ? (
              <li>
                {t('page.phone')}: <a href={`tel:${data.contact.phone.replace(/\s+/g, '')}`} dir="ltr">{data.contact.phone}</a>
              </li>
            ) : null}
            {data.contact.email ? (
              <li>
                {t('page.email')}: <a href={`mailto:${data.contact.email}`}>{data.contact.email}</a>
              </li>
            ) : null}
            {data.contact.website ? (
              <li>
                {t('page.website')}: <a href={data.contact.website} rel="noopener">{data.contact.website}</a>
              </li>
            ) : null}
          </ul>
        </section>
      ) : null}
      {data.address ? (
        <section aria-labelledby="page-address" className={styles.section}>
          <h2 id="page-address">{t('page.address')}</h2>
          <address className={styles.address}>{data.address.text}</address>
          <p>
            <a href={data.address.directions} target="_blank" rel="noopener noreferrer">
              {t('directory.directions', { name: data.title })} <span className={styles.hint}>{t('directory.opensInNewTab')}</span>
            </a>
          </p>
        </section>
      ) : null}
      {data.people.length > 0 ? (
        <section aria-labelledby="page-people" className={styles.section}>
          <h2 id="page-people">{t('page.people')}</h2>
          <ul className={styles.people}>
            {data.people.map((p) => (
              <li key={p.href}>
                <a href={p.href}>{p.name}</a>
                <span className={styles.role}>{p.role}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {data.more ? (
        <p className={styles.section}>
          <a href={data.more.href}>{t('page.more', { name: data.more.title })}</a>
        </p>
      ) : null}
      {data.form ? <Widget id={`mf-forms/${data.form.widget}`} instance="page" props={data.form.props} /> : null}
    </article>
  );
}
