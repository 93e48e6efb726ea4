import path from 'node:path';
import { contentSourceFromEnv } from '@qf/shared/content';
import { createRemoteServer, listen } from '@qf/shared/server';
import { createExpertPages } from './experts';

async function main() {
  const dir = path.resolve(__dirname, '..', '..');
  const content = contentSourceFromEnv(path.resolve(dir, '..'));
  const experts = createExpertPages(content);
  const { app, port, host } = await createRemoteServer({
    name: 'mf-media-center',
    dir,
    resolvePage: (p, lang) => experts.resolve(p, lang),
    listPaths: () => experts.paths(),
  });
  await listen(app, port, host, 'mf-media-center');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
