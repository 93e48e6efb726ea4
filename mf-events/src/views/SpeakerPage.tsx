import type { ReactElement } from 'react';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import { localePath } from '@qf/shared/routing';
import { EventSection } from './EventsList';
import type { SpeakerPageData } from './speakers-data';
import styles from './Speakers.module.css';

/** One speaker of the series: name, role, portrait, biography and the sessions they speak at. */
export function SpeakerPage({ data }: ViewComponentProps<SpeakerPageData>): ReactElement {
  const t = useT();
  const lang = useLang();
  return (
    <article className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title} tabIndex={-1}>
          {data.name}
        </h1>
        {data.role ? <p className={styles.role}>{data.role}</p> : null}
        <p className={styles.partOf}>
          {t('speakers.partOf', { title: data.seriesTitle })} <a href={localePath(lang, data.seriesPath)}>{t('speakers.seriesLink')}</a>
        </p>
      </header>
      {data.image ? <img className={styles.portrait} src={data.image.src} srcSet={data.image.srcSet} sizes="(min-width: 56rem) 52rem, 100vw" width={data.image.width} height={data.image.height} alt={data.image.alt} decoding="async" /> : null}
      <p className={styles.bio}>{data.bio}</p>
      <EventSection id="speaker-sessions" heading={t('speakers.sessions')} empty={t('speakers.noSessions')} events={data.sessions} />
      <p className={styles.back}>
        <a href={localePath(lang, data.listPath)}>{t('speakers.allSpeakers')}</a>
      </p>
    </article>
  );
}
