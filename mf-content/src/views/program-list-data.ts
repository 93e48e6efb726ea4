import { z } from 'zod';
import { linkSchema } from './directory-data';
import { DEGREES } from './program-filter';

export const programFilterSchema = z.object({ school: z.string().optional(), degree: z.enum(DEGREES).optional() });

/** The programme list (SPEC §2 "a program list filtered by school and degree"). */
export const programListDataSchema = z.object({
  programs: z.array(
    z.object({
      title: z.string(),
      href: z.string().startsWith('/'),
      degree: z.enum(DEGREES),
      department: z.string(),
      /** The school or university that teaches it: its slug is the `school` filter value. */
      provider: linkSchema.extend({ slug: z.string() }).optional(),
    }),
  ),
  schools: z.array(z.object({ slug: z.string(), title: z.string() })),
  universities: z.array(z.object({ slug: z.string(), title: z.string() })),
  filter: programFilterSchema,
  /** Query values that named no school or degree: shown as a notice, then ignored. */
  invalid: z.array(z.enum(['school', 'degree'])),
});
export type ProgramListData = z.infer<typeof programListDataSchema>;
