import { useState, type ChangeEvent, type FormEvent, type ReactElement } from 'react';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import { routes } from '../routes';
import { revealMark } from '@qf/shared/contracts';
import type { TechnologiesData } from './technology-data';
import { FIELDS, STATUSES, filterTechnologies, technologyFilterQuery, type Field, type Status, type TechnologyFilter } from './technology-filter';
import styles from './Database.module.css';

/**
 * The technology database filtered by field and status: a GET form that works without JavaScript; once
 * hydrated, a change filters in place and writes the query into the address, so the list can be shared.
 */
export function Technologies({ data }: ViewComponentProps<TechnologiesData>): ReactElement {
  const t = useT();
  const lang = useLang();
  const [filter, setFilter] = useState<TechnologyFilter>(data.filter);
  const [shown, setShown] = useState(data);
  // New page data (a link to another filter) resets the form to that filter.
  if (shown !== data) {
    setShown(data);
    setFilter(data.filter);
  }
  const action = routes.href(lang, 'technologies');
  const items = filterTechnologies(data.technologies, filter);
  const apply = (next: TechnologyFilter) => {
    setFilter(next);
    window.history.replaceState(window.history.state, '', `${action}${technologyFilterQuery(next)}`);
  };
  const onField = (e: ChangeEvent<HTMLSelectElement>) => apply({ ...filter, field: (e.target.value || undefined) as Field | undefined });
  const onStatus = (e: ChangeEvent<HTMLSelectElement>) => apply({ ...filter, status: (e.target.value || undefined) as Status | undefined });
  const onSubmit = (e: FormEvent<HTMLFormElement>) => e.preventDefault();
  const invalid = filter === data.filter ? data.invalid : [];

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 tabIndex={-1}>{t('database.title')}</h1>
        <p className={styles.intro}>{t('database.intro')}</p>
      </header>
      <form method="get" action={action} className={styles.filters} aria-label={t('database.filters')} onSubmit={onSubmit}>
        <div className={styles.field}>
          <label htmlFor="technology-field">{t('database.field')}</label>
          <select id="technology-field" name="field" value={filter.field ?? ''} onChange={onField}>
            <option value="">{t('database.any')}</option>
            {FIELDS.map((f) => (
              <option key={f} value={f}>
                {t(`database.fields.${f}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="technology-status">{t('database.status')}</label>
          <select id="technology-status" name="status" value={filter.status ?? ''} onChange={onStatus}>
            <option value="">{t('database.any')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`database.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.actions}>
          <button type="submit">{t('database.apply')}</button>
          {filter.field || filter.status ? (
            <a
              href={action}
              onClick={(e) => {
                e.preventDefault();
                apply({});
              }}
            >
              {t('database.clear')}
            </a>
          ) : null}
        </div>
      </form>
      {invalid.map((key) => (
        <p key={key} className={styles.notice}>
          {t(`database.invalid.${key}`)}
        </p>
      ))}
      <p role="status" className={styles.count}>
        {t('database.count', { count: items.length })}
      </p>
      {items.length === 0 ? <p>{t('database.none')}</p> : null}
      <ul className={styles.grid}>
        {items.map((tech) => (
          <li key={tech.href} {...revealMark}>
            <h2 className={styles.itemTitle}>
              <a href={tech.href}>{tech.title}</a>
            </h2>
            <p className={styles.meta}>
              {t(`database.fields.${tech.field}`)} · {t(`database.statuses.${tech.status}`)} · {t('database.readiness', { level: tech.readinessLevel })}
            </p>
            <p>{tech.summary}</p>
            {tech.entity ? <p className={styles.meta}>{tech.entity}</p> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
