import { listen, startTracing } from '@qf/shared/server';
import { buildShellServer } from './app';
import { loadConfig } from './config';

async function main() {
  const tracing = startTracing({ service: 'shell' });
  const config = loadConfig();
  const app = await buildShellServer(config);
  app.addHook('onClose', tracing.shutdown);
  await listen(app, config.PORT, config.HOST, 'shell');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
