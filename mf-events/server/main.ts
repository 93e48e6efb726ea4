import path from 'node:path';
import { contentSourceFromEnv } from '@qf/shared/content';
import { createRemoteServer, listen } from '@qf/shared/server';
import { createEventPages } from './events';

async function main() {
  const dir = path.resolve(__dirname, '..', '..');
  const content = contentSourceFromEnv(path.resolve(dir, '..'));
  const events = createEventPages(content);
  const { app, port, host } = await createRemoteServer({
    name: 'mf-events',
    dir,
    resolvePage: (p, lang) => events.resolve(p, lang),
    listPaths: () => events.paths(),
  });
  await listen(app, port, host, 'mf-events');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
