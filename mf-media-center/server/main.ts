import path from 'node:path';
import { contentSourceFromEnv } from '@qf/shared/content';
import { createRemoteServer, listen } from '@qf/shared/server';
import { createExpertPages } from './experts';
import { createMediaPages } from './media';

async function main() {
  const dir = path.resolve(__dirname, '..', '..');
  const content = contentSourceFromEnv(path.resolve(dir, '..'));
  const experts = createExpertPages(content);
  const media = createMediaPages(content);
  const { app, port, host } = await createRemoteServer({
    name: 'mf-media-center',
    dir,
    resolvePage: async (p, lang) => (await experts.resolve(p, lang)) ?? media.resolve(p, lang),
    listPaths: async () => [...(await experts.paths()), ...(await media.paths())],
  });
  await listen(app, port, host, 'mf-media-center');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
