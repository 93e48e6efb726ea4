import path from 'node:path';
import { contentSourceFromEnv, previewSourceFromEnv } from '@qf/shared/content';
import { listen, startTracing } from '@qf/shared/server';
import { buildIdktServer } from './app';

async function main() {
  const tracing = startTracing({ service: 'mf-idkt' });
  const dir = path.resolve(__dirname, '..', '..');
  const content = contentSourceFromEnv(path.resolve(dir, '..'));
  const previewContent = previewSourceFromEnv();
  const { app, port, host } = await buildIdktServer({ dir, content, ...(previewContent ? { previewContent } : {}) });
  app.addHook('onClose', tracing.shutdown);
  await listen(app, port, host, 'mf-idkt');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
