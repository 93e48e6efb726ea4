import { parseArgs } from 'node:util';
import { isLang, type Lang } from '@qf/shared/i18n';
import { DataDirBusyError } from './data-dir-lock';
import { openDb } from './db';
import { commandDatabase } from './config';
import { loadVapidKeys, pushMessageSchema, sendPush, type PushMessage, type SendResult } from './push';

/** Exit codes of `npm run push:send`, documented in mf-forms/README.md. */
export const PUSH_EXIT = { ok: 0, failed: 1, usage: 2, busy: 3 } as const;

const USAGE = [
  'Usage: npm run push:send -w mf-forms -- --title TEXT --body TEXT --url PATH [--lang en|ar]',
  '  --title  the notification title (1 to 120 characters)',
  '  --body   its text (at most 500 characters)',
  '  --url    the site path a click opens, e.g. /stories/new-learning-commons or /ar/events',
  '  --lang   only the subscriptions made in that language (default: all)',
].join('\n');

export class PushUsageError extends Error {}

export function parsePushArgs(argv: readonly string[]): { message: PushMessage; lang?: Lang } {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({ args: [...argv], options: { title: { type: 'string' }, body: { type: 'string' }, url: { type: 'string' }, lang: { type: 'string' } }, strict: true, allowPositionals: false }) as { values: Record<string, string | undefined> });
  } catch (error) {
    throw new PushUsageError((error as Error).message);
  }
  const parsed = pushMessageSchema.safeParse({ title: values.title, body: values.body ?? '', url: values.url });
  if (!parsed.success) throw new PushUsageError(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
  if (values.lang !== undefined && !isLang(values.lang)) throw new PushUsageError(`--lang must be en or ar; got "${values.lang}".`);
  return { message: parsed.data, ...(values.lang ? { lang: values.lang as Lang } : {}) };
}

export interface PushIo {
  env: NodeJS.ProcessEnv;
  defaultDataDir: string;
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Tests replace the delivery; the command uses web-push. */
  send?: Parameters<typeof sendPush>[2]['send'];
  /** Tests say which endpoints count as public hosts; the command resolves them (public-host.ts). */
  allowed?: Parameters<typeof sendPush>[2]['allowed'];
}

/**
 * Send one notification to the stored subscriptions with the server's VAPID keys. It opens the forms
 * database itself: with PGlite (one process per data folder) run it while the server is stopped, or
 * use PostgreSQL (DATABASE_URL). Resolves with the exit code.
 */
export async function runPushSend(argv: readonly string[], io: PushIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(`${USAGE}\n`);
    return PUSH_EXIT.ok;
  }
  let args: ReturnType<typeof parsePushArgs>;
  try {
    args = parsePushArgs(argv);
  } catch (error) {
    if (!(error instanceof PushUsageError)) throw error;
    io.stderr(`push:send: ${error.message}\n\n${USAGE}\n`);
    return PUSH_EXIT.usage;
  }
  const found = commandDatabase('push:send', io);
  if (!found) return PUSH_EXIT.failed;
  const { env, databaseUrl, dataDir } = found;
  let db;
  try {
    db = await openDb({ databaseUrl, dataDir });
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      io.stderr(`push:send: ${error.message} Stop the mf-forms server first, or use PostgreSQL (DATABASE_URL).\n`);
      return PUSH_EXIT.busy;
    }
    throw error;
  }
  try {
    const keys = loadVapidKeys({ env, dataDir });
    const result: SendResult = await sendPush(db, args.message, { keys, ...(args.lang ? { lang: args.lang } : {}), ...(io.send ? { send: io.send } : {}), ...(io.allowed ? { allowed: io.allowed } : {}) });
    const refused = result.refused ? `, ${result.refused} refused (not a public host)` : '';
    io.stdout(`push:send: sent ${result.sent}, removed ${result.removed} expired subscription(s), ${result.failed} failed${refused}.\n`);
    return result.failed > 0 ? PUSH_EXIT.failed : PUSH_EXIT.ok;
  } finally {
    await db.close();
  }
}
