import { z } from 'zod';

/** How an event can be attended (content field `attendance`). */
export const attendanceSchema = z.enum(['online', 'in-person', 'hybrid']);
export type Attendance = z.infer<typeof attendanceSchema>;

const isoDateTime = z.iso.datetime({ offset: true });

/** One event as a card of the events list. */
export const eventCardSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  title: z.string().min(1),
  startDate: isoDateTime,
  endDate: isoDateTime,
  attendance: attendanceSchema,
  location: z.string().min(1),
  summary: z.string(),
});
export type EventCard = z.infer<typeof eventCardSchema>;

/**
 * What the events list template needs. `now` is the request time the server split the events with:
 * the view never reads the clock, so the server HTML and the hydrated page always agree.
 */
export const eventsListDataSchema = z.object({
  now: isoDateTime,
  /** Events that have not ended yet, soonest first. */
  upcoming: z.array(eventCardSchema),
  /** Events that have ended, most recent first. */
  past: z.array(eventCardSchema),
});
export type EventsListData = z.infer<typeof eventsListDataSchema>;
