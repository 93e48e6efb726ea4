import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WidgetId } from '@qf/shared/contracts';
import { isLang, type Lang } from '@qf/shared/i18n';
import type { Db, Queryable } from './db';
import { bodyMessages } from './body';
import { formAnswer, pageTakesAnswer, sendFormAnswer, sentValues } from './form-answer';
import { backPath, outcomePage } from './outcome-page';
import { noteSubmission } from './metrics';

/** An answer of the forms API: a status and a JSON body with at least an outcome and its message. */
export interface Answer {
  status: number;
  body: { outcome: string; message: string } & Record<string, unknown>;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9-]{8,100}$/;

export const langOf = (request: FastifyRequest): Lang => {
  const query = request.query as Record<string, unknown> | undefined;
  return isLang(query?.lang) ? query.lang : 'en';
};

/** The body as a plain object: anything else (an array, a string, nothing) is an empty form. */
export const bodyObject = (request: FastifyRequest): Record<string, unknown> =>
  request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};

/** Whether the body is a plain form post (every value text), not the widgets' JSON. */
export const isFormPost = (request: FastifyRequest): boolean => /^application\/x-www-form-urlencoded\s*(;|$)/i.test(request.headers['content-type'] ?? '');

/** The bodies these forms are sent as: JSON from their script, a plain form post without it. */
const READABLE = /^(application\/json|application\/x-www-form-urlencoded)\s*(;|$)/i;

/**
 * A body of a type these forms are never sent as (Fastify would read text/plain as a string) is refused
 * as unreadable (415), with the forms' translated message.
 */
export function unreadable(request: FastifyRequest): Answer | null {
  const type = request.headers['content-type'];
  if (type === undefined || READABLE.test(type)) return null;
  return { status: 415, body: { outcome: 'unsupported-media-type', message: bodyMessages[langOf(request)]['unsupported-media-type'] } };
}

/**
 * A plain form post (no script ran) gets its outcome as a small page in the visitor's language with a
 * way back, naming every field to correct (there are no fields on that page to mark); a script gets JSON.
 */
export function send(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Answer,
  title: Record<Lang, string>,
  details: (lang: Lang) => string[] = () => [],
  /** The widget that placed the form and its fields: the shell may show the answer in the page itself (form-answer.ts). */
  page?: { widget: WidgetId; fields: readonly string[] },
): FastifyReply {
  noteSubmission(request, answer.body.outcome);
  reply.code(answer.status);
  if (!isFormPost(request)) return reply.send(answer.body);
  if (page && pageTakesAnswer(request)) return sendFormAnswer(reply, answer.status, formAnswer(page.widget, answer.body, sentValues(bodyObject(request), page.fields)));
  const lang = langOf(request);
  const errors = answer.body.errors && typeof answer.body.errors === 'object' ? Object.values(answer.body.errors as Record<string, unknown>).filter((m): m is string => typeof m === 'string') : [];
  return reply.type('text/html; charset=utf-8').send(outcomePage(lang, [answer.body.message, ...errors].join(' '), backPath(request.headers.referer, lang), title[lang], undefined, details(lang)));
}

/**
 * The `Idempotency-Key` of a submission, scoped to its endpoint: a retried request gets the first
 * successful answer and stores nothing twice.
 */
export function idempotency(db: Db, request: FastifyRequest, scope: string) {
  const header = request.headers['idempotency-key'];
  const key = typeof header === 'string' && IDEMPOTENCY_KEY.test(header) ? `${scope}:${header}` : undefined;
  return {
    async stored(): Promise<Answer | null> {
      if (!key) return null;
      const rows = await db.query<{ status: number; body: Answer['body'] }>('SELECT status, body FROM idempotency_keys WHERE key = $1', [key]);
      if (!rows[0]) return null;
      noteSubmission(request, 'replayed');
      return { status: Number(rows[0].status), body: rows[0].body };
    },
    /** Inside the submission's transaction, so the answer is remembered exactly when the data is stored. */
    async remember(tx: Queryable, answer: Answer): Promise<void> {
      if (key) await tx.query('INSERT INTO idempotency_keys (key, scope, status, body) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO NOTHING', [key, scope.split(':')[0], answer.status, JSON.stringify(answer.body)]);
    },
  };
}
