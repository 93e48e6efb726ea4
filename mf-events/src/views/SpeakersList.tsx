import type { ReactElement } from 'react';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import { localePath } from '@qf/shared/routing';
import { revealMark } from '@qf/shared/contracts';
import type { SpeakersListData } from './speakers-data';
import styles from './Speakers.module.css';

/** SPEC §2 "speaker-series tag items": the series' speakers, each linking to their own page. */
export function SpeakersList({ data }: ViewComponentProps<SpeakersListData>): ReactElement {
  const t = useT();
  const lang = useLang();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title} tabIndex={-1}>
          {t('speakers.title')}
        </h1>
        <p className={styles.intro}>{t('speakers.intro')}</p>
        <p className={styles.partOf}>
          {t('speakers.partOf', { title: data.seriesTitle })} <a href={localePath(lang, data.seriesPath)}>{t('speakers.seriesLink')}</a>
        </p>
      </header>
      {data.speakers.length > 0 ? (
        <ul className={styles.cards}>
          {data.speakers.map((s) => (
            <li key={s.slug} className={styles.card} {...revealMark}>
              <article>
                {/* The name next to it says who it is: the portrait is decorative here (named on the speaker's page). */}
                {s.image ? <img className={styles.cardImage} src={s.image.src} srcSet={s.image.srcSet} sizes="(min-width: 40rem) 20rem, 100vw" width={s.image.width} height={s.image.height} alt="" loading="lazy" decoding="async" /> : null}
                <div className={styles.cardBody}>
                  <h2 className={styles.cardTitle}>
                    <a href={localePath(lang, s.path)}>{s.name}</a>
                  </h2>
                  <p className={styles.cardRole}>{s.role}</p>
                  <p className={styles.cardBio}>{s.bio}</p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>{t('speakers.none')}</p>
      )}
    </div>
  );
}
