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

/** A venue of the events list: its key (language-neutral, for `?location=`), its name and how many events it has. */
export const eventLocationSchema = z.object({ key: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/), name: z.string().min(1), count: z.number().int().positive() });
export type EventLocation = z.infer<typeof eventLocationSchema>;

const pages = z.number().int().positive();

/**
 * What the events list template needs. `now` is the request time the server split the events with:
 * the view never reads the clock, so the server HTML and the hydrated page always agree.
 * Each list shows its first `upcomingPages` (`pastPages`) pages of `pageSize` events; the totals say
 * whether 'Load more events' has more to show. Absent, a list is shown whole.
 */
export const eventsListDataSchema = z.object({
  now: isoDateTime,
  /** Featured events (content field `featured`) that have not ended, soonest first. */
  featured: z.array(eventCardSchema).default([]),
  /** Events that have not ended yet, soonest first: the pages shown. */
  upcoming: z.array(eventCardSchema),
  /** Events that have ended, most recent first: the pages shown. */
  past: z.array(eventCardSchema),
  upcomingTotal: z.number().int().min(0).optional(),
  pastTotal: z.number().int().min(0).optional(),
  upcomingPages: pages.default(1),
  pastPages: pages.default(1),
  pageSize: pages.optional(),
  /** Every venue with events, by name; the lists show only the events of `location` when it is set. */
  locations: z.array(eventLocationSchema).default([]),
  location: z.string().optional(),
  /** True when the address asked for a venue that has no event: every event is shown instead. */
  unknownLocation: z.boolean().default(false),
});
export type EventsListData = z.infer<typeof eventsListDataSchema>;
