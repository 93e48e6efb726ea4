import type { FastifyInstance } from 'fastify';
import { newsletterMessageFor, newsletterOutcomes, newsletterSchema, type NewsletterList, type NewsletterOutcome } from '../src/forms';
import { isLang, type Lang } from '@qf/shared/i18n';
import type { Db } from './db';
import { backPath, outcomePage } from './outcome-page';
import { robotSubmission } from './guard';
import { enqueueEmail } from './outbox';
import { welcomeEmail } from './emails';
import type { NewsletterLinks } from './newsletter-unsubscribe';
import { noteSubmission } from './metrics';
import { loggedError } from './log';

/**
 * `POST /api/forms/newsletter` with `{"email": "...", "list"?: "general" | "idkt-quarterly"}` (JSON or a
 * plain form post). Answers one of the four outcomes of SPEC §4 with its message in the visitor's
 * language (`?lang=ar`); an address subscribes to each list on its own.
 */
export function registerNewsletter(app: FastifyInstance, db: Db, links: NewsletterLinks): void {
  app.post('/api/forms/newsletter', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const lang: Lang = isLang(query.lang) ? query.lang : 'en';
    // A plain form post comes from a page whose script has not run (or never will): answer it with a
    // page, not JSON, so the visitor reads the outcome and finds the way back.
    const fromForm = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;
    let list: NewsletterList = 'general';
    const answer = (outcome: NewsletterOutcome) => {
      noteSubmission(request, outcome);
      const message = newsletterMessageFor(lang, outcome, list);
      reply.code(newsletterOutcomes[outcome]);
      if (!fromForm) return reply.send({ outcome, message });
      return reply.type('text/html; charset=utf-8').send(outcomePage(lang, message, backPath(request.headers.referer, lang)));
    };
    // A robot that filled the hidden field is answered as if it had succeeded, and nothing is stored.
    if (robotSubmission(request)) return answer('subscribed');
    const parsed = newsletterSchema.safeParse(request.body ?? {});
    if (!parsed.success) return answer('invalid-email');
    const email = parsed.data.email;
    list = parsed.data.list ?? 'general';
    try {
      // The unique index decides, so two simultaneous requests cannot both subscribe; the welcome email
      // is queued in the same transaction, so it exists exactly when the subscription does.
      const subscribed = await db.transaction(async (tx) => {
        const rows = await tx.query<{ id: string }>(
          `INSERT INTO newsletter_subscriptions (email, email_normalized, lang, list) VALUES ($1, $2, $3, $4)
           ON CONFLICT (list, email_normalized) DO NOTHING RETURNING id`,
          [email, email.toLowerCase(), lang, list],
        );
        if (rows.length === 1) await enqueueEmail(tx, welcomeEmail(lang, email, links.unsubscribeUrl(lang, email, list), list));
        return rows.length === 1;
      });
      return answer(subscribed ? 'subscribed' : 'already-subscribed');
    } catch (error) {
      request.log.error({ err: loggedError(error) }, 'newsletter subscription failed');
      return answer('error');
    }
  });
}
