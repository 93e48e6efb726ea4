import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { listen } from '@qf/shared/server';
import { buildContentServer } from './app';

async function main() {
  const dir = path.resolve(__dirname, '..', '..');
  const content = createFileStore(process.env.CONTENT_DIR ?? path.resolve(dir, '..', 'content'));
  const { app, port, host } = await buildContentServer({ dir, content });
  await listen(app, port, host, 'mf-content');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
