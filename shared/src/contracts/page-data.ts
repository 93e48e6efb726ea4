import * as z from '@qf/shared/zod';
import { hydrationSchema, remoteNameSchema, resolvedRemoteSchema } from './remotes';
import { langSchema } from '@qf/shared/i18n';

const absolutePath = () => z.string().check(z.startsWith('/'));

/** A widget placed on a page by its owner and rendered by the section that owns the widget. */
export const widgetIdSchema = z.string().check(z.regex(/^mf-[a-z-]+\/[A-Za-z]+$/, 'widget ids look like mf-forms/NewsletterSignup'));
export type WidgetId = z.infer<typeof widgetIdSchema>;

/**
 * Parts of the shell's chrome that a page's owner may hand to a section's widget (the IDKT footer
 * replaces the main footer under /idkt). The shell renders the widget in that part of the chrome,
 * adds `site` to its props (chromeSiteSchema), and keeps its own part when the widget cannot be shown.
 */
export const chromeSlotSchema = z.enum(['footer']);
export type ChromeSlot = z.infer<typeof chromeSlotSchema>;
export const chromeWidgetSchema = z.object({ id: widgetIdSchema, props: z.record(z.string(), z.unknown()) });
export type ChromeWidget = z.infer<typeof chromeWidgetSchema>;
export const pageChromeSchema = z.partialRecord(chromeSlotSchema, chromeWidgetSchema);
export type PageChrome = z.infer<typeof pageChromeSchema>;

/** What the shell adds as the `site` prop of every chrome widget: site-wide lines from site globals. */
export const chromeSiteSchema = z.object({
  copyright: z.string(),
  /** Footer small links as markdown inline links (`[Terms of use](/terms-of-use) · …`). */
  smallLinks: z.string(),
});
export type ChromeSite = z.infer<typeof chromeSiteSchema>;

export const headSchema = z.object({
  title: z.string().check(z.minLength(1)),
  description: z.string(),
  /** The same page in the other language. */
  alternatePath: absolutePath(),
  /** Share image (a path on this site or an absolute URL) and its description. */
  image: z.optional(z.string()),
  imageAlt: z.optional(z.string()),
  /** Open Graph type of the page. */
  kind: z.optional(z.enum(['website', 'article', 'profile', 'event'])),
  /** JSON-LD objects describing the page (NewsArticle, Event, Person…); the shell adds BreadcrumbList. */
  structuredData: z.optional(z.array(z.record(z.string(), z.unknown()))),
});
export type Head = z.infer<typeof headSchema>;

/** What a remote's page resolver answers for a path it owns (`GET /_qf/page?path=&lang=`). */
export const resolvedPageSchema = z.object({
  template: z.string().check(z.minLength(1)),
  head: headSchema,
  data: z.unknown(),
  widgets: z.array(widgetIdSchema),
  hydration: hydrationSchema,
  /** Chrome the owner hands to a widget on this page (see pageChromeSchema). */
  chrome: z.optional(pageChromeSchema),
  /**
   * How long (seconds) this answer stays true when nothing in the content changes: set by a page that
   * depends on the time of the request (upcoming or past events, open registration, a countdown). The
   * shell re-renders the page after that long; absent, the page holds until the owner's build or
   * content version changes.
   */
  maxAgeSeconds: z.optional(z.int().check(z.positive())),
});
export type ResolvedPage = z.infer<typeof resolvedPageSchema>;

/**
 * The whole answer of `GET /_qf/page` for a page the remote owns. `contentVersion` is the version of the
 * content the page was made from (as `/build-info.json` reports it), read before the page: behind a load
 * balancer the shell may learn a newer version from one instance while another still answers from the
 * older content, and the page must be kept under the version it was made from, not the newer one.
 */
export const resolverAnswerSchema = z.object({
  found: z.literal(true),
  page: resolvedPageSchema,
  contentVersion: z.optional(z.string().check(z.minLength(1))),
});
export type ResolverAnswer = z.infer<typeof resolverAnswerSchema>;

/** The page-data record (SPEC §3 and §7), as served at `/page-data/{path}/page-data.json`. */
export const pageDataSchema = z.object({
  path: absolutePath(),
  componentChunkName: z.string().check(z.regex(/^mf-[a-z-]+\/[A-Za-z-]+$/)),
  webpackCompilationHash: z.string(),
  matchPath: z.optional(z.string()),
  staticQueryHashes: z.array(z.string()),
  slicesMap: z.record(z.string(), z.string()),
  result: z.object({
    lang: langSchema,
    remote: remoteNameSchema,
    page: resolvedPageSchema,
    /** Builds of the owner and of the remotes whose widgets the page places. */
    remotes: z.array(resolvedRemoteSchema),
    /**
     * The other sections' pages the page's sections link to (the `links` of their route manifests), each
     * route id with its patterns in the order a link picks one (the first whose parameters are exactly
     * those given): what `WidgetHost.href` answers from, on the server and in the browser. A route id no
     * routed section publishes is left out, and its links are not rendered.
     */
    links: z.optional(z.record(z.string(), z.array(absolutePath()))),
  }),
});
export type PageData = z.infer<typeof pageDataSchema>;

export const appDataSchema = z.object({ webpackCompilationHash: z.string().check(z.minLength(1)) });
export type AppData = z.infer<typeof appDataSchema>;

/** What search shows and matches of a listing page in one language: its head's title and description. */
export const listingHeadSchema = z.object({ title: z.string().check(z.minLength(1)), description: z.string() });
export type ListingHead = z.infer<typeof listingHeadSchema>;

export const pagePathEntrySchema = z.object({
  en: absolutePath(),
  ar: z.string().check(z.startsWith('/ar')),
  lastmod: z.optional(z.string()),
  /**
   * A listing page (a list, a landing, a series: no content entry of its own), so search indexes it by
   * its head. The remote sets it; its server fills `head` from its own resolver in `/_qf/paths`.
   */
  listing: z.optional(z.boolean()),
  head: z.optional(z.object({ en: listingHeadSchema, ar: listingHeadSchema })),
});
/** Every page a remote owns, for the sitemap and for search's listing pages (`GET /_qf/paths`). */
export const pagePathsSchema = z.array(pagePathEntrySchema);
export type PagePathEntry = z.infer<typeof pagePathEntrySchema>;
