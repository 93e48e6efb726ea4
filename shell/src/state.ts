import * as z from 'zod/mini';
import { hydrationSchema, pageDataSchema, resolvedRemoteSchema, widgetIdSchema } from '@qf/shared/contracts';
import { langSchema } from '@qf/shared/i18n';

/** Site-wide values the chrome shows, read by the shell from site globals. */
export const globalsSchema = z.object({
  tagline: z.string(),
  copyright: z.string(),
  email: z.string(),
  phone: z.string(),
  featuredStoryPath: z.optional(z.string().check(z.startsWith('/'))),
});
export type Globals = z.infer<typeof globalsSchema>;

export const pageStatusSchema = z.enum(['ok', 'not-found', 'unavailable', 'error']);
export type PageStatus = z.infer<typeof pageStatusSchema>;

export const renderedWidgetSchema = z.object({
  key: z.string(),
  id: widgetIdSchema,
  props: z.record(z.string(), z.unknown()),
  hydration: hydrationSchema,
});
export type RenderedWidget = z.infer<typeof renderedWidgetSchema>;

/**
 * Everything the browser needs to hydrate exactly what the server rendered: embedded in the HTML as
 * JSON (not script), validated before use.
 */
export const shellStateSchema = z.object({
  lang: langSchema,
  /** The site path, with its language prefix. */
  path: z.string().check(z.startsWith('/')),
  status: pageStatusSchema,
  pageData: z.nullable(pageDataSchema),
  /** The remote builds this HTML was rendered with; the browser loads exactly these. */
  remotes: z.array(resolvedRemoteSchema),
  compositionHash: z.string(),
  widgets: z.array(renderedWidgetSchema),
  globals: globalsSchema,
});
export type ShellState = z.infer<typeof shellStateSchema>;

export const STATE_ELEMENT_ID = '__QF_STATE__';
export const SLOT_ID = 'qf-main-slot';
export const APP_ID = 'qf-app';
