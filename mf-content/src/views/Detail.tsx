import type { ReactElement } from 'react';
import { localDigitsIn } from '@qf/shared/i18n';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import type { DetailData } from './directory-data';
import styles from './Directory.module.css';

/** Detail pages of the directory: place, programme, school, university and person (one chunk for all five). */
export function Detail({ data }: ViewComponentProps<DetailData>): ReactElement {
  const t = useT();
  // Facts and addresses are typed with Western digits: an Arabic page writes them as its dates (SPEC).
  const lang = useLang();
  const contact = data.contact && (data.contact.phone || data.contact.email || data.contact.website) ? data.contact : undefined;
  return (
    <article className={styles.page} data-kind={data.kind}>
      <header className={styles.header}>
        <h1 tabIndex={-1}>{data.title}</h1>
        {data.subtitle ? <p className={styles.subtitle}>{data.subtitle}</p> : null}
      </header>
      {data.image ? (
        <img
          className={data.kind === 'school' || data.kind === 'university' ? styles.logo : styles.hero}
          src={data.image.src}
          srcSet={data.image.srcSet}
          sizes="(min-width: 56rem) 52rem, 100vw"
          width={data.image.width}
          height={data.image.height}
          alt={data.image.alt}
          fetchPriority="high"
          decoding="async"
        />
      ) : null}
      {data.paragraphs.map((p, i) => (
        <p key={i} className={styles.paragraph}>
          {p}
        </p>
      ))}
      {data.facts.length > 0 || data.address ? (
        <section aria-labelledby="detail-facts" className={styles.section}>
          <h2 id="detail-facts">{t('directory.facts.heading')}</h2>
          <dl className={styles.facts}>
            {data.facts.map((f) => (
              <div key={f.key}>
                <dt>{t(`directory.facts.${f.key}`)}</dt>
                <dd>{f.href ? <a href={f.href}>{localDigitsIn(lang, f.value)}</a> : localDigitsIn(lang, f.value)}</dd>
              </div>
            ))}
            {data.address ? (
              <div>
                <dt>{t('directory.address')}</dt>
                <dd>
                  <address className={styles.address}>{localDigitsIn(lang, data.address.text)}</address>
                  <a className={styles.directions} href={data.address.directions} target="_blank" rel="noopener noreferrer">
                    {t('directory.directions', { name: data.title })} <span className={styles.hint}>{t('directory.opensInNewTab')}</span>
                  </a>
                </dd>
              </div>
            ) : null}
          </dl>
        </section>
      ) : null}
      {data.admission ? (
        <>
          <section aria-labelledby="detail-admission" className={styles.section}>
            <h2 id="detail-admission">{t('directory.admission.requirements')}</h2>
            <ul className={styles.requirements}>
              {data.admission.requirements.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="detail-apply" className={styles.section}>
            <h2 id="detail-apply">{t('directory.admission.howToApply')}</h2>
            <p className={styles.paragraph}>{data.admission.howToApply}</p>
            {data.admission.provider ? (
              <p>
                <a href={data.admission.provider.href}>{t('directory.admission.provider', { provider: data.admission.provider.title })}</a>
              </p>
            ) : null}
          </section>
        </>
      ) : null}
      {contact ? (
        <section aria-labelledby="detail-contact" className={styles.section}>
          <h2 id="detail-contact">{t('directory.contact')}</h2>
          <ul className={styles.plain}>
            {contact.phone ? (
              <li>
                {t('directory.phone')}:{' '}
                <a href={`tel:${contact.phone.replace(/\s+/g, '')}`} dir="ltr">
                  {contact.phone}
                </a>
              </li>
            ) : null}
            {contact.email ? (
              <li>
                {t('directory.email')}: <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </li>
            ) : null}
            {contact.website ? (
              <li>
                {t('directory.website')}:{' '}
                <a href={contact.website} rel="noopener" dir="ltr">
                  {contact.website}
                </a>
              </li>
            ) : null}
          </ul>
        </section>
      ) : null}
      {data.related.map((r) => (
        <section key={r.key} aria-labelledby={`detail-related-${r.key}`} className={styles.section}>
          <h2 id={`detail-related-${r.key}`}>{t(`directory.related.${r.key}`)}</h2>
          <ul className={styles.links}>
            {r.items.map((item) => (
              <li key={item.href}>
                <a href={item.href}>{item.title}</a>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <p className={styles.back}>
        <a href={data.back.href}>{t(`directory.back.${data.back.key}`)}</a>
      </p>
    </article>
  );
}
