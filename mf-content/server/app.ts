import type { FastifyInstance } from 'fastify';
import type { ContentSource } from '@qf/shared/content';
import { createRemoteServer } from '@qf/shared/server';
import { createSearch } from './search/service';
import { listingDocuments } from './search/documents';
import { createRemoteListings } from './search/remote-listings';
import { routes } from '../src/routes';
import { createContentSectionPages, LISTING_TEMPLATES } from './pages';

/** The mf-content server: its pages (through the page contract) and the search API. */
export async function buildContentServer(options: { dir: string; content: ContentSource; env?: NodeJS.ProcessEnv; registry?: string }): Promise<{ app: FastifyInstance; port: number; host: string }> {
  const pages = createContentSectionPages(options.content);
  // Listing pages are in the sitemap but are no content entry: search finds them by their head.
  const listings = async () => (await pages.paths()).filter((p) => LISTING_TEMPLATES.includes(routes.match(p.en)[0]?.template ?? ''));
  const search = createSearch(options.content, {
    listings: async () => listingDocuments(await listings(), async (p, lang) => (await pages.resolve(p, lang))?.head),
    // The other sections' lists (events, media centre, IDKT): from their `/_qf/paths`, found through the registry.
    ...(options.registry ? { remoteListings: createRemoteListings({ registry: options.registry }) } : {}),
  });
  const server = await createRemoteServer({
    name: 'mf-content',
    dir: options.dir,
    env: options.env,
    contentVersion: () => options.content.version?.(),
    resolvePage: pages.resolve,
    listPaths: pages.paths,
  });
  search.register(server.app);
  // Build the index before the first visitor asks for it: once the server listens (its pages answer
  // meanwhile; /healthz says "starting" until it is built), never holding up its start.
  server.warmUp('search index', () => search.index());
  return server;
}
