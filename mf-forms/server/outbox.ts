import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Lang } from '@qf/shared/i18n';
import type { Db, Queryable } from './db';
import type { FormsEnv } from './config';
import { loggedError } from './log';

/** One email, as the form that sends it writes it: already in the visitor's language. */
export interface OutboxMessage {
  /**
   * What the email is (`newsletter-welcome`, `event-registration`, ...): for ops and for tests. Every
   * newsletter email's kind starts with `newsletter-`: unsubscribing deletes those sent to the address.
   */
  kind: string;
  to: string;
  lang: Lang;
  subject: string;
  text: string;
  html: string;
  /** Extra headers sent with the email (e.g. `List-Unsubscribe` on newsletter emails). */
  headers?: Record<string, string>;
}

/**
 * Queue an email in the submission's own transaction (`db.transaction(tx => ...)`): it exists exactly
 * when the submission does, and the visitor's answer never waits for SMTP.
 */
export async function enqueueEmail(tx: Queryable, message: OutboxMessage): Promise<void> {
  await tx.query('INSERT INTO email_outbox (kind, to_address, lang, subject, text, html, headers) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)', [
    message.kind,
    message.to,
    message.lang,
    message.subject,
    message.text,
    message.html,
    JSON.stringify(message.headers ?? {}),
  ]);
}

export const DEFAULT_MAIL_FROM = '"Qatar Foundation" <no-reply@qf.org.qa>';

export interface OutboxWorkerOptions {
  db: Db;
  /** `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://...` (TLS from the start). */
  smtpUrl: string;
  from?: string;
  /** How often pending rows are looked for (default 5 s). */
  pollMs?: number;
  /** The first retry waits this long, each later one twice as long as the one before (default 30 s)... */
  retryBaseMs?: number;
  /** ...up to this (default 1 h). */
  retryMaxMs?: number;
  /** After this many failed attempts the row is given up (default 20: about a day of retries). */
  maxAttempts?: number;
  /** A claimed row is left alone this long; a worker that died mid-send has it retried after (default 5 min). */
  leaseMs?: number;
  batchSize?: number;
  /** The server's logger (pino): a failed attempt, a message given up, an outbox that cannot be read. */
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
}

export interface OutboxWorker {
  /** Deliver what is due now; resolves with the number of rows claimed. */
  runOnce(): Promise<number>;
  /** Stop polling and wait for a delivery in progress. */
  stop(): Promise<void>;
}

interface Claimed {
  id: string | number;
  to_address: string;
  lang: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string> | string | null;
  attempts: number;
}

/** The stored headers (a JSON object of strings; a driver may hand jsonb back as text). */
function headersOf(stored: Claimed['headers']): Record<string, string> {
  const value: unknown = typeof stored === 'string' ? JSON.parse(stored) : stored;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** An SMTP URL, or the reason it is not one (checked before the server starts). */
export function smtpUrlProblem(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return `SMTP_URL must start with smtp:// or smtps:// (got ${url.protocol}//)`;
    if (!url.hostname) return 'SMTP_URL has no host';
    return null;
  } catch {
    return 'SMTP_URL is not a URL (expected smtp://user:pass@host:port)';
  }
}

/**
 * nodemailer reads its options from the URL's query (`?tls.rejectUnauthorized=false`, `requireTLS=true`);
 * timeouts the URL does not set are short, so an unreachable server fails an attempt well within a lease.
 */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [key, ms] of [['connectionTimeout', 15_000], ['greetingTimeout', 15_000], ['socketTimeout', 60_000]] as const) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(ms));
  }
  return url.toString();
}

/** Exponential backoff with a cap: base, 2·base, 4·base, ... never more than max. */
export const retryDelay = (attempts: number, baseMs: number, maxMs: number) => Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));

/**
 * Delivers pending outbox rows over SMTP. Rows are claimed by one atomic UPDATE whose subquery takes them
 * `FOR UPDATE SKIP LOCKED` and pushes their next attempt past a lease, so two workers (two servers on one
 * PostgreSQL) never send one row at the same time, and the send itself happens outside any transaction
 * (PGlite runs one transaction at a time: a slow SMTP server must not hold up submissions). Delivery is at
 * least once: a worker killed between the send and the `sent_at` update sends that row again later.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const problem = smtpUrlProblem(options.smtpUrl);
  if (problem) throw new Error(problem);
  const { db, log } = options;
  const from = options.from ?? DEFAULT_MAIL_FROM;
  const pollMs = options.pollMs ?? 5_000;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const retryMaxMs = options.retryMaxMs ?? 3_600_000;
  const maxAttempts = options.maxAttempts ?? 20;
  const leaseMs = options.leaseMs ?? 300_000;
  const batchSize = options.batchSize ?? 10;
  const transport = nodemailer.createTransport(withTimeouts(options.smtpUrl));
  const inFlight = new Set<Promise<number>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastProblem = '';

  async function deliver(row: Claimed): Promise<void> {
    try {
      await transport.sendMail({ from, to: row.to_address, subject: row.subject, text: row.text, html: row.html, headers: { ...headersOf(row.headers), 'Content-Language': row.lang } });
      await db.query('UPDATE email_outbox SET sent_at = now(), next_attempt_at = NULL, last_error = NULL WHERE id = $1', [row.id]);
    } catch (error) {
      const e = error as { message?: string; responseCode?: number; command?: string };
      const message = String(e.message ?? error).slice(0, 1000);
      // A recipient the server refuses for good (5xx at RCPT TO) will never be accepted: stop retrying it.
      const refused = e.command === 'RCPT TO' && typeof e.responseCode === 'number' && e.responseCode >= 500;
      // Never the error's message or the row: SMTP servers quote the recipient's address in theirs.
      const facts = { outbox_id: String(row.id), attempts: row.attempts, ...(e.command ? { smtp_command: e.command } : {}), ...(typeof e.responseCode === 'number' ? { smtp_code: e.responseCode } : {}), ...(typeof (error as { code?: unknown }).code === 'string' ? { code: (error as { code: string }).code } : {}) };
      if (refused || row.attempts >= maxAttempts) {
        log.warn(facts, refused ? 'outbox: the recipient was refused, the email is given up' : 'outbox: every attempt failed, the email is given up');
        await db.query('UPDATE email_outbox SET last_error = $2, next_attempt_at = NULL WHERE id = $1', [row.id, message]);
      } else {
        log.warn(facts, 'outbox: an email could not be sent, it will be retried');
        await db.query("UPDATE email_outbox SET last_error = $2, next_attempt_at = now() + $3::double precision * interval '1 millisecond' WHERE id = $1", [
          row.id,
          message,
          retryDelay(row.attempts, retryBaseMs, retryMaxMs),
        ]);
      }
    }
  }

  async function claimAndDeliver(): Promise<number> {
    const rows = await db.query<Claimed>(
      `UPDATE email_outbox SET attempts = attempts + 1, next_attempt_at = now() + $2::double precision * interval '1 millisecond'
       WHERE id IN (
         SELECT id FROM email_outbox WHERE sent_at IS NULL AND next_attempt_at <= now()
         ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED
       )
       RETURNING id, to_address, lang, subject, text, html, headers, attempts`,
      [batchSize, leaseMs],
    );
    for (const row of rows) await deliver({ ...row, attempts: Number(row.attempts) });
    return rows.length;
  }

  function runOnce(): Promise<number> {
    const run = claimAndDeliver().finally(() => inFlight.delete(run));
    inFlight.add(run);
    return run;
  }

  async function loop(): Promise<void> {
    timer = undefined;
    try {
      while (!stopped && (await runOnce()) === batchSize);
      lastProblem = '';
    } catch (error) {
      // The database is unavailable (or closing): say so once, not on every poll.
      const text = String((error as Error).message ?? error);
      if (text !== lastProblem) log.error({ err: loggedError(error) }, 'outbox: could not read the outbox');
      lastProblem = text;
    }
    if (!stopped) {
      timer = setTimeout(() => void loop(), pollMs);
      timer.unref();
    }
  }
  void loop();

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await Promise.allSettled([...inFlight]);
      transport.close();
    },
  };
}

let warnedNoSmtp = false;

/**
 * The worker when `SMTP_URL` is set. Without it the emails stay pending in `email_outbox` (said once per
 * process), to be delivered by the first server started with SMTP configured.
 */
export function outboxFromEnv(
  db: Db,
  env: Pick<FormsEnv, 'SMTP_URL' | 'OUTBOX_POLL_MS' | 'MAIL_FROM'>,
  overrides: Partial<OutboxWorkerOptions> & Pick<OutboxWorkerOptions, 'log'>,
): OutboxWorker | undefined {
  const smtpUrl = env.SMTP_URL;
  if (!smtpUrl) {
    if (!warnedNoSmtp) overrides.log.info('SMTP_URL is not set: confirmation emails wait in email_outbox until a server with SMTP_URL runs');
    warnedNoSmtp = true;
    return undefined;
  }
  return startOutboxWorker({ db, smtpUrl, from: env.MAIL_FROM ?? DEFAULT_MAIL_FROM, pollMs: env.OUTBOX_POLL_MS, ...overrides });
}
