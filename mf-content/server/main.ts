import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { createRemoteServer, listen } from '@qf/shared/server';
import { createStoryPages } from './stories';

async function main() {
  const dir = path.resolve(__dirname, '..', '..');
  const content = createFileStore(process.env.CONTENT_DIR ?? path.resolve(dir, '..', 'content'));
  const stories = createStoryPages(content);
  const { app, port, host } = await createRemoteServer({
    name: 'mf-content',
    dir,
    resolvePage: (p, lang) => stories.resolve(p, lang),
    listPaths: () => stories.paths(),
  });
  await listen(app, port, host, 'mf-content');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
