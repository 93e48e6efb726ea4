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
