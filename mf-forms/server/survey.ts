import type { FastifyInstance } from 'fastify';
import { fieldOf, plainField, type ContentSource } from '@qf/shared/content';
import { surveyErrors, surveyFromForm, surveyMessages, surveyOutcomes, surveyResponseSchema, type SurveyOutcome } from '../src/forms';
import type { Lang } from '@qf/shared/i18n';
import type { Db } from './db';
import { bodyObject, idempotency, isFormPost, langOf, send, unreadable, type Answer } from './engagement-http';
import { robotSubmission } from './guard';
import { loggedError } from './log';

const TITLE: Record<Lang, string> = { en: 'Survey', ar: 'استبيان' };

/**
 * `POST /api/forms/surveys/{surveyId}/responses?lang=en|ar`: an answer to a `survey` content entry
 * (satisfaction 1 to 5, an optional comment), as the survey popup and the brand-survey prompt send it;
 * `GET /api/forms/surveys/{surveyId}` gives the survey's title and question in the visitor's language.
 */
export function registerSurveys(app: FastifyInstance, db: Db, content: ContentSource, now: () => Date = () => new Date()): void {
  app.get('/api/forms/surveys/:surveyId', async (request, reply) => {
    const { surveyId } = request.params as { surveyId: string };
    const lang = langOf(request);
    const entry = await content.entry(surveyId);
    if (!entry || entry.sys.contentType !== 'survey') return reply.code(404).send({ outcome: 'not-found', message: surveyMessages[lang]['not-found'] });
    const closesAt = plainField<string>(entry, 'closesAt');
    return { surveyId, title: fieldOf<string>(entry, 'title', lang) ?? '', question: fieldOf<string>(entry, 'question', lang) ?? '', open: !closesAt || Date.parse(closesAt) > now().getTime() };
  });

  app.post('/api/forms/surveys/:surveyId/responses', async (request, reply) => {
    const { surveyId } = request.params as { surveyId: string };
    const lang = langOf(request);
    const answer = (outcome: SurveyOutcome, extra: Record<string, unknown> = {}): Answer => ({ status: surveyOutcomes[outcome], body: { outcome, message: surveyMessages[lang][outcome], ...extra } });
    const refused = unreadable(request);
    if (refused) return send(request, reply, refused, TITLE);
    const once = idempotency(db, request, `survey:${surveyId}`);
    const stored = await once.stored();
    if (stored) return send(request, reply, stored, TITLE);
    const entry = await content.entry(surveyId);
    if (!entry || entry.sys.contentType !== 'survey') return send(request, reply, answer('not-found'), TITLE);
    if (robotSubmission(request)) return send(request, reply, answer('received'), TITLE);
    // A plain form post sends the score as text; JSON (the widget's) must send a number.
    const body = isFormPost(request) ? surveyFromForm(bodyObject(request)) : bodyObject(request);
    const errors = surveyErrors(body, lang);
    if (Object.keys(errors).length) return send(request, reply, answer('invalid', { errors }), TITLE);
    const closesAt = plainField<string>(entry, 'closesAt');
    if (closesAt && Date.parse(closesAt) <= now().getTime()) return send(request, reply, answer('closed'), TITLE);
    const input = surveyResponseSchema.parse(body);
    try {
      const result = await db.transaction(async (tx) => {
        await tx.query('INSERT INTO survey_responses (survey_id, satisfaction, comment, lang) VALUES ($1, $2, $3, $4)', [surveyId, input.satisfaction, input.comment || null, lang]);
        const ok = answer('received');
        await once.remember(tx, ok);
        return ok;
      });
      return send(request, reply, result, TITLE);
    } catch (error) {
      request.log.error({ err: loggedError(error) }, 'survey response failed');
      return send(request, reply, answer('error'), TITLE);
    }
  });
}
