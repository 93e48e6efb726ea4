// No zod here: the events list view imports these helpers, and the browser should not pay for zod.

/** Events a page of a list adds: each list shows this many, each 'Load more events' (or `?upcoming=N`) this many more. */
export const EVENTS_PAGE_SIZE = 6;

/** The language-neutral key of a venue: its English name in lower-case words joined by hyphens. */
export const locationKey = (englishName: string): string =>
  englishName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** What the events list's address asks for: a venue, and how many pages of each list are shown. */
export interface EventsQuery {
  location?: string;
  /** Pages of upcoming events shown (1 unless 'Load more events' was used). */
  upcoming: number;
  /** Pages of past events shown. */
  past: number;
}

const pages = (value: string | null): number => (value && /^[1-9]\d{0,3}$/.test(value.trim()) ? Number(value.trim()) : 1);

/** Read the query; a page count that is not a small positive number counts as 1. */
export function parseEventsQuery(query: URLSearchParams): EventsQuery {
  const location = query.get('location')?.trim();
  return { ...(location ? { location } : {}), upcoming: pages(query.get('upcoming')), past: pages(query.get('past')) };
}

/** The query string of a list state (`?location=…&upcoming=N&past=N`, page counts of 1 left out), or ''. */
export function eventsQuery(q: EventsQuery): string {
  const s = new URLSearchParams();
  if (q.location) s.set('location', q.location);
  if (q.upcoming > 1) s.set('upcoming', String(q.upcoming));
  if (q.past > 1) s.set('past', String(q.past));
  const text = s.toString();
  return text ? `?${text}` : '';
}
