import { useEffect, useRef, useState, type MouseEvent, type ReactElement, type ReactNode, type Ref } from 'react';
import { useLang, useT, type ViewComponentProps } from '@qf/shared/react';
import { routes } from '../routes';
import { revealMark } from '@qf/shared/contracts';
import type { EventCard, EventsListData } from './events-list-data';
import { DateRange, formatNumber, TimeRange } from './EventTime';
import { fetchEventsList } from './events-fetch';
import { eventsQuery, type EventsQuery } from './events-query';
import styles from './EventsList.module.css';

/** An event as a card: title (its page's link), dates, times, how to attend, where, `children`, summary. */
export function EventCardItem({ event, children }: { event: EventCard; children?: ReactNode }): ReactElement {
  const t = useT();
  const lang = useLang();
  return (
    <li className={styles.card} data-attendance={event.attendance} {...revealMark}>
      <article>
        <h3 className={styles.cardTitle}>
          <a href={routes.href(lang, 'event', { slug: event.slug })}>{event.title}</a>
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

/** A titled list of event cards, or `empty` when there is none; `details` adds lines to each card, `children` follow the list. */
export function EventSection<T extends EventCard>({
  id,
  heading,
  empty,
  events,
  details,
  listRef,
  children,
}: {
  id: string;
  heading: string;
  empty: string;
  events: readonly T[];
  details?: (event: T) => ReactNode;
  listRef?: Ref<HTMLUListElement>;
  children?: ReactNode;
}): ReactElement {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {heading}
      </h2>
      {events.length > 0 ? (
        <ul className={styles.cards} ref={listRef}>
          {events.map((event) => (
            <EventCardItem key={event.slug} event={event}>
              {details?.(event)}
            </EventCardItem>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>{empty}</p>
      )}
      {children}
    </section>
  );
}

type ListName = 'upcoming' | 'past';

/**
 * SPEC §2 event pages: featured events, events by location, upcoming and past events with 'Load more
 * events'. Without JavaScript every venue and 'Load more events' is a plain link the server renders
 * (`?location=…`, `?upcoming=N`: pages 1 to N). Once hydrated, 'Load more events' loads the list in
 * place from the page data of that same URL, writes it into the address (a reload shows the same list)
 * and moves the focus to the first new event; the venue links navigate as every internal link does.
 */
export function EventsList({ data }: ViewComponentProps<EventsListData>): ReactElement {
  const t = useT();
  const lang = useLang();
  const [source, setSource] = useState(data);
  const [shown, setShown] = useState(data);
  const [status, setStatus] = useState<{ list: ListName; state: 'loading' | 'failed' } | null>(null);
  const request = useRef(0);
  const upcomingList = useRef<HTMLUListElement>(null);
  const pastList = useRef<HTMLUListElement>(null);
  const focusNext = useRef<{ list: ListName; index: number } | null>(null);
  // New page data (a venue link, a back navigation) replaces what is shown.
  if (source !== data) {
    setSource(data);
    setShown(data);
    setStatus(null);
  }
  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    focusNext.current = null;
    const list = next.list === 'upcoming' ? upcomingList.current : pastList.current;
    list?.querySelectorAll<HTMLAnchorElement>('li h3 a')[next.index]?.focus();
  }, [shown]);

  const action = routes.href(lang, 'events');
  const state: EventsQuery = { ...(shown.location ? { location: shown.location } : {}), upcoming: shown.upcomingPages, past: shown.pastPages };
  const venue = shown.locations.find((l) => l.key === shown.location);
  const title = venue ? t('list.atLocation', { location: venue.name }) : t('list.title');

  const loadMore = (list: ListName) => async (e: MouseEvent<HTMLAnchorElement>) => {
    // A modified click (new tab, new window) follows the link as it is.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (status?.state === 'loading') return;
    const id = ++request.current;
    const query = eventsQuery({ ...state, [list]: state[list] + 1 });
    setStatus({ list, state: 'loading' });
    try {
      const result = await fetchEventsList(lang, query);
      if (id !== request.current) return;
      focusNext.current = { list, index: shown[list].length };
      setShown(result);
      setStatus(null);
      window.history.replaceState(window.history.state, '', `${action}${query}`);
    } catch {
      if (id === request.current) setStatus({ list, state: 'failed' });
    }
  };

  const more = (list: ListName, id: string) => {
    const total = (list === 'upcoming' ? shown.upcomingTotal : shown.pastTotal) ?? shown[list].length;
    const count = shown[list].length;
    if (count === 0) return null;
    const mine = status?.list === list ? status.state : null;
    return (
      <div className={styles.more}>
        <p role="status" className={styles.showing}>
          {mine === 'loading' ? t('list.loading') : t('list.showing', { shown: formatNumber(lang, count), total: formatNumber(lang, total) })}
        </p>
        {mine === 'failed' ? (
          <p role="alert" className={styles.notice}>
            {t('list.loadFailed')}
          </p>
        ) : null}
        {count < total ? (
          // Described by its list's heading: the two 'Load more events' links are told apart.
          <a className={styles.moreLink} href={`${action}${eventsQuery({ ...state, [list]: state[list] + 1 })}`} aria-describedby={id} aria-disabled={mine === 'loading' ? true : undefined} onClick={(e) => void loadMore(list)(e)}>
            {t('list.loadMore')}
          </a>
        ) : null}
      </div>
    );
  };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title} tabIndex={-1}>
          {title}
        </h1>
        <p className={styles.intro}>{t('list.intro')}</p>
      </header>
      {shown.unknownLocation ? <p className={styles.notice}>{t('list.unknownLocation')}</p> : null}
      {shown.featured.length > 0 ? <EventSection id="events-featured" heading={t('list.featured')} empty="" events={shown.featured} /> : null}
      {shown.locations.length > 0 ? (
        <nav className={styles.locations} aria-labelledby="events-by-location">
          <h2 id="events-by-location" className={styles.sectionTitle}>
            {t('list.byLocation')}
          </h2>
          <ul className={styles.locationList}>
            <li>
              <a href={action} aria-current={shown.location ? undefined : 'page'}>
                {t('list.allLocations')}
              </a>
            </li>
            {shown.locations.map((l) => (
              <li key={l.key}>
                <a href={`${action}${eventsQuery({ location: l.key, upcoming: 1, past: 1 })}`} aria-current={l.key === shown.location ? 'page' : undefined}>
                  {l.name}
                </a>{' '}
                <span className={styles.count}>({t('list.locationCount', { count: l.count, n: formatNumber(lang, l.count) })})</span>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <EventSection id="events-upcoming" heading={t('list.upcoming')} empty={t('list.noUpcoming')} events={shown.upcoming} listRef={upcomingList}>
        {more('upcoming', 'events-upcoming')}
      </EventSection>
      <EventSection id="events-past" heading={t('list.past')} empty={t('list.noPast')} events={shown.past} listRef={pastList}>
        {more('past', 'events-past')}
      </EventSection>
    </div>
  );
}
