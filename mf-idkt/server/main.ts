import path from 'node:path';
import { contentSourceFromEnv } from '@qf/shared/content';
import { createRemoteServer, listen } from '@qf/shared/server';
import { createLandingPages } from './landing';
import { createSubpages } from './subpages';

async function main() {
  const dir = path.resolve(__dirname, '..', '..');
  const content = contentSourceFromEnv(path.resolve(dir, '..'));
  const landing = createLandingPages(content);
  const subpages = createSubpages(content);
  const { app, port, host } = await createRemoteServer({
    name: 'mf-idkt',
    dir,
    resolvePage: async (p, lang) => (await landing.resolve(p, lang)) ?? subpages.resolve(p, lang),
    listPaths: async () => [...(await landing.paths()), ...(await subpages.paths())],
  });
  await listen(app, port, host, 'mf-idkt');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
