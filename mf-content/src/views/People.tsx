import type { ReactElement } from 'react';
import { useT, type ViewComponentProps } from '@qf/shared/react';
import { revealMark } from '@qf/shared/contracts';
import type { PeopleListData } from './list-data';
import styles from './Directory.module.css';

/** `/people`: the foundation's people, each linked to their profile and to the entity they work for. */
export function People({ data }: ViewComponentProps<PeopleListData>): ReactElement {
  const t = useT();
  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <header>
        <h1 tabIndex={-1}>{t('peopleList.title')}</h1>
        <p className={styles.subtitle}>{t('peopleList.intro')}</p>
      </header>
      <p className={styles.count}>{t('peopleList.count', { count: data.people.length })}</p>
      <ul className={styles.grid}>
        {data.people.map((p) => (
          <li key={p.href} className={styles.listItem} {...revealMark}>
            {p.image ? <img src={p.image.src} srcSet={p.image.srcSet} sizes="6rem" width={p.image.width} height={p.image.height} alt="" loading="lazy" decoding="async" /> : null}
            <a href={p.href}>{p.title}</a>
            <p className={styles.meta}>{p.role}</p>
            {p.entity ? (
              <p>
                <a href={p.entity.href}>{t('peopleList.at', { entity: p.entity.title })}</a>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
