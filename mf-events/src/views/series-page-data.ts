import { z } from 'zod';
import { eventCardSchema } from './events-list-data';

const isoDateTime = z.iso.datetime({ offset: true });

/** A responsive image with its dimensions, so the page reserves its space before it loads. */
export const imageSchema = z.object({ src: z.string().min(1), srcSet: z.string(), width: z.number().int().positive(), height: z.number().int().positive(), alt: z.string() });
export type ImageData = z.infer<typeof imageSchema>;

/** One session of the series: an event card with its content id and its speakers. */
export const seriesSessionSchema = eventCardSchema.extend({
  /** The event's content id: what the question form's session choice sends. */
  id: z.string().min(1),
  /** Each speaker with their page's language-neutral path (contentPath('spokes_people', slug)). */
  speakers: z.array(z.object({ name: z.string().min(1), role: z.string(), path: z.string().startsWith('/') })),
});
export type SeriesSession = z.infer<typeof seriesSessionSchema>;

/**
 * What the speaker-series overview needs. `now` is the request time the server split the sessions with
 * and the instant the countdown is first rendered at, on the server and in the hydrating browser alike.
 */
export const seriesPageDataSchema = z.object({
  /** The series' content id: what the question form sends when no session is chosen. */
  id: z.string().min(1),
  title: z.string().min(1),
  description: z.string(),
  image: imageSchema.optional(),
  now: isoDateTime,
  /** The session the countdown runs to: the first one that has not started at `now`; none when all have. */
  next: seriesSessionSchema.optional(),
  /** Sessions that have not ended, soonest first (one under way is still here). */
  upcoming: z.array(seriesSessionSchema),
  /** Sessions that have ended, most recent first. */
  past: z.array(seriesSessionSchema),
  /** The series' speakers page (language-neutral path). */
  speakersPath: z.string().startsWith('/'),
});
export type SeriesPageData = z.infer<typeof seriesPageDataSchema>;
