import { listen } from '@qf/shared/server';
import { buildShellServer } from './app';
import { loadConfig } from './config';

async function main() {
  const config = loadConfig();
  await listen(await buildShellServer(config), config.PORT, config.HOST, 'shell');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
