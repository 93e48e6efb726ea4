import * as z from '@qf/shared/zod';
import { langSchema } from '@qf/shared/i18n';
import { remoteNameSchema } from '@qf/shared/contracts';

export const themeSchema = z.enum(['dark', 'light']);
export type Theme = z.infer<typeof themeSchema>;

/**
 * Every topic of the page's bus with its payload schema. State topics keep their last value and replay
 * it to late subscribers (a section mounted after the visitor switched theme still gets the theme).
 */
export const topics = {
  language: { schema: z.object({ lang: langSchema }), state: true },
  theme: { schema: z.object({ theme: themeSchema }), state: true },
  route: {
    schema: z.object({ path: z.string().check(z.startsWith('/')), lang: langSchema, remote: z.nullable(remoteNameSchema), template: z.nullable(z.string()) }),
    state: true,
  },
  toast: { schema: z.object({ message: z.string().check(z.minLength(1)), tone: z.enum(['info', 'success', 'error']) }), state: false },
  analytics: { schema: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])), state: false },
} as const;

export type TopicName = keyof typeof topics;
export type TopicPayload<T extends TopicName> = z.infer<(typeof topics)[T]['schema']>;
