import { z } from 'zod';

/** What the expert template needs (SPEC §3: affiliation, languages, publications, projects, expertise, mail link). */
export const expertProfileDataSchema = z.object({
  name: z.string().min(1),
  slug: z.string().regex(/^[a-z0-9-]+$/),
  role: z.string().min(1),
  affiliation: z.string().min(1),
  languages: z.array(z.string()),
  expertise: z.array(z.string()),
  bio: z.array(z.string()),
  publications: z.array(z.string()),
  projects: z.array(z.string()),
  email: z.email(),
});
export type ExpertProfileData = z.infer<typeof expertProfileDataSchema>;
