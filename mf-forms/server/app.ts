import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createRemoteServer } from '@qf/shared/server';
import { registerBodyParsers } from './body';
import { openDb, type Db } from './db';
import { registerNewsletter } from './newsletter';
import { registerEventRegistration } from './event-registration';
import type { ContentSource } from '@qf/shared/content';

export interface FormsServerOptions {
  /** The workspace folder (its dist/ holds the builds the server serves). */
  dir: string;
  databaseUrl?: string;
  dataDir: string;
  /** Events' registration settings (open, attendance, capacity) come from the content. */
  content: ContentSource;
  env?: NodeJS.ProcessEnv;
  now?: () => Date;
}

/** The mf-forms server: static builds, the page contract and the forms API over its database. */
export async function buildFormsServer(options: FormsServerOptions): Promise<{ app: FastifyInstance; db: Db; port: number; host: string }> {
  const db = await openDb({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  const { app, port, host } = await createRemoteServer({ name: 'mf-forms', dir: options.dir, env: options.env });
  registerBodyParsers(app);
  registerNewsletter(app, db);
  registerEventRegistration(app, db, options.content, options.now);
  app.addHook('onClose', () => db.close());
  return { app, db, port, host };
}

export const defaultDataDir = (dir: string) => path.resolve(dir, '..', 'data', 'forms');
