import { z } from 'zod';

export const verticalSchema = z.enum(['education', 'research', 'community', 'worldcup']);

/** What the story template needs; built by the server's resolver and embedded as page data. */
export const storyDataSchema = z.object({
  title: z.string(),
  excerpt: z.string(),
  date: z.string(),
  author: z.string().optional(),
  vertical: verticalSchema,
  tags: z.array(z.string()),
  body: z.array(z.string()),
});
export type StoryData = z.infer<typeof storyDataSchema>;
