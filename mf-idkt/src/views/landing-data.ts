import * as z from '@qf/shared/zod';

/** The three audience pages the landing page's cards lead to. */
export const audienceLinkSchema = z.enum(['/idkt/for-industry', '/idkt/for-researchers', '/idkt/for-entrepreneurs']);

export const audienceSectionSchema = z.object({
  heading: z.string().check(z.minLength(1)),
  body: z.string().check(z.minLength(1)),
  link: audienceLinkSchema,
});

export const statSchema = z.object({
  value: z.string().check(z.minLength(1)),
  label: z.string().check(z.minLength(1)),
});

/** What the landing template needs; built by the server's resolver and embedded as page data. */
export const landingDataSchema = z.object({
  title: z.string().check(z.minLength(1)),
  intro: z.string().check(z.minLength(1)),
  sections: z.array(audienceSectionSchema),
  stats: z.array(statSchema),
});
export type LandingData = z.infer<typeof landingDataSchema>;
