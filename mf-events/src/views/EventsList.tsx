import type { ReactElement, ReactNode } from 'react';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import { localePath } from '@qf/shared/routing';
import type { EventCard, EventsListData } from './events-list-data';
import { DateRange, TimeRange } from './EventTime';
import styles from './EventsList.module.css';

/** An event as a card: title (its page's link), dates, times, how to attend, where, `children`, summary. */
export function EventCardItem({ event, children }: { event: EventCard; children?: ReactNode }): ReactElement {
  const t = useT();
  const lang = useLang();
  return (
    <li className={styles.card} data-attendance={event.attendance}>
      <article>
        <h3 className={styles.cardTitle}>
          <a href={localePath(lang, `/events/${event.slug}`)}>{event.title}</a>
        </h3>
        <p className={styles.when}>
          <DateRange start={event.startDate} end={event.endDate} dateStyle="long" />
        </p>
        <p className={styles.when}>
          <TimeRange start={event.startDate} end={event.endDate} zoneClassName={styles.zone} />
        </p>
        <p className={styles.meta}>
          <span className={styles.mode}>{t(`common.attendance.${event.attendance}`)}</span>
          <span className={styles.location}>{event.location}</span>
        </p>
        {children}
        <p className={styles.summary}>{event.summary}</p>
      </article>
    </li>
  );
}

/** A titled list of event cards, or `empty` when there is none; `details` adds lines to each card. */
export function EventSection<T extends EventCard>({ id, heading, empty, events, details }: { id: string; heading: string; empty: string; events: readonly T[]; details?: (event: T) => ReactNode }): ReactElement {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {heading}
      </h2>
      {events.length > 0 ? (
        <ul className={styles.cards}>
          {events.map((event) => (
            <EventCardItem key={event.slug} event={event}>
              {details?.(event)}
            </EventCardItem>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>{empty}</p>
      )}
    </section>
  );
}

export function EventsList({ data }: ViewComponentProps<EventsListData>): ReactElement {
  const t = useT();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title} tabIndex={-1}>
          {t('list.title')}
        </h1>
        <p className={styles.intro}>{t('list.intro')}</p>
      </header>
      <EventSection id="events-upcoming" heading={t('list.upcoming')} empty={t('list.noUpcoming')} events={data.upcoming} />
      <EventSection id="events-past" heading={t('list.past')} empty={t('list.noPast')} events={data.past} />
    </div>
  );
}
