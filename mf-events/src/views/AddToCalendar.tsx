import type { ReactElement } from 'react';
import { useLang, useT } from '@qf/shared/react';
import { calendarDetails, googleCalendarUrl, icsPath, outlookCalendarUrl, type CalendarEvent } from './calendar-links';
import styles from './EventPage.module.css';

interface Props {
  event: Omit<CalendarEvent, 'details'> & { summary: string; webinarLink?: string | undefined };
}

/**
 * "Add to calendar" (SPEC §2 event pages): the event as an iCalendar file, downloaded from mf-events' API
 * through the shell (a plain link with `download`, so it works without JavaScript and the shell's router
 * leaves it alone), and the same event filled in on Google Calendar and Outlook, in a new tab.
 */
export function AddToCalendar({ event }: Props): ReactElement {
  const t = useT();
  const lang = useLang();
  const entry: CalendarEvent = { ...event, details: calendarDetails(event.summary, event.webinarLink ? t('calendar.joinOnline', { url: event.webinarLink }) : undefined) };
  const newTab = <span className={styles.visuallyHidden}>{t('event.newTab')}</span>;
  return (
    <section className={styles.calendar} aria-labelledby="event-calendar">
      <h2 id="event-calendar" className={styles.calendarTitle}>
        {t('calendar.heading')}
      </h2>
      <ul className={styles.calendarLinks}>
        <li>
          <a href={icsPath(event.slug, lang)} download={`${event.slug}.ics`} type="text/calendar">
            {t('calendar.ics')}
          </a>
        </li>
        <li>
          <a href={googleCalendarUrl(entry)} target="_blank" rel="noopener noreferrer">
            {t('calendar.google')} {newTab}
          </a>
        </li>
        <li>
          <a href={outlookCalendarUrl(entry)} target="_blank" rel="noopener noreferrer">
            {t('calendar.outlook')} {newTab}
          </a>
        </li>
      </ul>
    </section>
  );
}
