import type { FastifyInstance } from 'fastify';
import { plainField, type ContentSource, type Link } from '@qf/shared/content';
import { ecssQuestionErrors, ecssQuestionMessages, ecssQuestionOutcomes, ecssQuestionSchema, type EcssQuestionOutcome } from '../src/forms';
import type { Lang } from '@qf/shared/i18n';
import type { Db } from './db';
import { bodyObject, idempotency, langOf, send, unreadable, type Answer } from './engagement-http';
import { startEcssForwarder } from './ecss-forwarder';
import { robotSubmission } from './guard';
import type { FormsEnv } from './config';
import { loggedError } from './log';

const TITLE: Record<Lang, string> = { en: 'Education City Speaker Series', ar: 'سلسلة محاضرات المدينة التعليمية' };

/**
 * `POST /api/forms/ecss/questions?lang=en|ar`: a question for the speakers of the Education City Speaker
 * Series (the series or one of its sessions, by content id). The question is committed in its own
 * transaction and the visitor answered; a background forwarder then sends it to the workflow at
 * `ECSS_WORKFLOW_URL` (with `ECSS_WORKFLOW_TOKEN` as the signed query string's `sig`) and retries until
 * the workflow accepts it. Without a URL questions stay stored, reported as pending by
 * `GET /ops/ecss-questions` (on the forms server only, not through the shell).
 */
export function registerEcssQuestions(app: FastifyInstance, db: Db, content: ContentSource, env: Pick<FormsEnv, 'ECSS_WORKFLOW_URL' | 'ECSS_WORKFLOW_TOKEN' | 'ECSS_RETRY_MS'>): void {
  const forwarder = startEcssForwarder({
    db,
    url: env.ECSS_WORKFLOW_URL,
    token: env.ECSS_WORKFLOW_TOKEN,
    retryMs: env.ECSS_RETRY_MS,
    log: app.log,
  });
  app.addHook('preClose', () => forwarder.stop());
  app.addHook('onReady', async () => {
    if (forwarder.configured) return;
    const { pending } = await forwarder.status();
    if (pending > 0) app.log.warn({ pending }, `speaker-series questions: ${pending} pending (ECSS_WORKFLOW_URL is not set, so they are stored and not forwarded)`);
  });

  /** The series, or a session listed by a series. */
  async function known(id: string): Promise<boolean> {
    const entry = await content.entry(id);
    if (!entry) return false;
    if (entry.sys.contentType === 'ecss') return true;
    if (entry.sys.contentType !== 'event') return false;
    return (await content.entries('ecss')).some((series) => (plainField<Link[]>(series, 'sessions') ?? []).some((link) => link.sys.id === id));
  }

  app.get('/ops/ecss-questions', async () => forwarder.status());

  app.post('/api/forms/ecss/questions', async (request, reply) => {
    const lang = langOf(request);
    const answer = (outcome: EcssQuestionOutcome, extra: Record<string, unknown> = {}): Answer => ({ status: ecssQuestionOutcomes[outcome], body: { outcome, message: ecssQuestionMessages[lang][outcome], ...extra } });
    const refused = unreadable(request);
    if (refused) return send(request, reply, refused, TITLE);
    const once = idempotency(db, request, 'ecss-question');
    const stored = await once.stored();
    if (stored) return send(request, reply, stored, TITLE);
    if (robotSubmission(request)) return send(request, reply, answer('received'), TITLE);
    const body = bodyObject(request);
    const errors = ecssQuestionErrors(body, lang);
    if (Object.keys(errors).length) return send(request, reply, answer('invalid', { errors }), TITLE);
    const input = ecssQuestionSchema.parse(body);
    if (!(await known(input.eventId))) return send(request, reply, answer('not-found'), TITLE);
    try {
      const result = await db.transaction(async (tx) => {
        await tx.query('INSERT INTO ecss_questions (event_id, name, email, question, lang) VALUES ($1, $2, $3, $4, $5)', [input.eventId, input.name, input.email, input.question, lang]);
        const ok = answer('received');
        await once.remember(tx, ok);
        return ok;
      });
      forwarder.kick();
      return send(request, reply, result, TITLE);
    } catch (error) {
      request.log.error({ err: loggedError(error) }, 'speaker-series question failed');
      return send(request, reply, answer('error'), TITLE);
    }
  });
}
