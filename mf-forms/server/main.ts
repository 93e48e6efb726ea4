import path from 'node:path';
import { createRemoteServer, listen } from '@qf/shared/server';
import { openDb } from './db';
import { registerNewsletter } from './newsletter';
import { registerBodyParsers } from './body';

async function main() {
  const dir = path.resolve(__dirname, '..', '..');
  const db = await openDb({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? path.resolve(dir, '..', 'data', 'forms') });
  const { app, port, host } = await createRemoteServer({ name: 'mf-forms', dir });
  registerBodyParsers(app);
  registerNewsletter(app, db);
  app.addHook('onClose', () => db.close());
  await listen(app, port, host, `mf-forms (${db.kind})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
