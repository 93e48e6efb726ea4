import type { ReactElement } from 'react';
import { useLang, useT, Widget, type ViewComponentProps } from '@qf/shared/react';
import { localePath } from '@qf/shared/routing';
import { routes } from '../routes';
import { Countdown } from './Countdown';
import { EventSection } from './EventsList';
import { formatDate, formatTime, locale } from './EventTime';
import type { SeriesPageData, SeriesSession } from './series-page-data';
import { ZoneTimes } from './ZoneTimes';
import styles from './SeriesPage.module.css';

/** The speakers of a session, on its card: each name links to the speaker's page, joined as the language joins a list. */
function Speakers({ session }: { session: SeriesSession }): ReactElement | null {
  const t = useT();
  const lang = useLang();
  if (!session.speakers.length) return null;
  // Intl.ListFormat places the separators ("A, B and C", "أ وب وج"); each name is then its link.
  const parts = new Intl.ListFormat(locale(lang), { type: 'conjunction' }).formatToParts(session.speakers.map((s) => s.name));
  let i = 0;
  return (
    // The separators come from Intl: the browser's ICU may word them slightly differently.
    <p className={styles.speakers} suppressHydrationWarning>
      {t('series.speakers')}{' '}
      {parts.map((part, k) => {
        if (part.type !== 'element') return <span key={k} suppressHydrationWarning>{part.value}</span>;
        const speaker = session.speakers[i++]!;
        return (
          <a key={k} href={localePath(lang, speaker.path)}>
            {speaker.name}
          </a>
        );
      })}
    </p>
  );
}

const speakersOf = (session: SeriesSession) => <Speakers session={session} />;

/** The speaker-series overview (SPEC template "speaker-series overview"): the series, a countdown to its next session, its sessions and the question form. */
export function SeriesPage({ data }: ViewComponentProps<SeriesPageData>): ReactElement {
  const t = useT();
  const lang = useLang();
  const { next } = data;
  return (
    <article className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title} tabIndex={-1}>
          {data.title}
        </h1>
        {data.image ? (
          <img className={styles.hero} src={data.image.src} srcSet={data.image.srcSet} sizes="(min-width: 56rem) 52rem, 100vw" width={data.image.width} height={data.image.height} alt={data.image.alt} fetchPriority="high" decoding="async" />
        ) : null}
        <p className={styles.description}>{data.description}</p>
      </header>
      <section className={styles.next} aria-labelledby="series-next">
        <h2 id="series-next" className={styles.sectionTitle}>
          {t('series.next.heading')}
        </h2>
        {next ? (
          <>
            <h3 className={styles.nextTitle}>
              <a href={routes.href(lang, 'event', { slug: next.slug })}>{next.title}</a>
            </h3>
            <p className={styles.startsOn} suppressHydrationWarning>
              {t('series.next.startsOn', { title: next.title, date: formatDate(lang, next.startDate), time: formatTime(lang, next.startDate) })}
            </p>
            <Countdown start={next.startDate} serverNow={data.now} title={next.title} />
            <h3 className={styles.zonesTitle}>{t('series.zones.heading')}</h3>
            <ZoneTimes start={next.startDate} className={styles.zones} rowClassName={styles.zoneRow} />
          </>
        ) : (
          <p className={styles.none}>{t('series.next.none')}</p>
        )}
      </section>
      <EventSection details={speakersOf} id="series-upcoming" heading={t('series.upcoming')} empty={t('series.noUpcoming')} events={data.upcoming} />
      <EventSection details={speakersOf} id="series-past" heading={t('series.past')} empty={t('series.noPast')} events={data.past} />
      {/* The series' questions live here: the visitor chooses a session still to come, or the whole series. */}
      <Widget id="mf-forms/EcssQuestion" instance="ecss" props={{ seriesId: data.id, sessions: data.upcoming.map((s) => ({ id: s.id, title: s.title })) }} />
      <p className={styles.back}>
        <a href={localePath(lang, data.speakersPath)}>{t('series.allSpeakers')}</a>
        <a href={routes.href(lang, 'events')}>{t('series.allEvents')}</a>
      </p>
    </article>
  );
}
