import type { FastifyInstance } from 'fastify';
import type { ContentSource } from '@qf/shared/content';
import { createRemoteServer } from '@qf/shared/server';
import { createMediaCenterSectionPages } from './pages';

export interface MediaCenterServerOptions {
  /** The workspace folder (its `dist/` holds the builds). */
  dir: string;
  content: ContentSource;
  /** The content an editor's preview is made from (drafts: previewSourceFromEnv), if any. */
  previewContent?: ContentSource;
  env?: NodeJS.ProcessEnv;
}

/** The mf-media-center server: the media centre's landing, its experts, galleries, press releases and mentions. */
export async function buildMediaCenterServer({ dir, content, previewContent, env }: MediaCenterServerOptions): Promise<{ app: FastifyInstance; port: number; host: string }> {
  const pages = createMediaCenterSectionPages(content);
  const previewPages = previewContent && createMediaCenterSectionPages(previewContent);
  return createRemoteServer({
    name: 'mf-media-center',
    dir,
    env,
    contentVersion: () => content.version?.(),
    refreshContent: async () => content.refresh?.(),
    resolvePage: pages.resolve,
    ...(previewPages ? { previewPage: previewPages.resolve } : {}),
    listPaths: pages.paths,
  });
}
