import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createRemoteServer } from '@qf/shared/server';
import { registerBodyParsers } from './body';
import { registerGuard } from './guard';
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
  /** Submissions per client per minute and endpoint (default 30). */
  rateLimit?: number;
}

/** The mf-forms server: static builds, the page contract and the forms API over its database. */
export async function buildFormsServer(options: FormsServerOptions): Promise<{ app: FastifyInstance; db: Db; port: number; host: string }> {
  const db = await openDb({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  const { app, port, host } = await createRemoteServer({ name: 'mf-forms', dir: options.dir, env: options.env });
  registerBodyParsers(app);
  const env = options.env ?? process.env;
  const origins = new Set((env.SHELL_ORIGINS ?? 'http://127.0.0.1:3000,http://localhost:3000').split(',').map((o) => o.trim()).filter(Boolean));
  registerGuard(app, { origins, max: options.rateLimit ?? Number(env.FORMS_RATE_LIMIT ?? 30), windowMs: 60_000 });
  registerNewsletter(app, db);
  registerEventRegistration(app, db, options.content, options.now);
  app.addHook('onClose', () => db.close());
  return { app, db, port, host };
}

export const defaultDataDir = (dir: string) => path.resolve(dir, '..', 'data', 'forms');
