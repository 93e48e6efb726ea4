import type { ContentSource } from '@qf/shared/content';
import { definePages, type SectionPages } from '@qf/shared/section';
import { routes } from '../src/routes';
import { createAreaPages } from './areas';
import { createCampaignPages } from './campaigns';
import { createCategoryPages } from './categories';
import { createContentPages } from './content-pages';
import { createDirectoryPages } from './directory';
import { createHomePage } from './home';
import { createPeopleList } from './people';
import { createProgramList } from './programs';
import { searchPage } from './search-page';
import { createStoryPages } from './stories';
import { createStoryList } from './story-list';
import { createTapStories } from './tap-stories';

/**
 * The server half of every template in `src/routes.ts`: its resolver and its sitemap paths. A template
 * added to the routes without an entry here does not compile; precedence comes from the routes.
 */
export function createContentSectionPages(content: ContentSource): SectionPages {
  return definePages(routes, {
    home: createHomePage(content),
    search: searchPage,
    story: createStoryPages(content),
    stories: createStoryList(content),
    ...createTapStories(content),
    area: createAreaPages(content),
    category: createCategoryPages(content),
    campaign: createCampaignPages(content),
    programs: createProgramList(content),
    ...createDirectoryPages(content),
    people: createPeopleList(content),
    page: createContentPages(content),
  });
}

/** The templates whose pages are lists, not content entries: search finds them by their head. */
export const LISTING_TEMPLATES: readonly string[] = ['home', 'area', 'category', 'stories', 'programs', 'people', 'tapStories'];
