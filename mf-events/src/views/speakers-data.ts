import { z } from 'zod';
import { eventCardSchema } from './events-list-data';
import { imageSchema } from './series-page-data';

/** A speaker of the Education City Speaker Series (a `spokes_people` entry), in one language. */
export const speakerSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  name: z.string().min(1),
  role: z.string(),
  bio: z.string(),
  /** The speaker's language-neutral page path (contentPath('spokes_people', slug)). */
  path: z.string().startsWith('/'),
  image: imageSchema.optional(),
});
export type Speaker = z.infer<typeof speakerSchema>;

/** The series' speakers page (`/education-city-speaker-series/experts`). */
export const speakersListDataSchema = z.object({
  /** The series page's language-neutral path, linked from the list. */
  seriesPath: z.string().startsWith('/'),
  seriesTitle: z.string().min(1),
  speakers: z.array(speakerSchema),
});
export type SpeakersListData = z.infer<typeof speakersListDataSchema>;

/** One speaker's page: the speaker and the sessions they speak at, most recent first. */
export const speakerPageDataSchema = speakerSchema.extend({
  seriesPath: z.string().startsWith('/'),
  seriesTitle: z.string().min(1),
  /** The speakers page's language-neutral path. */
  listPath: z.string().startsWith('/'),
  sessions: z.array(eventCardSchema),
});
export type SpeakerPageData = z.infer<typeof speakerPageDataSchema>;
