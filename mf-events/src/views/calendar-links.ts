// No zod and nothing of Node here: the event page's view builds these links in the browser too.

/** What a calendar entry needs of an event. Instants are ISO 8601 with their offset (Doha is +03:00). */
export interface CalendarEvent {
  slug: string;
  title: string;
  startDate: string;
  endDate: string;
  location: string;
  /** Free text: the event's summary, with the webinar link when there is one. */
  details: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * An instant in UTC as iCalendar and Google Calendar write it (`20270120T153000Z`): the event's own
 * offset (Asia/Qatar, UTC+3, no daylight saving time) is taken into account by the Date parse, so the
 * calendar shows the right local time wherever the visitor is.
 */
export function utcStamp(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) throw new RangeError(`not an instant: ${iso}`);
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
}

/** An instant in UTC as ISO 8601 without milliseconds (`2027-01-20T15:30:00Z`), as Outlook's compose link takes it. */
export const utcIso = (iso: string): string => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Google Calendar's "add event" page, filled in (times in UTC; shown in the visitor's own time zone). */
export function googleCalendarUrl(event: CalendarEvent): string {
  const q = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${utcStamp(event.startDate)}/${utcStamp(event.endDate)}`,
    details: event.details,
    location: event.location,
    ctz: 'Asia/Qatar',
  });
  return `https://calendar.google.com/calendar/render?${q.toString()}`;
}

/** Outlook on the web's "new event" page, filled in (times in UTC). */
export function outlookCalendarUrl(event: CalendarEvent): string {
  const q = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: utcIso(event.startDate),
    enddt: utcIso(event.endDate),
    body: event.details,
    location: event.location,
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${q.toString()}`;
}

/**
 * Where the event's iCalendar file is served: mf-events' API, reached through the shell's gateway
 * (`/api/events/…` on the site's own origin). The file is in the page's language.
 */
export const icsPath = (slug: string, lang: 'en' | 'ar'): string => `/api/events/calendar/${encodeURIComponent(slug)}.ics${lang === 'ar' ? '?lang=ar' : ''}`;

/** The free text of a calendar entry: the summary, then the line with the webinar link when the event has one. */
export const calendarDetails = (summary: string, joinLine?: string): string => [summary, joinLine ?? ''].filter(Boolean).join('\n\n');
