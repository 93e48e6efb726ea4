import type { FastifyInstance } from 'fastify';
import type { ContentSource } from '@qf/shared/content';
import { createRemoteServer } from '@qf/shared/server';
import { registerCalendarRoute } from './calendar';
import type { AvailabilityLookup } from './forms-availability';
import { createEventsSectionPages } from './pages';

export interface EventsServerOptions {
  /** The workspace folder (its `dist/` holds the builds). */
  dir: string;
  content: ContentSource;
  /** The content an editor's preview is made from (drafts: previewSourceFromEnv), if any. */
  previewContent?: ContentSource;
  env?: NodeJS.ProcessEnv;
  /** The request time; a parameter so tests can fix it. */
  now?: () => Date;
  /** The seats an event has left (mf-forms); main.ts asks its server, tests pass their own. */
  availability?: AvailabilityLookup;
}

/** The mf-events server: the events list, event pages, the speaker-series page and its speakers, through the page contract. */
export async function buildEventsServer({ dir, content, previewContent, env, now, availability }: EventsServerOptions): Promise<{ app: FastifyInstance; port: number; host: string }> {
  const pageOptions = { ...(now ? { now } : {}), ...(availability ? { availability } : {}) };
  const pages = createEventsSectionPages(content, pageOptions);
  const previewPages = previewContent && createEventsSectionPages(previewContent, pageOptions);
  const server = await createRemoteServer({
    name: 'mf-events',
    dir,
    env,
    contentVersion: () => content.version?.(),
    refreshContent: async () => content.refresh?.(),
    resolvePage: pages.resolve,
    ...(previewPages ? { previewPage: previewPages.resolve } : {}),
    listPaths: pages.paths,
  });
  // "Add to calendar": the event's .ics file, reached through the shell's API gateway (/api/events/…).
  registerCalendarRoute(server.app, content, { ...(env ? { env } : {}), ...(now ? { now } : {}) });
  return server;
}
