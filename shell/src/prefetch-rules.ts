// SPEC §9's prefetch rules, shared by the page's inline loader (which prefetches the HTML of links in
// view for a visitor whose page has no code yet: the tap is a plain navigation) and the app's prefetcher
// (page data and section code once the app runs: the tap is a client-side navigation).

/** SPEC §9: the first batch after 3000 ms, then batches of 4 paths 3000 ms apart. */
export const PREFETCH_TIMING = { firstDelayMs: 3000, batchSize: 4, batchIntervalMs: 3000, ttlMs: 30_000 } as const;

/** Robots read pages and never click: nothing is prefetched for them. */
export const BOT_USER_AGENT = /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|embedly|quora link preview|whatsapp|lighthouse|pingdom|ia_archiver/i;

/** Paths a link may point at that are not pages (the router, the prefetchers and the loader leave them to the browser). */
export const NOT_A_PAGE = /^\/(api|page-data|_shell|_qf|_preview)(\/|$)/;

/** Links to files, not pages. */
export const FILE_LINK = /\.(pdf|zip|docx?|xlsx?|pptx?|jpe?g|png|gif|webp|svg|mp4|mp3|ics|csv|txt|xml|json)$/i;

export interface PrefetchEnv {
  userAgent: string;
  connection?: { effectiveType?: string; saveData?: boolean } | undefined;
}

/** No prefetching on 2g, with the data saver on, or for robots (they read pages, never click). */
export function prefetchAllowed(env: PrefetchEnv): boolean {
  if (BOT_USER_AGENT.test(env.userAgent)) return false;
  if (env.connection?.saveData) return false;
  return !(env.connection?.effectiveType ?? '').includes('2g');
}
