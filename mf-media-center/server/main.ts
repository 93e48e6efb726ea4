import path from 'node:path';
import { contentSourceFromEnv } from '@qf/shared/content';
import { createRemoteServer, listen } from '@qf/shared/server';
import { createExpertPages } from './experts';
import { createMediaPages } from './media';
import { createLandingPage } from './landing';

async function main() {
  const dir = path.resolve(__dirname, '..', '..');
  const content = contentSourceFromEnv(path.resolve(dir, '..'));
  const experts = createExpertPages(content);
  const media = createMediaPages(content);
  const landing = createLandingPage(content, media);
  const { app, port, host } = await createRemoteServer({
    name: 'mf-media-center',
    dir,
    contentVersion: () => content.version?.(),
    resolvePage: async (p, lang) => (await landing.resolve(p, lang)) ?? (await experts.resolve(p, lang)) ?? media.resolve(p, lang),
    listPaths: async () => [...landing.paths(), ...(await experts.paths()), ...(await media.paths())],
  });
  await listen(app, port, host, 'mf-media-center');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
