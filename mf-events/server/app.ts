import type { FastifyInstance } from 'fastify';
import type { ContentSource } from '@qf/shared/content';
import { createRemoteServer } from '@qf/shared/server';
import { createEventPages } from './events';
import { createSeriesPages } from './series';
import { createSpeakerPages } from './speakers';

export interface EventsServerOptions {
  /** The workspace folder (its `dist/` holds the builds). */
  dir: string;
  content: ContentSource;
  env?: NodeJS.ProcessEnv;
  /** The request time; a parameter so tests can fix it. */
  now?: () => Date;
}

/** The mf-events server: the events list, event pages, the speaker-series page and its speakers, through the page contract. */
export async function buildEventsServer({ dir, content, env, now }: EventsServerOptions): Promise<{ app: FastifyInstance; port: number; host: string }> {
  const events = createEventPages(content, now ? { now } : {});
  const series = createSeriesPages(content, now ? { now } : {});
  const speakers = createSpeakerPages(content);
  return createRemoteServer({
    name: 'mf-events',
    dir,
    env,
    contentVersion: () => content.version?.(),
    resolvePage: async (p, lang) => (await events.resolve(p, lang)) ?? (await series.resolve(p, lang)) ?? speakers.resolve(p, lang),
    listPaths: async () => [...(await events.paths()), ...(await series.paths()), ...(await speakers.paths())],
  });
}
