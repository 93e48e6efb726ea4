import * as z from '@qf/shared/zod';
import { hydrationSchema, pageDataSchema, resolvedRemoteSchema, widgetIdSchema } from '@qf/shared/contracts';
import { langSchema } from '@qf/shared/i18n';
import { themeSchema } from '@qf/shared/bus';
import { areaSchema } from './areas';
import { footerGlobalsSchema } from './footer-data';
import { menuSchema } from './menu/menu-data';

/** Site-wide values the chrome shows, read by the shell from site globals. */
export const globalsSchema = z.object({
  tagline: z.string(),
  copyright: z.string(),
  email: z.string(),
  phone: z.string(),
  featuredStoryPath: z.optional(z.string().check(z.startsWith('/'))),
  /** The main footer's other elements; absent when they could not be read (the footer shows the rest). */
  footer: z.optional(footerGlobalsSchema),
  /** The areas of the menu, for the area colour and sub-menu bar. */
  areas: z.optional(z.array(areaSchema)),
  /** The top info bar's text, present only when site globals switch the bar on. */
  infoBar: z.optional(z.string()),
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
  /** The main menu in the page's language (absent on the static error pages). */
  menu: z.optional(menuSchema),
  /** The browser key of the maps service: the map loads only when one is configured. */
  mapsApiKey: z.optional(z.string()),
  /** The theme the server rendered (from the visitor's theme cookie); dark when absent. */
  theme: z.optional(themeSchema),
  /**
   * The site's public origin (the server's SITE_URL): canonical, hreflang, Open Graph and JSON-LD
   * URLs of the pages rendered in the browser use it, never the host the browser happened to use.
   * Added by the document to its embedded state.
   */
  siteUrl: z.optional(z.url()),
  /** A configured third-party assistant script, loaded only after cookie consent. */
  assistantScript: z.optional(z.string()),
});
export type ShellState = z.infer<typeof shellStateSchema>;

