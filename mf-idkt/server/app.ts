import type { FastifyInstance } from 'fastify';
import type { ContentSource } from '@qf/shared/content';
import { createRemoteServer } from '@qf/shared/server';
import { createIdktFooter } from './footer';
import { createIdktSectionPages } from './pages';

export interface IdktServerOptions {
  /** The workspace folder (its `dist/` holds the builds). */
  dir: string;
  content: ContentSource;
  env?: NodeJS.ProcessEnv;
}

/** The mf-idkt server: the IDKT landing, its pages, the technology database and the info bank, each with the IDKT footer. */
export async function buildIdktServer({ dir, content, env }: IdktServerOptions): Promise<{ app: FastifyInstance; port: number; host: string }> {
  const pages = createIdktSectionPages(content);
  const footer = createIdktFooter(content);
  return createRemoteServer({
    name: 'mf-idkt',
    dir,
    env,
    contentVersion: () => content.version?.(),
    refreshContent: async () => content.refresh?.(),
    // Every IDKT page asks the shell for the IDKT footer in place of the main one (SPEC §2).
    resolvePage: async (p, lang, query) => footer.withFooter(await pages.resolve(p, lang, query), lang),
    listPaths: pages.paths,
  });
}
