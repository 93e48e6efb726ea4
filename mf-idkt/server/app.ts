import type { FastifyInstance } from 'fastify';
import type { ContentSource } from '@qf/shared/content';
import type { Lang } from '@qf/shared/i18n';
import { createRemoteServer } from '@qf/shared/server';
import { createIdktFooter } from './footer';
import { createIdktSectionPages } from './pages';

export interface IdktServerOptions {
  /** The workspace folder (its `dist/` holds the builds). */
  dir: string;
  content: ContentSource;
  /** The content an editor's preview is made from (drafts: previewSourceFromEnv), if any. */
  previewContent?: ContentSource;
  env?: NodeJS.ProcessEnv;
}

/** The mf-idkt server: the IDKT landing, its pages, the technology database and the info bank, each with the IDKT footer. */
export async function buildIdktServer({ dir, content, previewContent, env }: IdktServerOptions): Promise<{ app: FastifyInstance; port: number; host: string }> {
  const pages = createIdktSectionPages(content);
  const footer = createIdktFooter(content);
  const preview = previewContent && { pages: createIdktSectionPages(previewContent), footer: createIdktFooter(previewContent) };
  return createRemoteServer({
    name: 'mf-idkt',
    dir,
    env,
    contentVersion: () => content.version?.(),
    refreshContent: async () => content.refresh?.(),
    // Every IDKT page asks the shell for the IDKT footer in place of the main one (SPEC §2).
    resolvePage: async (p, lang, query) => footer.withFooter(await pages.resolve(p, lang, query), lang),
    ...(preview ? { previewPage: async (p: string, lang: Lang, query: URLSearchParams) => preview.footer.withFooter(await preview.pages.resolve(p, lang, query), lang) } : {}),
    listPaths: pages.paths,
  });
}
