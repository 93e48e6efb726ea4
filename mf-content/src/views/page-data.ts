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
  /** Where the page's subject is, with a maps link (a specific page about a venue). */
  address: z.object({ text: z.string(), directions: z.url() }).optional(),
  /** The people of an entity (their profiles under /people). */
  people: z.array(z.object({ name: z.string(), role: z.string(), href: z.string().startsWith('/') })).default([]),
  /** The subject's own page in the directory, from a specific page. */
  more: z.object({ title: z.string(), href: z.string().startsWith('/') }).optional(),
  /** An mf-forms widget placed under the content, with its props. */
  form: z.object({ widget: z.string().regex(/^[A-Za-z]+$/), props: z.record(z.string(), z.unknown()) }).optional(),
});
export type PageForm = NonNullable<PageData['form']>;
export type PageData = z.infer<typeof pageDataSchema>;
