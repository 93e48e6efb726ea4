import { z } from 'zod';
import { eventCardSchema } from './events-list-data';

/** What mf-forms answers at `GET /api/forms/events/{eventId}/availability` (its README). */
export const registrationAvailabilitySchema = z.object({
  open: z.boolean(),
  online: z.boolean(),
  inPerson: z.boolean(),
  seatsLeft: z.number().int().min(0),
});
export type RegistrationAvailability = z.infer<typeof registrationAvailabilitySchema>;

/** What the event template needs; built by the server's resolver and embedded as page data. */
export const eventPageDataSchema = eventCardSchema.extend({
  /** The event's content id: what the registration form registers for. */
  id: z.string().min(1),
  organizer: z.string().min(1),
  body: z.array(z.string()),
  webinarLink: z.url({ protocol: /^https?$/ }).optional(),
  registrationOpen: z.boolean(),
  /** The seats left at request time, from mf-forms (absent when it could not say in time). */
  availability: registrationAvailabilitySchema.optional(),
  /** True when the event had ended at request time (computed by the server, never in the view). */
  past: z.boolean(),
  /** The speaker series (an `ecss` entry) that lists this event as a session, if any: its page links it. */
  series: z
    .object({
      id: z.string().min(1),
      title: z.string().min(1),
      /** The series page's language-neutral path. */
      path: z.string().startsWith('/'),
    })
    .optional(),
});
export type EventPageData = z.infer<typeof eventPageDataSchema>;
