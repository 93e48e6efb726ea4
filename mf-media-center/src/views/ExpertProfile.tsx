import { useId, type ReactElement, type ReactNode } from 'react';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import type { ExpertProfileData } from './expert-profile-data';
import { expertsListPath, interviewMailto } from './paths';
import styles from './ExpertProfile.module.css';

function ProfileSection({ heading, children }: { heading: string; children: ReactNode }): ReactElement {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {heading}
      </h2>
      {children}
    </section>
  );
}

function Items({ items, className }: { items: readonly string[]; className: string | undefined }): ReactElement {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export function ExpertProfile({ data }: ViewComponentProps<ExpertProfileData>): ReactElement {
  const t = useT();
  const lang = useLang();
  const mailto = interviewMailto(data.email, t('expert.interviewSubject', { name: data.name }));
  return (
    <article className={styles.profile}>
      <p className={styles.back}>
        <a href={expertsListPath(lang)}>{t('expert.allExperts')}</a>
      </p>
      <header className={styles.header}>
        <h1 className={styles.name} tabIndex={-1}>
          {data.name}
        </h1>
        <p className={styles.role}>{data.role}</p>
        <p className={styles.affiliation}>{data.affiliation}</p>
        <div className={styles.booking}>
          <a className={styles.bookButton} href={mailto}>
            {t('expert.bookInterview')}
          </a>
          <p className={styles.bookHint}>{t('expert.bookHint', { name: data.name })}</p>
        </div>
      </header>
      {data.expertise.length > 0 ? (
        <ProfileSection heading={t('expert.expertise')}>
          <Items items={data.expertise} className={styles.tags} />
        </ProfileSection>
      ) : null}
      {data.languages.length > 0 ? (
        <ProfileSection heading={t('expert.languages')}>
          <Items items={data.languages} className={styles.inline} />
        </ProfileSection>
      ) : null}
      {data.bio.length > 0 ? (
        <ProfileSection heading={t('expert.biography')}>
          <div className={styles.bio}>
            {data.bio.map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
        </ProfileSection>
      ) : null}
      {data.publications.length > 0 ? (
        <ProfileSection heading={t('expert.publications')}>
          <Items items={data.publications} className={styles.entries} />
        </ProfileSection>
      ) : null}
      {data.projects.length > 0 ? (
        <ProfileSection heading={t('expert.projects')}>
          <Items items={data.projects} className={styles.entries} />
        </ProfileSection>
      ) : null}
    </article>
  );
}
