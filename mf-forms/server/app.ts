import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createRemoteServer } from '@qf/shared/server';
import { answerError, registerBodyParsers } from './body';
import { databaseCounter, memoryCounter, registerGuard } from './guard';
import { openDb, type Db } from './db';
import { registerNewsletter } from './newsletter';
import { loadFormsSecret, newsletterLinks, registerNewsletterUnsubscribe, siteOrigin, UNSUBSCRIBE_PATH } from './newsletter-unsubscribe';
import { registerEventRegistration } from './event-registration';
import { registerPush } from './push';
import { registerUploadForms, uploadBudgetOf, uploadStoreFor } from './upload-forms';
import { registerAlumni } from './alumni';
import { registerPolls } from './poll';
import { registerSurveys } from './survey';
import { registerEcssQuestions } from './ecss-question';
import { createFormsSectionPages } from './pages';
import { outboxFromEnv, type OutboxWorker, type OutboxWorkerOptions } from './outbox';
import type { ContentSource } from '@qf/shared/content';
import { loadFormsEnv, type FormsEnv } from './config';
import { registerFormsMetrics } from './metrics';

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
  /** Outbox worker tuning (tests); the worker itself runs only when `SMTP_URL` is set. */
  outbox?: Partial<Omit<OutboxWorkerOptions, 'db' | 'smtpUrl'>>;
}

/** The mf-forms server: static builds, the page contract and the forms API over its database. */
export async function buildFormsServer(options: FormsServerOptions): Promise<{ app: FastifyInstance; db: Db; port: number; host: string; outbox?: OutboxWorker }> {
  // Every variable checked before anything starts: a wrong one stops the start, naming it (config.ts).
  const env = loadFormsEnv(options.env ?? process.env);
  assertClusterReady(env, options.databaseUrl);
  const db = await openDb({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  const pages = createFormsSectionPages();
  const { app, port, host } = await createRemoteServer({
    name: 'mf-forms',
    dir: options.dir,
    env: options.env,
    contentVersion: () => options.content.version?.(),
    refreshContent: async () => options.content.refresh?.(),
    resolvePage: pages.resolve,
    listPaths: pages.paths,
    errorHandler: answerError,
  });
  // Before any form route: each is counted by name (metrics.ts refuses a form route it cannot name).
  registerFormsMetrics(app, { db, content: options.content, now: options.now, log: app.log });
  registerBodyParsers(app);
  const origins = new Set(env.SHELL_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean));
  const secret = loadFormsSecret({ env, dataDir: options.dataDir });
  // PostgreSQL may be shared by several servers: the limits are counted there, so they hold across them.
  const counter = db.kind === 'postgres' ? databaseCounter(db, secret) : memoryCounter();
  registerGuard(app, { origins, max: options.rateLimit ?? env.FORMS_RATE_LIMIT, windowMs: 60_000, originExempt: new Set([UNSUBSCRIBE_PATH]), counter });
  const links = newsletterLinks(secret, siteOrigin(env));
  registerNewsletter(app, db, links);
  await registerNewsletterUnsubscribe(app, db, links);
  registerEventRegistration(app, db, options.content, options.now);
  await registerPush(app, db, { env, dataDir: options.dataDir });
  await registerUploadForms(app, { db, content: options.content, store: uploadStoreFor(db, options.dataDir, env), now: options.now, budget: uploadBudgetOf(env) });
  registerAlumni(app, db);
  registerPolls(app, db, options.content, { secret, votesPerAddress: env.POLL_VOTES_PER_ADDRESS, now: options.now });
  registerSurveys(app, db, options.content, options.now);
  registerEcssQuestions(app, db, options.content, env);
  const outbox = outboxFromEnv(db, env, { log: app.log, ...options.outbox });
  app.addHook('onClose', async () => {
    await outbox?.stop();
    await db.close();
  });
  return { app, db, port, host, outbox };
}

/**
 * Cluster mode (`QF_CLUSTER=1`, several instances behind a proxy): what must be the same on every
 * instance has to be given, never generated per instance into its own data folder (links signed by
 * one would be refused by the next, push subscriptions made with one key pair would fail with the
 * other), and the database has to be the shared PostgreSQL.
 */
export function assertClusterReady(env: FormsEnv, databaseUrl: string | undefined): void {
  if (env.QF_CLUSTER !== '1') return;
  const missing = [...(databaseUrl ? [] : ['DATABASE_URL']), ...(['FORMS_SECRET', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'] as const).filter((name) => !env[name])];
  if (missing.length) throw new Error(`mf-forms in cluster mode (QF_CLUSTER=1) needs ${missing.join(', ')}: every instance must share them, none may generate its own`);
}

export const defaultDataDir = (dir: string) => path.resolve(dir, '..', 'data', 'forms');
