import path from 'node:path';
import { contentSourceFromEnv } from '@qf/shared/content';
import { createRemoteServer, listen } from '@qf/shared/server';
import { createLandingPages } from './landing';

async function main() {
  const dir = path.resolve(__dirname, '..', '..');
  const content = contentSourceFromEnv(path.resolve(dir, '..'));
  const landing = createLandingPages(content);
  const { app, port, host } = await createRemoteServer({
    name: 'mf-idkt',
    dir,
    resolvePage: (p, lang) => landing.resolve(p, lang),
    listPaths: () => landing.paths(),
  });
  await listen(app, port, host, 'mf-idkt');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
