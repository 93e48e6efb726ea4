import { useState, type ChangeEvent, type FormEvent, type ReactElement } from 'react';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import { revealMark } from '@qf/shared/contracts';
import { DEGREES, filterPrograms, programFilterQuery, type Degree, type ProgramFilter } from './program-filter';
import type { ProgramListData } from './program-list-data';
import styles from './Directory.module.css';
import { routes } from '../routes';

/**
 * The programme list filtered by school and degree. The filter is a GET form, so it works before (and
 * without) JavaScript; once hydrated, a change filters in place and writes the query into the address,
 * so the filtered list can be shared.
 */
export function ProgramList({ data }: ViewComponentProps<ProgramListData>): ReactElement {
  const t = useT();
  const lang = useLang();
  const [filter, setFilter] = useState<ProgramFilter>(data.filter);
  const [shown, setShown] = useState(data);
  // New page data (a link to another filter) resets the form to that filter.
  if (shown !== data) {
    setShown(data);
    setFilter(data.filter);
  }
  const action = routes.href(lang, 'programs');
  const programs = filterPrograms(data.programs, filter);

  const apply = (next: ProgramFilter) => {
    setFilter(next);
    window.history.replaceState(window.history.state, '', `${action}${programFilterQuery(next)}`);
  };
  const onSchool = (e: ChangeEvent<HTMLSelectElement>) => apply({ ...filter, school: e.target.value || undefined });
  const onDegree = (e: ChangeEvent<HTMLSelectElement>) => apply({ ...filter, degree: (e.target.value || undefined) as Degree | undefined });
  const onSubmit = (e: FormEvent<HTMLFormElement>) => e.preventDefault();
  // Notices about a bad query stay until the visitor picks another filter.
  const invalid = filter === data.filter ? data.invalid : [];

  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <header className={styles.header}>
        <h1 tabIndex={-1}>{t('programs.title')}</h1>
        <p className={styles.subtitle}>{t('programs.description')}</p>
      </header>
      <form method="get" action={action} className={styles.filters} aria-label={t('programs.filters')} onSubmit={onSubmit}>
        <div className={styles.field}>
          <label htmlFor="program-school">{t('programs.school')}</label>
          <select id="program-school" name="school" value={filter.school ?? ''} onChange={onSchool}>
            <option value="">{t('programs.any')}</option>
            <optgroup label={t('programs.schools')}>
              {data.schools.map((s) => (
                <option key={s.slug} value={s.slug}>
                  {s.title}
                </option>
              ))}
            </optgroup>
            <optgroup label={t('programs.universities')}>
              {data.universities.map((s) => (
                <option key={s.slug} value={s.slug}>
                  {s.title}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="program-degree">{t('programs.degree')}</label>
          <select id="program-degree" name="degree" value={filter.degree ?? ''} onChange={onDegree}>
            <option value="">{t('programs.any')}</option>
            {DEGREES.map((d) => (
              <option key={d} value={d}>
                {t(`directory.degrees.${d}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.actions}>
          <button type="submit">{t('programs.apply')}</button>
          {filter.school || filter.degree ? <a
              href={action}
              onClick={(e) => {
                e.preventDefault();
                apply({});
              }}
            >{t('programs.clear')}</a> : null}
        </div>
      </form>
      {invalid.map((key) => (
        <p key={key} className={styles.notice}>
          {t(`programs.invalid.${key}`)}
        </p>
      ))}
      <p role="status" className={styles.count}>
        {t('programs.count', { count: programs.length })}
      </p>
      {programs.length === 0 ? <p>{t('programs.none')}</p> : null}
      <ul className={styles.grid}>
        {programs.map((p) => (
          <li key={p.href} {...revealMark}>
            <a href={p.href}>{p.title}</a>
            <p className={styles.meta}>
              {t(`directory.degrees.${p.degree}`)}
              {p.provider ? <> · {p.provider.title}</> : null}
            </p>
            <p className={styles.meta}>{p.department}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
