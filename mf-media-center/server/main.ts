import path from 'node:path';
import { contentSourceFromEnv, previewSourceFromEnv } from '@qf/shared/content';
import { listen, startTracing } from '@qf/shared/server';
import { buildMediaCenterServer } from './app';

async function main() {
  const tracing = startTracing({ service: 'mf-media-center' });
  const dir = path.resolve(__dirname, '..', '..');
  const content = contentSourceFromEnv(path.resolve(dir, '..'));
  const previewContent = previewSourceFromEnv();
  const { app, port, host } = await buildMediaCenterServer({ dir, content, ...(previewContent ? { previewContent } : {}) });
  app.addHook('onClose', tracing.shutdown);
  await listen(app, port, host, 'mf-media-center');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
