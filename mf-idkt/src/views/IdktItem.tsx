import type { ReactElement } from 'react';
import { useT, type ViewComponentProps } from '@qf/shared/react';
import type { IdktItemData } from './technology-data';
import styles from './Database.module.css';

/** A technology of the database or a document of the info bank. */
export function IdktItem({ data }: ViewComponentProps<IdktItemData>): ReactElement {
  const t = useT();
  return (
    <article className={`${styles.page} ${styles.narrow}`}>
      <header className={styles.header}>
        <h1 tabIndex={-1}>{data.title}</h1>
        <p className={styles.intro}>{data.summary}</p>
      </header>
      <section aria-labelledby="idkt-item-facts">
        <h2 id="idkt-item-facts">{t('database.facts.heading')}</h2>
        <dl className={styles.facts}>
          {data.facts.map((f) => (
            <div key={f.key}>
              <dt>{t(`database.facts.${f.key}`)}</dt>
              <dd>{f.href ? <a href={f.href}>{f.value}</a> : f.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {data.body.map((p, i) => (
        <p key={i} className={styles.paragraph}>
          {p}
        </p>
      ))}
      <ul className={styles.links}>
        {data.licensing ? (
          <li>
            <a href={data.licensing}>{t('database.licensing')}</a>
          </li>
        ) : null}
        <li>
          <a href={data.list}>{data.kind === 'technology' ? t('database.all') : t('infoBank.all')}</a>
        </li>
      </ul>
    </article>
  );
}
