import type { ReactElement } from 'react';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import { revealMark } from '@qf/shared/contracts';
import type { ExpertsListData } from './experts-list-data';
import { expertPath } from './paths';
import styles from './ExpertsList.module.css';

export function ExpertsList({ data }: ViewComponentProps<ExpertsListData>): ReactElement {
  const t = useT();
  const lang = useLang();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title} tabIndex={-1}>
          {t('experts.title')}
        </h1>
        <p className={styles.intro}>{t('experts.intro')}</p>
      </header>
      {data.experts.length > 0 ? (
        <ul className={styles.list} aria-label={t('experts.listLabel')}>
          {data.experts.map((expert) => (
            <li key={expert.slug} {...revealMark}>
              <article className={styles.card}>
                <h2 className={styles.name}>
                  <a href={expertPath(lang, expert.slug)}>{expert.name}</a>
                </h2>
                <p className={styles.role}>{expert.role}</p>
                <p className={styles.affiliation}>{expert.affiliation}</p>
                {expert.expertise.length > 0 ? (
                  <ul className={styles.tags} aria-label={t('experts.expertiseLabel', { name: expert.name })}>
                    {expert.expertise.map((topic) => (
                      <li key={topic}>{topic}</li>
                    ))}
                  </ul>
                ) : null}
              </article>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>{t('experts.empty')}</p>
      )}
    </div>
  );
}
