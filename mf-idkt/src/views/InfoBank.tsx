import type { ReactElement } from 'react';
import { useT, type ViewComponentProps } from '@qf/shared/react';
import type { InfoBankData } from './technology-data';
import styles from './Database.module.css';

/** The info bank: its documents grouped by type. */
export function InfoBank({ data }: ViewComponentProps<InfoBankData>): ReactElement {
  const t = useT();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 tabIndex={-1}>{t('infoBank.title')}</h1>
        <p className={styles.intro}>{t('infoBank.intro')}</p>
      </header>
      {data.groups.map((g) => (
        <section key={g.docType} aria-labelledby={`info-bank-${g.docType}`} className={styles.section}>
          <h2 id={`info-bank-${g.docType}`}>{t(`infoBank.types.${g.docType}`)}</h2>
          <ul className={styles.grid}>
            {g.items.map((item) => (
              <li key={item.href}>
                <h3 className={styles.itemTitle}>
                  <a href={item.href}>{item.title}</a>
                </h3>
                <p>{item.summary}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
