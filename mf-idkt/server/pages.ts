import type { ContentSource } from '@qf/shared/content';
import { definePages, type SectionPages } from '@qf/shared/section';
import { routes } from '../src/routes';
import { createDatabasePages } from './database';
import { createLandingPages } from './landing';
import { createSubpages } from './subpages';

/**
 * The server half of every template in `src/routes.ts`: its resolver and its sitemap paths. A template
 * added to the routes without an entry here does not compile; precedence comes from the routes.
 */
export function createIdktSectionPages(content: ContentSource): SectionPages {
  return definePages(routes, {
    landing: createLandingPages(content),
    subpage: createSubpages(content),
    ...createDatabasePages(content),
  });
}
