import { existsSync } from 'node:fs';
import path from 'node:path';
import { contentSourceFromEnv, previewSourceFromEnv } from '@qf/shared/content';
import { listen, startTracing } from '@qf/shared/server';
import { buildContentServer } from './app';

async function main() {
  const tracing = startTracing({ service: 'mf-content' });
  const dir = path.resolve(__dirname, '..', '..');
  const content = contentSourceFromEnv(path.resolve(dir, '..'));
  // The registry the shell reads (a file or a URL), where search finds the other sections' listing
  // pages; the repository's own by default, as for the shell.
  const own = path.resolve(dir, '..', 'registry.json');
  const registry = process.env.REGISTRY ?? (existsSync(own) ? own : undefined);
  const previewContent = previewSourceFromEnv();
  const { app, port, host } = await buildContentServer({ dir, content, ...(previewContent ? { previewContent } : {}), ...(registry ? { registry } : {}) });
  app.addHook('onClose', tracing.shutdown);
  await listen(app, port, host, 'mf-content');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
