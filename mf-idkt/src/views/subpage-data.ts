import * as z from '@qf/shared/zod';

/** An IDKT page (about, road to technology transfer, the three audience pages, newsletter). */
export const subpageDataSchema = z.object({
  title: z.string(),
  intro: z.string(),
  sections: z.array(z.object({ heading: z.string(), body: z.string(), link: z.optional(z.string().check(z.startsWith('/'))) })),
  image: z.optional(z.object({ src: z.string(), srcSet: z.string(), width: z.number(), height: z.number(), alt: z.string() })),
  /** The IDKT newsletter page places the newsletter form. */
  newsletter: z.boolean(),
});
export type SubpageData = z.infer<typeof subpageDataSchema>;
