import { z } from 'zod';

/** One card of the experts list. */
export const expertCardSchema = z.object({
  name: z.string().min(1),
  slug: z.string().regex(/^[a-z0-9-]+$/),
  role: z.string().min(1),
  affiliation: z.string().min(1),
  expertise: z.array(z.string()),
});
export type ExpertCard = z.infer<typeof expertCardSchema>;

/** What the experts template needs; built by the server's resolver and embedded as page data. */
export const expertsListDataSchema = z.object({
  experts: z.array(expertCardSchema),
});
export type ExpertsListData = z.infer<typeof expertsListDataSchema>;
