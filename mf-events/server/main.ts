import path from 'node:path';
import { contentSourceFromEnv, previewSourceFromEnv } from '@qf/shared/content';
import { listen, startTracing } from '@qf/shared/server';
import { buildEventsServer } from './app';
import { formsAvailability } from './forms-availability';

async function main() {
  const tracing = startTracing({ service: 'mf-events' });
  const dir = path.resolve(__dirname, '..', '..');
  const content = contentSourceFromEnv(path.resolve(dir, '..'));
  const previewContent = previewSourceFromEnv();
  const { app, port, host } = await buildEventsServer({ dir, content, ...(previewContent ? { previewContent } : {}), availability: formsAvailability(process.env, path.resolve(dir, '..')) });
  app.addHook('onClose', tracing.shutdown);
  await listen(app, port, host, 'mf-events');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
