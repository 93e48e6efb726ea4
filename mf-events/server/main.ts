import path from 'node:path';
import { contentSourceFromEnv } from '@qf/shared/content';
import { listen } from '@qf/shared/server';
import { buildEventsServer } from './app';

async function main() {
  const dir = path.resolve(__dirname, '..', '..');
  const content = contentSourceFromEnv(path.resolve(dir, '..'));
  const { app, port, host } = await buildEventsServer({ dir, content });
  await listen(app, port, host, 'mf-events');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
