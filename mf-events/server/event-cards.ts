import { plainField, requiredField, type Entry } from '@qf/shared/content';
import type { Lang } from '@qf/shared/i18n';
import { eventCardSchema, type EventCard } from '../src/views/events-list-data';

const time = (iso: string) => new Date(iso).getTime();

/** An event has ended once its end time has passed. */
export const hasEnded = (event: Pick<EventCard, 'endDate'>, now: Date): boolean => time(event.endDate) <= now.getTime();

/** An `event` entry as a card, in one language. */
export function cardOf(entry: Entry, lang: Lang): EventCard {
  return eventCardSchema.parse({
    slug: plainField(entry, 'slug'),
    title: requiredField(entry, 'title', lang),
    startDate: plainField(entry, 'startDate'),
    endDate: plainField(entry, 'endDate'),
    attendance: plainField(entry, 'attendance'),
    location: requiredField(entry, 'location', lang),
    summary: requiredField(entry, 'summary', lang),
  });
}

/** Split events at `now`: upcoming (not ended yet) soonest first, past most recent first. */
export function splitEvents<T extends EventCard>(events: readonly T[], now: Date): { upcoming: T[]; past: T[] } {
  const upcoming = events.filter((e) => !hasEnded(e, now)).sort((a, b) => time(a.startDate) - time(b.startDate) || time(a.endDate) - time(b.endDate));
  const past = events.filter((e) => hasEnded(e, now)).sort((a, b) => time(b.startDate) - time(a.startDate) || time(b.endDate) - time(a.endDate));
  return { upcoming, past };
}

/** How long at most a page that depends on the time of the request is kept as rendered (seconds). */
export const MAX_AGE_SECONDS = 60;

/**
 * How long a page computed at `now` stays true, as the `maxAgeSeconds` of its resolved page: until the
 * next of `instants` (ends that move an event to the past, starts that move a countdown on), at most
 * MAX_AGE_SECONDS, at least one second. Nothing (the page holds until the content changes) when none of
 * them is still to come.
 */
export function maxAgeUntil(now: Date, instants: readonly string[]): { maxAgeSeconds?: number } {
  const next = Math.min(...instants.map(time).filter((t) => t > now.getTime()));
  if (!Number.isFinite(next)) return {};
  return { maxAgeSeconds: Math.max(1, Math.min(MAX_AGE_SECONDS, Math.ceil((next - now.getTime()) / 1000))) };
}
