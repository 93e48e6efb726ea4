import { z } from 'zod';
import { verticalSchema } from './story-data';

const image = z.object({ src: z.string(), srcSet: z.string(), width: z.number(), height: z.number(), alt: z.string() });

export const storyCardSchema = z.object({
  title: z.string(),
  excerpt: z.string(),
  date: z.string(),
  vertical: verticalSchema,
  href: z.string().startsWith('/'),
  image: image.optional(),
});
export type StoryCard = z.infer<typeof storyCardSchema>;

/** The home page: the latest stories and the audience shortcuts, built by the server's resolver. */
export const homeDataSchema = z.object({
  stories: z.array(storyCardSchema),
  audiences: z.array(z.object({ title: z.string(), href: z.string().startsWith('/') })),
  areas: z.array(z.object({ vertical: verticalSchema, href: z.string().startsWith('/') })),
});
export type HomeData = z.infer<typeof homeDataSchema>;
