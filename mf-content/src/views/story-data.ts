import { z } from 'zod';

export const verticalSchema = z.enum(['education', 'research', 'community', 'worldcup']);

/** What the story template needs; built by the server's resolver and embedded as page data. */
export const storyDataSchema = z.object({
  title: z.string(),
  excerpt: z.string(),
  date: z.string(),
  author: z.string().optional(),
  vertical: verticalSchema,
  /** Topics, each linking to the stories list filtered by it. */
  tags: z.array(z.object({ label: z.string(), href: z.string().startsWith('/') })),
  body: z.array(z.string()),
  /** The hero image, with its dimensions so the page reserves its space before it loads. */
  image: z.object({ src: z.string(), srcSet: z.string(), width: z.number(), height: z.number(), alt: z.string() }).optional(),
});
export type StoryData = z.infer<typeof storyDataSchema>;
