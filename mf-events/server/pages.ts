import type { ContentSource } from '@qf/shared/content';
import { definePages, type SectionPages } from '@qf/shared/section';
import { routes } from '../src/routes';
import { createEventPages, type EventPagesOptions } from './events';
import { createEventsList } from './events-list';
import { createSeriesPages } from './series';
import { createSpeakerPages } from './speakers';

/**
 * The server half of every template in `src/routes.ts`: its resolver and its sitemap paths. A template
 * added to the routes without an entry here does not compile; precedence comes from the routes.
 */
export function createEventsSectionPages(content: ContentSource, options: EventPagesOptions = {}): SectionPages {
  const now = options.now ? { now: options.now } : {};
  return definePages(routes, {
    events: createEventsList(content, now),
    event: createEventPages(content, options),
    series: createSeriesPages(content, now),
    ...createSpeakerPages(content),
  });
}
