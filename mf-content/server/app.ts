import type { FastifyInstance } from 'fastify';
import type { ContentSource } from '@qf/shared/content';
import { createRemoteServer, sectionGauge, sectionHistogram } from '@qf/shared/server';
import { createSearch, type IndexBuild } from './search/service';
import { listingDocuments } from './search/documents';
import { createRemoteListings } from './search/remote-listings';
import { createContentSectionPages, LISTING_TEMPLATES } from './pages';

/** The mf-content server: its pages (through the page contract) and the search API. */
export async function buildContentServer(options: { dir: string; content: ContentSource; previewContent?: ContentSource; env?: NodeJS.ProcessEnv; registry?: string }): Promise<{ app: FastifyInstance; port: number; host: string }> {
  const pages = createContentSectionPages(options.content);
  // An editor's preview (drafts): the same pages made from the preview content (search stays the published content's).
  const previewPages = options.previewContent && createContentSectionPages(options.previewContent);
  // Listing pages are in the sitemap but are no content entry: search finds them by their head.
  // Only the listing templates' paths are made: every path (190,000 at 100,000 entries) was made and
  // dropped at each update of the index.
  const listings = () => pages.paths(LISTING_TEMPLATES);
  // Each build of the search index, logged and measured once the server (its logger, its metrics) exists.
  let onBuilt = (_built: IndexBuild): void => undefined;
  const search = createSearch(options.content, {
    onBuilt: (built) => onBuilt(built),
    listings: async () => listingDocuments(await listings(), async (p, lang) => (await pages.resolve(p, lang))?.head),
    // The other sections' lists (events, media centre, IDKT): from their `/_qf/paths`, found through the registry.
    ...(options.registry ? { remoteListings: createRemoteListings({ registry: options.registry }) } : {}),
  });
  const server = await createRemoteServer({
    name: 'mf-content',
    dir: options.dir,
    env: options.env,
    contentVersion: () => options.content.version?.(),
    refreshContent: async () => options.content.refresh?.(),
    resolvePage: pages.resolve,
    ...(previewPages ? { previewPage: previewPages.resolve } : {}),
    listPaths: pages.paths,
  });
  search.register(server.app);
  const registry = server.app.observability?.registry;
  const builds = registry
    ? sectionHistogram(registry, {
        name: 'qf_search_index_build_seconds',
        help: "Builds of mf-content's search index: content (every document analysed: at start, and when the source cannot say what changed), update (the entries that changed, and those showing them) or listings (the other sections' listing pages) (mf-content/README.md).",
        labelNames: ['kind'] as const,
        buckets: [0.05, 0.25, 1, 2.5, 5, 10, 20, 40, 80, 160],
      })
    : undefined;
  const documents = registry ? sectionGauge(registry, { name: 'qf_search_index_documents', help: 'Documents in the search index in use, both languages (mf-content/README.md).' }) : undefined;
  onBuilt = ({ kind, seconds, documents: count }) => {
    builds?.observe({ kind }, seconds);
    documents?.set(count);
    server.app.log.info({ kind, seconds: Math.round(seconds * 1000) / 1000, documents: count }, `search index built (${kind}): ${count} documents in ${seconds.toFixed(1)} s`);
  };
  // Build the index before the first visitor asks for it: once the server listens (its pages answer
  // meanwhile; /healthz says "starting" until it is built), never holding up its start.
  server.warmUp('search index', () => search.index());
  return server;
}
