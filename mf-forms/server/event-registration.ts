import type { FastifyInstance } from 'fastify';
import { fieldOf, plainField, type ContentSource, type Entry } from '@qf/shared/content';
import { registrationErrors, registrationFields, registrationMessages, registrationOutcomes, registrationSchema, type RegistrationOutcome } from '../src/forms';
import { isLang, type Lang } from '@qf/shared/i18n';
import type { Db, Queryable } from './db';
import { send as sendAnswer, type Answer } from './engagement-http';
import { robotSubmission } from './guard';
import { enqueueEmail } from './outbox';
import { registrationEmail, type ViewingDetails } from './emails';
import { noteSubmission } from './metrics';
import { loggedError } from './log';

interface EventRules {
  registrationOpen: boolean;
  attendance: 'online' | 'in-person' | 'hybrid';
  capacity: number;
  ended: boolean;
  entry: Entry;
}

/** What the confirmation email tells the visitor, in their language (English where a field has no Arabic). */
function viewingDetails(entry: Entry, lang: Lang, attendance: ViewingDetails['attendance']): ViewingDetails {
  const text = (field: string) => fieldOf<string>(entry, field, lang) ?? fieldOf<string>(entry, field, 'en') ?? '';
  return {
    title: text('title'),
    startDate: plainField<string>(entry, 'startDate') ?? '',
    endDate: plainField<string>(entry, 'endDate') ?? plainField<string>(entry, 'startDate') ?? '',
    attendance,
    location: text('location'),
    webinarLink: plainField<string>(entry, 'webinarLink') || undefined,
  };
}

class Outcome extends Error {
  constructor(readonly outcome: RegistrationOutcome) {
    super(outcome);
  }
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9-]{8,100}$/;

/**
 * Event registration (SPEC §3 fields, §4 states, §8 messages):
 * `POST /api/forms/events/{eventId}/registrations?lang=en|ar` and
 * `GET /api/forms/events/{eventId}/availability`. Seats are taken by a conditional update under a row
 * lock, in the same transaction as the registration, so an event never gets one seat too many.
 */
const PAGE_TITLE: Record<Lang, string> = { en: 'Event registration', ar: 'التسجيل في الفعالية' };

export function registerEventRegistration(app: FastifyInstance, db: Db, content: ContentSource, now: () => Date = () => new Date()): void {
  async function rulesOf(eventId: string): Promise<EventRules | null> {
    const entry = await content.entry(eventId);
    if (!entry || entry.sys.contentType !== 'event') return null;
    return {
      registrationOpen: plainField<boolean>(entry, 'registrationOpen') ?? false,
      attendance: plainField<EventRules['attendance']>(entry, 'attendance') ?? 'online',
      capacity: plainField<number>(entry, 'capacityInPerson') ?? 0,
      ended: Date.parse(plainField<string>(entry, 'endDate') ?? '') < now().getTime(),
      entry,
    };
  }

  async function seatsTaken(q: Queryable, eventId: string): Promise<number> {
    const rows = await q.query<{ taken: number }>('SELECT taken FROM event_seats WHERE event_id = $1', [eventId]);
    return Number(rows[0]?.taken ?? 0);
  }

  app.get('/api/forms/events/:eventId/availability', async (request, reply) => {
    const { eventId } = request.params as { eventId: string };
    const rules = await rulesOf(eventId);
    if (!rules) return reply.code(404).send({ error: 'not-found' });
    const inPerson = rules.attendance !== 'online';
    const seatsLeft = inPerson ? Math.max(0, rules.capacity - (await seatsTaken(db, eventId))) : 0;
    reply.header('Cache-Control', 'no-store');
    return { open: rules.registrationOpen && !rules.ended, online: rules.attendance !== 'in-person', inPerson: inPerson && seatsLeft > 0, seatsLeft };
  });

  app.post('/api/forms/events/:eventId/registrations', async (request, reply) => {
    const { eventId } = request.params as { eventId: string };
    const query = request.query as Record<string, unknown>;
    const lang: Lang = isLang(query.lang) ? query.lang : 'en';
    const messages = registrationMessages[lang];
    const send = (outcome: RegistrationOutcome, extra: Record<string, unknown> = {}) => {
      const message = outcome === 'registered' ? `${messages.registered} ${messages.emailNote}` : messages[outcome];
      return { status: registrationOutcomes[outcome], body: { outcome, message, ...extra } };
    };
    // Posted by the form itself before its script ran (a slow connection, no JavaScript): the same
    // answer, as a page in the visitor's language that names every field to correct, with a way back.
    const fromForm = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;
    const respond = (a: Answer) => sendAnswer(request, reply, a, PAGE_TITLE, undefined, { widget: 'mf-forms/EventRegistration', fields: registrationFields });

    const key = request.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' && IDEMPOTENCY_KEY.test(key) ? `registration:${eventId}:${key}` : undefined;
    if (idempotencyKey) {
      const stored = await db.query<{ status: number; body: Answer['body'] }>('SELECT status, body FROM idempotency_keys WHERE key = $1', [idempotencyKey]);
      if (stored[0]) {
        noteSubmission(request, 'replayed');
        return respond({ status: Number(stored[0].status), body: stored[0].body });
      }
    }

    if (robotSubmission(request)) {
      return respond(send('registered'));
    }
    const rules = await rulesOf(eventId);
    if (!rules) {
      return respond(send('not-found'));
    }
    // Anything but a JSON object (an array, a string, nothing) is an empty form: every field is missing.
    const body: Record<string, unknown> = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? { ...(request.body as Record<string, unknown>) } : {};
    // A checked box of a plain form post arrives as 'on'.
    if (fromForm && body.vaccinated === 'on') body.vaccinated = true;
    const errors = registrationErrors(body, lang);
    if (Object.keys(errors).length) {
      return respond(send('invalid', { errors }));
    }
    const input = registrationSchema.parse(body);
    if (!rules.registrationOpen || rules.ended) {
      return respond(send('closed'));
    }
    if (input.attendance === 'in-person' && rules.attendance === 'online') {
      return respond(send('invalid', { errors: { attendance: messages.select } }));
    }
    if (input.attendance === 'online' && rules.attendance === 'in-person') {
      return respond(send('invalid', { errors: { attendance: messages.select } }));
    }

    let answer: Answer;
    try {
      answer = await db.transaction(async (tx) => {
        if (input.attendance === 'in-person') {
          // The seats row is created on first use and locked for the rest of the transaction.
          await tx.query('INSERT INTO event_seats (event_id, capacity) VALUES ($1, $2) ON CONFLICT (event_id) DO UPDATE SET capacity = EXCLUDED.capacity', [eventId, rules.capacity]);
          await tx.query('SELECT taken FROM event_seats WHERE event_id = $1 FOR UPDATE', [eventId]);
        }
        const inserted = await tx.query(
          `INSERT INTO event_registrations (event_id, email, email_normalized, name, title, company, nationality, country_of_residence, heard_from, attendance, vaccinated, lang)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (event_id, email_normalized) DO NOTHING RETURNING id`,
          [eventId, input.email, input.email.toLowerCase(), input.name, input.title, input.company, input.nationality, input.countryOfResidence, input.heardFrom, input.attendance, input.vaccinated, lang],
        );
        if (inserted.length === 0) throw new Outcome('already-registered');
        if (input.attendance === 'in-person') {
          const seat = await tx.query('UPDATE event_seats SET taken = taken + 1 WHERE event_id = $1 AND taken < capacity RETURNING taken', [eventId]);
          if (seat.length === 0) throw new Outcome(rules.attendance === 'hybrid' ? 'in-person-full' : 'full');
        }
        await enqueueEmail(tx, registrationEmail(lang, input.email, input.name, viewingDetails(rules.entry, lang, input.attendance)));
        const ok = send('registered');
        if (idempotencyKey) await tx.query('INSERT INTO idempotency_keys (key, scope, status, body) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO NOTHING', [idempotencyKey, 'event-registration', ok.status, JSON.stringify(ok.body)]);
        return ok;
      });
    } catch (error) {
      if (error instanceof Outcome) answer = send(error.outcome);
      else {
        request.log.error({ err: loggedError(error) }, 'event registration failed');
        answer = send('error');
      }
    }
    return respond(answer);
  });
}
