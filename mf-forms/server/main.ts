import path from 'node:path';
import { listen, startTracing } from '@qf/shared/server';
import { contentSourceFromEnv } from '@qf/shared/content';
import { buildFormsServer, defaultDataDir } from './app';
import { loadFormsEnv } from './config';

async function main() {
  const tracing = startTracing({ service: 'mf-forms' });
  const dir = path.resolve(__dirname, '..', '..');
  const content = contentSourceFromEnv(path.resolve(dir, '..'));
  const env = loadFormsEnv();
  const { app, db, port, host } = await buildFormsServer({ dir, databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? defaultDataDir(dir), content });
  app.addHook('onClose', tracing.shutdown);
  await listen(app, port, host, `mf-forms (${db.kind})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
