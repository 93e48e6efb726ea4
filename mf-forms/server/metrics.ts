import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge } from 'prom-client';
import { plainField, type ContentSource } from '@qf/shared/content';
import type { Queryable } from './db';
import { loggedError } from './log';

/**
 * What mf-forms tells Prometheus (issue 32), on the server's own registry (`app.observability.registry`,
 * served at `/metrics` on METRICS_PORT), never prom-client's global one: a process may hold many servers
 * (the tests do).
 *
 * - `qf_form_submissions_total{form, outcome}`: every POST and DELETE of the forms API, counted when its
 *   answer is sent, whoever answered it (the handler, the guard's 403 and 429, the body parser's 413/415).
 * - `qf_forms_outbox_backlog`, `qf_forms_outbox_oldest_seconds`, `qf_forms_outbox_given_up`: the email
 *   outbox, read from the database when Prometheus scrapes.
 * - `qf_event_seats_left{event}`: the in-person seats left of each event open for registration, read when
 *   Prometheus scrapes.
 */

/** The forms, by the route (method and Fastify's route template) that receives them: the `form` label. */
export const FORM_ROUTES: Readonly<Record<string, string>> = {
  'POST /api/forms/newsletter': 'newsletter',
  'POST /api/forms/newsletter/unsubscribe': 'newsletter_unsubscribe',
  'POST /api/forms/events/:eventId/registrations': 'event_registration',
  'POST /api/forms/art-entries': 'art_entry',
  'POST /api/forms/scholarships': 'scholarship',
  'POST /api/forms/alumni': 'alumni_signup',
  'POST /api/forms/polls/:pollId/votes': 'poll_vote',
  'POST /api/forms/surveys/:surveyId/responses': 'survey_response',
  'POST /api/forms/ecss/questions': 'ecss_question',
  'POST /api/forms/push/subscriptions': 'push_subscribe',
  'DELETE /api/forms/push/subscriptions': 'push_unsubscribe',
};

/** The `outcome` label: a small fixed set, the same for every form. */
export const SUBMISSION_OUTCOMES = [
  /** Stored (or deleted, for the unsubscriptions): 200 or 201. */
  'accepted',
  /** A field failed validation (a wrong file type included): 400, 415 `file-type`. */
  'invalid',
  /** The request itself could not be read: a content type no form is sent as, a broken multipart body. */
  'unreadable',
  /** The visitor had already subscribed, registered, voted, applied: 409. */
  'duplicate',
  /** No seat left (in person, or at all). */
  'full',
  /** The event, poll, survey or submission window is closed. */
  'closed',
  /** The event, poll, survey, window or push subscription does not exist: 404. */
  'not_found',
  /** Posted from another site (the Origin check): 403. */
  'forbidden',
  /** Too many submissions from one client: 429. */
  'rate_limited',
  /** A body or a file over its limit: 413. */
  'too_large',
  /** The honeypot field was filled: answered as a success, nothing stored. */
  'spam',
  /** A retry with a known `Idempotency-Key`: the first answer again, nothing stored. */
  'replayed',
  /** The database (or anything else) failed: 5xx. */
  'error',
] as const;
export type SubmissionOutcome = (typeof SUBMISSION_OUTCOMES)[number];

/** The outcomes the forms answer with (their `outcome` field), by the label value they count as. */
const OUTCOME_OF: Readonly<Record<string, SubmissionOutcome>> = {
  subscribed: 'accepted',
  unsubscribed: 'accepted',
  registered: 'accepted',
  'signed-up': 'accepted',
  voted: 'accepted',
  received: 'accepted',
  submitted: 'accepted',
  'already-subscribed': 'duplicate',
  'already-registered': 'duplicate',
  'already-signed-up': 'duplicate',
  'already-voted': 'duplicate',
  'already-submitted': 'duplicate',
  'already-applied': 'duplicate',
  invalid: 'invalid',
  'invalid-email': 'invalid',
  'file-type': 'invalid',
  malformed: 'unreadable',
  unsupported: 'unreadable',
  'unsupported-media-type': 'unreadable',
  'bad-request': 'unreadable',
  full: 'full',
  'in-person-full': 'full',
  closed: 'closed',
  'not-found': 'not_found',
  forbidden: 'forbidden',
  'rate-limited': 'rate_limited',
  'too-large': 'too_large',
  'file-too-large': 'too_large',
  error: 'error',
};

const LABELS = new Set<string>(SUBMISSION_OUTCOMES);

/** The label value of an answer without a noted outcome, by its status. */
function outcomeOfStatus(status: number): SubmissionOutcome {
  if (status < 400) return 'accepted';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'duplicate';
  if (status === 413) return 'too_large';
  if (status === 415) return 'unreadable';
  if (status === 429) return 'rate_limited';
  if (status < 500) return 'invalid';
  return 'error';
}

const noted = new WeakMap<FastifyRequest, SubmissionOutcome>();

/**
 * Say what a submission's outcome was: a form's own outcome (`already-voted`, `in-person-full`) or a
 * label value (`spam`, `replayed`). The first note of a request holds (a honeypot answered as a success
 * stays `spam`); an outcome the table does not know leaves the answer's status to decide.
 */
export function noteSubmission(request: FastifyRequest, outcome: string): void {
  if (noted.has(request)) return;
  const label = LABELS.has(outcome) ? (outcome as SubmissionOutcome) : OUTCOME_OF[outcome];
  if (label) noted.set(request, label);
}

/** The label value a submission's answer is counted under. */
export const submissionOutcome = (request: FastifyRequest, status: number): SubmissionOutcome =>
  status >= 500 ? 'error' : (noted.get(request) ?? outcomeOfStatus(status));

/** How long a scrape waits for the database before it reports what it could not read as unknown. */
export const COLLECT_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** One read for every gauge asking during a scrape (prom-client collects them at the same time). */
function shared<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= read().finally(() => {
      running = null;
    });
    return running;
  };
}

export interface FormsMetricsOptions {
  db: Queryable;
  content: ContentSource;
  now?: () => Date;
  log: FastifyBaseLogger;
}

interface OutboxState {
  backlog: number;
  oldestSeconds: number;
  givenUp: number;
}

/**
 * The metrics, on `app.observability.registry`. Call before any form route is added: a POST or DELETE
 * route under `/api/forms/` that `FORM_ROUTES` does not name is refused when it is added, so no form is
 * ever left uncounted and the `form` label stays the table's.
 */
export function registerFormsMetrics(app: FastifyInstance, options: FormsMetricsOptions): void {
  const registry = app.observability?.registry;
  if (!registry) throw new Error('mf-forms metrics need the server built by createRemoteServer (app.observability)');
  const { db, content, log } = options;
  const now = options.now ?? (() => new Date());

  const submissions = new Counter({
    name: 'qf_form_submissions_total',
    help: 'Form submissions answered, by form and outcome (mf-forms/README.md, Metrics).',
    labelNames: ['form', 'outcome'] as const,
    registers: [registry],
  });

  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'GET' && m !== 'HEAD' && m !== 'OPTIONS');
    if (!route.url.startsWith('/api/forms/')) return;
    for (const method of methods) {
      if (!FORM_ROUTES[`${method} ${route.url}`]) throw new Error(`${method} ${route.url} is a form without a name in FORM_ROUTES (server/metrics.ts): add it, so its submissions are counted`);
    }
  });

  app.addHook('onResponse', (request, reply, done) => {
    const form = FORM_ROUTES[`${request.method} ${request.routeOptions.url ?? ''}`];
    if (form) submissions.inc({ form, outcome: submissionOutcome(request, reply.statusCode) });
    done();
  });

  const readOutbox = async (): Promise<OutboxState> => {
    // The partial index email_outbox_pending (rows not sent) holds every row read here.
    const [row] = await withTimeout(
      db.query<{ backlog: number; given_up: number; oldest: number | null }>(
        `SELECT count(*) FILTER (WHERE next_attempt_at IS NOT NULL)::int AS backlog,
                count(*) FILTER (WHERE next_attempt_at IS NULL)::int AS given_up,
                extract(epoch FROM now() - min(created_at) FILTER (WHERE next_attempt_at IS NOT NULL))::float8 AS oldest
         FROM email_outbox WHERE sent_at IS NULL`,
      ),
      COLLECT_TIMEOUT_MS,
      'the outbox',
    );
    return { backlog: Number(row?.backlog ?? 0), givenUp: Number(row?.given_up ?? 0), oldestSeconds: row?.oldest == null ? 0 : Math.max(0, Number(row.oldest)) };
  };
  /** The outbox now, or null (logged) when the database cannot say: the gauges then read NaN, not 0. */
  const readOutboxOnce = shared(async (): Promise<OutboxState | null> => {
    try {
      return await readOutbox();
    } catch (error) {
      log.warn({ err: loggedError(error) }, 'metrics: the outbox could not be read');
      return null;
    }
  });

  new Gauge({
    name: 'qf_forms_outbox_backlog',
    help: 'Emails waiting in the outbox to be sent (not sent, not given up); NaN when the database could not be read.',
    registers: [registry],
    async collect() {
      this.set((await readOutboxOnce())?.backlog ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'qf_forms_outbox_oldest_seconds',
    help: 'Age in seconds of the oldest email waiting in the outbox (0 when none waits); NaN when the database could not be read.',
    registers: [registry],
    async collect() {
      this.set((await readOutboxOnce())?.oldestSeconds ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'qf_forms_outbox_given_up',
    help: 'Emails the outbox gave up on (refused recipient, or every attempt failed), kept unsent; NaN when the database could not be read.',
    registers: [registry],
    async collect() {
      this.set((await readOutboxOnce())?.givenUp ?? Number.NaN);
    },
  });

  new Gauge({
    name: 'qf_event_seats_left',
    help: 'In-person seats left of each event open for registration (label: the event slug).',
    labelNames: ['event'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const at = now().getTime();
        const open = (await withTimeout(content.entries('event'), COLLECT_TIMEOUT_MS, 'the events'))
          .filter((entry) => plainField<boolean>(entry, 'registrationOpen') === true && plainField<string>(entry, 'attendance') !== 'online' && !(Date.parse(plainField<string>(entry, 'endDate') ?? '') < at))
          .map((entry) => ({ id: entry.sys.id, label: plainField<string>(entry, 'slug') || entry.sys.id, capacity: plainField<number>(entry, 'capacityInPerson') ?? 0 }));
        if (!open.length) return;
        const rows = await withTimeout(db.query<{ event_id: string; taken: number }>('SELECT event_id, taken FROM event_seats WHERE event_id = ANY($1)', [open.map((e) => e.id)]), COLLECT_TIMEOUT_MS, 'the seats');
        const taken = new Map(rows.map((r) => [r.event_id, Number(r.taken)]));
        for (const event of open) this.set({ event: event.label }, Math.max(0, event.capacity - (taken.get(event.id) ?? 0)));
      } catch (error) {
        this.reset();
        log.warn({ err: loggedError(error) }, 'metrics: the seats left could not be read');
      }
    },
  });
}
