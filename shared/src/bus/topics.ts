import * as z from '@qf/shared/zod';
import { langSchema } from '@qf/shared/i18n';
import { remoteNameSchema } from '@qf/shared/contracts';

export const themeSchema = z.enum(['dark', 'light']);
export type Theme = z.infer<typeof themeSchema>;

/**
 * Every topic of the page's bus with its payload schema: the one channel between the shell and the
 * sections (no window events between them). Each is state: the bus keeps its last value and replays it
 * to late subscribers (a section mounted after the visitor switched theme still gets the theme). A topic
 * is added here, with its test, when a section needs it, and the shell is deployed first: a section's
 * bus is the shell's copy (a shared singleton), which must know the topic.
 */
export const topics = {
  language: { schema: z.object({ lang: langSchema }) },
  theme: { schema: z.object({ theme: themeSchema }) },
  route: {
    schema: z.object({ path: z.string().check(z.startsWith('/')), lang: langSchema, remote: z.nullable(remoteNameSchema), template: z.nullable(z.string()) }),
  },
} as const;

export type TopicName = keyof typeof topics;
export type TopicPayload<T extends TopicName> = z.infer<(typeof topics)[T]['schema']>;
