import { AsyncResource } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db';
import { loggedError } from './log';

export interface EcssForwarderOptions {
  db: Db;
  /** The workflow endpoint (SPEC §7: a cloud automation workflow); without it questions stay pending. */
  url?: string;
  /** The signature the workflow expects in its query string (`sig`), kept out of the URL in the repository. */
  token?: string;
  /** First retry delay; each failure doubles it, up to `maxDelayMs`. */
  retryMs?: number;
  maxDelayMs?: number;
  /** How often pending questions are looked for when nothing kicks the forwarder. */
  pollMs?: number;
  timeoutMs?: number;
  /** The server's logger (pino). */
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

interface QuestionRow {
  id: string | number;
  event_id: string;
  name: string;
  email: string;
  question: string;
  lang: string;
  created_at: string | Date;
  attempts: number;
}

/** The workflow's URL with the signature in its query string. */
export function signedUrl(url: string, token: string | undefined): string {
  const target = new URL(url);
  if (token) target.searchParams.set('sig', token);
  return target.toString();
}

/**
 * Forwards stored speaker-series questions to the workflow, in the background: each question was
 * committed before the visitor was answered, so the workflow being down delays a question but never
 * loses it or fails the visitor. A failed delivery is retried with a doubling delay; a delivered one is
 * marked `forwarded_at`. Rows are claimed by pushing `next_attempt_at` forward (a lease), so a forwarder
 * that dies mid-send leaves them to be retried.
 */
export function startEcssForwarder(options: EcssForwarderOptions) {
  const { db, url, token, log } = options;
  const retryMs = options.retryMs ?? 30_000;
  const maxDelayMs = options.maxDelayMs ?? 3_600_000;
  const pollMs = options.pollMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function deliver(row: QuestionRow): Promise<void> {
    const res = await fetch(signedUrl(url!, token), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: String(row.id), eventId: row.event_id, name: row.name, email: row.email, question: row.question, lang: row.lang, submittedAt: new Date(row.created_at).toISOString() }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new Error(`workflow answered ${res.status}`);
  }

  async function runOnce(): Promise<number> {
    const lease = timeoutMs * 3;
    const rows = await db.query<QuestionRow>(
      `UPDATE ecss_questions SET attempts = attempts + 1, next_attempt_at = now() + $1 * interval '1 millisecond'
       WHERE id IN (SELECT id FROM ecss_questions WHERE forwarded_at IS NULL AND next_attempt_at <= now() ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED)
       RETURNING id, event_id, name, email, question, lang, created_at, attempts`,
      [lease],
    );
    for (const row of rows) {
      if (stopped) break;
      try {
        await deliver(row);
        await db.query('UPDATE ecss_questions SET forwarded_at = now(), last_error = NULL WHERE id = $1', [row.id]);
      } catch (error) {
        const delay = Math.min(maxDelayMs, retryMs * 2 ** Math.max(0, Number(row.attempts) - 1));
        // The question's id, never its text or its sender.
        log.warn({ err: loggedError(error), question_id: String(row.id), attempts: Number(row.attempts), retry_in_ms: delay }, 'speaker-series question not forwarded, it will be retried');
        await db.query(`UPDATE ecss_questions SET next_attempt_at = now() + $2 * interval '1 millisecond', last_error = $3 WHERE id = $1`, [row.id, delay, String((error as Error).message ?? error).slice(0, 500)]);
      }
    }
    return rows.length;
  }

  function schedule(ms: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(kick, ms);
    timer.unref?.();
  }

  async function loop(): Promise<void> {
    try {
      do {
        again = false;
        while (!stopped && (await runOnce()) > 0);
      } while (again && !stopped);
      // The next retry may be due before the next regular look.
      const next = await db.query<{ ms: number }>(`SELECT greatest(0, extract(epoch FROM min(next_attempt_at) - now()) * 1000)::float8 AS ms FROM ecss_questions WHERE forwarded_at IS NULL`);
      const due = next[0]?.ms;
      schedule(due === null || due === undefined ? pollMs : Math.min(pollMs, Math.ceil(Number(due)) + 5));
    } catch (error) {
      if (!stopped) {
        log.error({ err: loggedError(error) }, 'speaker-series forwarder failed');
        schedule(pollMs);
      }
    }
  }

  /**
   * Look for questions to forward now (a new one was just stored). Bound to the context the forwarder
   * was started in: kicked by a request, its work (and the timers it sets) would otherwise carry that
   * request's trace into every later statement (db.ts tags statements run for a request).
   */
  const kick = AsyncResource.bind((): void => {
    if (!url || stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = loop().finally(() => {
      running = null;
    });
  });

  if (url) kick();

  return {
    configured: Boolean(url),
    kick,
    /** Counts for operators: questions waiting for the workflow and questions it accepted. */
    async status(): Promise<{ pending: number; forwarded: number; workflowConfigured: boolean }> {
      const rows = await db.query<{ pending: number; forwarded: number }>('SELECT count(*) FILTER (WHERE forwarded_at IS NULL)::int AS pending, count(*) FILTER (WHERE forwarded_at IS NOT NULL)::int AS forwarded FROM ecss_questions');
      return { pending: Number(rows[0]?.pending ?? 0), forwarded: Number(rows[0]?.forwarded ?? 0), workflowConfigured: Boolean(url) };
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
export type EcssForwarder = ReturnType<typeof startEcssForwarder>;
