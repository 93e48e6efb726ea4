import path from 'node:path';
import { contentSourceFromEnv } from '@qf/shared/content';
import { createRemoteServer, listen } from '@qf/shared/server';
import { createIdktFooter } from './footer';
import { createLandingPages } from './landing';
import { createSubpages } from './subpages';
import { createDatabasePages } from './database';

async function main() {
  const dir = path.resolve(__dirname, '..', '..');
  const content = contentSourceFromEnv(path.resolve(dir, '..'));
  const landing = createLandingPages(content);
  const subpages = createSubpages(content);
  const database = createDatabasePages(content);
  const footer = createIdktFooter(content);
  const { app, port, host } = await createRemoteServer({
    name: 'mf-idkt',
    dir,
    contentVersion: () => content.version?.(),
    resolvePage: async (p, lang, query) => footer.withFooter((await landing.resolve(p, lang)) ?? (await database.resolve(p, lang, query)) ?? (await subpages.resolve(p, lang)), lang),
    listPaths: async () => [...(await landing.paths()), ...(await subpages.paths()), ...(await database.paths())],
  });
  await listen(app, port, host, 'mf-idkt');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
