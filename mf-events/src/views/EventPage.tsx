import type { ReactElement } from 'react';
import { useLang, useT, Widget, type ViewComponentProps } from '@qf/shared/react';
import { localePath } from '@qf/shared/routing';
import { routes } from '../routes';
import { AddToCalendar } from './AddToCalendar';
import type { EventPageData } from './event-page-data';
import { DateRange, TimeRange } from './EventTime';
import styles from './EventPage.module.css';

type Status = 'ended' | 'registrationClosed' | 'registrationOpen';

/** Every seat taken (or mf-forms closed it) is closed too: the page never says open when no form is offered. */
const seatsGone = (data: EventPageData): boolean => Boolean(data.availability && (!data.availability.open || (!data.availability.online && !data.availability.inPerson)));
const statusOf = (data: EventPageData): Status => (data.past ? 'ended' : data.registrationOpen && !seatsGone(data) ? 'registrationOpen' : 'registrationClosed');

export function EventPage({ data }: ViewComponentProps<EventPageData>): ReactElement {
  const t = useT();
  const lang = useLang();
  const status = statusOf(data);
  return (
    <article className={styles.event} data-attendance={data.attendance}>
      <header className={styles.header}>
        <p className={styles.mode}>{t(`common.attendance.${data.attendance}`)}</p>
        <h1 className={styles.title} tabIndex={-1}>
          {data.title}
        </h1>
        <p className={styles.summary}>{data.summary}</p>
      </header>
      <section className={styles.details} aria-label={t('event.details')}>
        <dl className={styles.list}>
          <div className={styles.row}>
            <dt>{t('event.date')}</dt>
            <dd>
              <DateRange start={data.startDate} end={data.endDate} />
            </dd>
          </div>
          <div className={styles.row}>
            <dt>{t('event.time')}</dt>
            <dd>
              <TimeRange start={data.startDate} end={data.endDate} zoneClassName={styles.zone} />
            </dd>
          </div>
          <div className={styles.row}>
            <dt>{t('event.where')}</dt>
            <dd>{data.location}</dd>
          </div>
          <div className={styles.row}>
            <dt>{t('event.organizedBy')}</dt>
            <dd>{data.organizer}</dd>
          </div>
          {data.webinarLink ? (
            <div className={styles.row}>
              <dt>{t('event.webinarLink')}</dt>
              <dd>
                <a href={data.webinarLink} rel="noopener" target="_blank">
                  {t('event.joinSession')} <span className={styles.visuallyHidden}>{t('event.newTab')}</span>
                </a>
              </dd>
            </div>
          ) : null}
        </dl>
        <p className={styles.status} data-status={status}>
          {t(`event.${status}`)}
        </p>
      </section>
      <AddToCalendar event={data} />
      <div className={styles.body}>
        {data.body.map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
      {data.past ? null : (
        <Widget id="mf-forms/EventRegistration" instance="event" props={{ eventId: data.id, open: data.registrationOpen, attendance: data.attendance, ...(data.availability ? { availability: data.availability } : {}) }} />
      )}
      {/* A session of the speaker series: its page holds the countdown, every session and the question form. */}
      {data.series ? (
        <p className={styles.series}>
          {t('series.fromEvent.partOf', { title: data.series.title })} <a href={localePath(lang, data.series.path)}>{t('series.fromEvent.link')}</a>
        </p>
      ) : null}
      <p className={styles.back}>
        <a href={routes.href(lang, 'events')}>{t('event.allEvents')}</a>
      </p>
    </article>
  );
}
