import type { FastifyInstance } from 'fastify';
import { alumniErrors, alumniMessages, alumniOutcomes, alumniSchema, type AlumniOutcome } from '../src/forms';
import type { Lang } from '@qf/shared/i18n';
import type { Db } from './db';
import { bodyObject, idempotency, langOf, send, unreadable, type Answer } from './engagement-http';
import { robotSubmission } from './guard';
import { loggedError } from './log';

const TITLE: Record<Lang, string> = { en: 'Alumni portal', ar: 'بوابة الخريجين' };

/**
 * `POST /api/forms/alumni?lang=en|ar`: the alumni-portal launch sign-up, one per email address (a unique
 * index decides, in the same transaction as the idempotency record).
 */
export function registerAlumni(app: FastifyInstance, db: Db): void {
  app.post('/api/forms/alumni', async (request, reply) => {
    const lang = langOf(request);
    const answer = (outcome: AlumniOutcome, extra: Record<string, unknown> = {}): Answer => ({ status: alumniOutcomes[outcome], body: { outcome, message: alumniMessages[lang][outcome], ...extra } });
    const refused = unreadable(request);
    if (refused) return send(request, reply, refused, TITLE);
    const once = idempotency(db, request, 'alumni');
    const stored = await once.stored();
    if (stored) return send(request, reply, stored, TITLE);
    if (robotSubmission(request)) return send(request, reply, answer('signed-up'), TITLE);

    const body = { ...bodyObject(request) };
    // A plain form post sends a ticked box as "on".
    if (body.consent === 'on') body.consent = true;
    const errors = alumniErrors(body, lang);
    if (Object.keys(errors).length) return send(request, reply, answer('invalid', { errors }), TITLE);
    const input = alumniSchema.parse(body);
    try {
      const result = await db.transaction(async (tx) => {
        const rows = await tx.query(
          `INSERT INTO alumni_signups (first_name, last_name, email, email_normalized, institution, graduation_year, consent, lang)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (email_normalized) DO NOTHING RETURNING id`,
          [input.firstName, input.lastName, input.email, input.email.toLowerCase(), input.institution, input.graduationYear, input.consent, lang],
        );
        if (rows.length === 0) return answer('already-signed-up');
        const ok = answer('signed-up');
        await once.remember(tx, ok);
        return ok;
      });
      return send(request, reply, result, TITLE);
    } catch (error) {
      request.log.error({ err: loggedError(error) }, 'alumni sign-up failed');
      return send(request, reply, answer('error'), TITLE);
    }
  });
}
