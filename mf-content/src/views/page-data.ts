import { z } from 'zod';

const image = z.object({ src: z.string(), srcSet: z.string(), width: z.number(), height: z.number(), alt: z.string() });

/** A content page or an entity page at the root level (SPEC §2: entity and page kinds have an empty segment). */
export const pageDataSchema = z.object({
  title: z.string(),
  intro: z.string(),
  paragraphs: z.array(z.string()),
  sections: z.array(z.object({ heading: z.string(), body: z.string(), link: z.string().startsWith('/').optional() })),
  stats: z.array(z.object({ value: z.string(), label: z.string() })),
  image: image.optional(),
  contact: z.object({ phone: z.string().optional(), email: z.string().optional(), website: z.string().optional() }).optional(),
  /** An mf-forms widget placed under the content, with its props. */
  form: z.object({ widget: z.string().regex(/^[A-Za-z]+$/), props: z.record(z.string(), z.unknown()) }).optional(),
});
export type PageForm = NonNullable<PageData['form']>;
export type PageData = z.infer<typeof pageDataSchema>;
