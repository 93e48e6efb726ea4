import type { ContentSource } from '@qf/shared/content';
import { definePages, type SectionPages } from '@qf/shared/section';
import { routes } from '../src/routes';
import { createExpertPages } from './experts';
import { createLandingPage } from './landing';
import { createMediaPages } from './media';

/**
 * The server half of every template in `src/routes.ts`: its resolver and its sitemap paths. A template
 * added to the routes without an entry here does not compile; precedence comes from the routes.
 */
export function createMediaCenterSectionPages(content: ContentSource): SectionPages {
  const media = createMediaPages(content);
  return definePages(routes, {
    landing: createLandingPage(content, media),
    ...createExpertPages(content),
    ...media,
  });
}
