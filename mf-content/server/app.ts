import type { FastifyInstance } from 'fastify';
import type { ContentSource } from '@qf/shared/content';
import type { Lang } from '@qf/shared/i18n';
import { createRemoteServer } from '@qf/shared/server';
import { createSearch } from './search/service';
import { listingDocuments } from './search/documents';
import { createRemoteListings } from './search/remote-listings';
import { createHomePage } from './home';
import { createContentPages } from './pages';
import { resolveSearchPage } from './search-page';
import { createStoryPages } from './stories';
import { createAreaPages } from './areas';
import { createDirectoryPages } from './directory';
import { createProgramList } from './programs';
import { createTapStories } from './tap-stories';
import { createStoryList } from './story-list';
import { createCategoryPages } from './categories';
import { createCampaignPages } from './campaigns';
import { createPeopleList } from './people';

/** The mf-content server: its pages (through the page contract) and the search API. */
export async function buildContentServer(options: { dir: string; content: ContentSource; env?: NodeJS.ProcessEnv; registry?: string }): Promise<{ app: FastifyInstance; port: number; host: string }> {
  const stories = createStoryPages(options.content);
  const home = createHomePage(options.content);
  const pages = createContentPages(options.content);
  const areas = createAreaPages(options.content);
  const directory = createDirectoryPages(options.content);
  const programs = createProgramList(options.content);
  const tapStories = createTapStories(options.content);
  const storyList = createStoryList(options.content);
  const categories = createCategoryPages(options.content);
  const campaigns = createCampaignPages(options.content);
  const people = createPeopleList(options.content);
  const resolvePage = async (p: string, lang: Lang, query: URLSearchParams) =>
      resolveSearchPage(p, lang) ??
      (await home.resolve(p, lang)) ??
      (await tapStories.resolve(p, lang)) ??
      (await stories.resolve(p, lang)) ??
      (await areas.resolve(p, lang)) ??
      (await programs.resolve(p, lang, query)) ??
      (await directory.resolve(p, lang)) ??
      (await storyList.resolve(p, lang, query)) ??
      (await categories.resolve(p, lang)) ??
      (await campaigns.resolve(p, lang)) ??
      (await people.resolve(p, lang)) ??
      pages.resolve(p, lang);
  // Listing pages are in the sitemap but are no content entry: search finds them by their head.
  const listings = () => [{ en: '/', ar: '/ar' }, ...areas.paths(), ...categories.paths(), ...storyList.paths(), ...programs.paths(), ...people.paths(), { en: '/stories/tap', ar: '/ar/stories/tap' }];
  const search = createSearch(options.content, {
    listings: () => listingDocuments(listings(), async (p, lang) => (await resolvePage(p, lang, new URLSearchParams()))?.head),
    // The other sections' lists (events, media centre, IDKT): from their `/_qf/paths`, found through the registry.
    ...(options.registry ? { remoteListings: createRemoteListings({ registry: options.registry }) } : {}),
  });
  const server = await createRemoteServer({
    name: 'mf-content',
    dir: options.dir,
    env: options.env,
    contentVersion: () => options.content.version?.(),
    resolvePage,
    listPaths: async () => [
      { en: '/', ar: '/ar' },
      { en: '/search', ar: '/ar/search' },
      ...(await stories.paths()),
      ...(await pages.paths()),
      ...areas.paths(),
      ...programs.paths(),
      ...(await directory.paths()),
      ...(await tapStories.paths()),
      ...storyList.paths(),
      ...categories.paths(),
      ...(await campaigns.paths()),
      ...people.paths(),
    ],
  });
  search.register(server.app);
  // Build the index before the first visitor asks for it.
  server.app.addHook('onReady', async () => {
    await search.index();
  });
  return server;
}
