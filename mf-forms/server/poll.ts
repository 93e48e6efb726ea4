import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fieldOf, plainField, type ContentSource } from '@qf/shared/content';
import { pollErrors, pollMessages, pollOutcomes, pollVoteSchema, VOTER_ID_PATTERN, type PollOutcome, type PollResults } from '@qf/shared/forms';
import type { Lang } from '@qf/shared/i18n';
import type { Db, Queryable } from './db';
import { bodyObject, idempotency, langOf, send, unreadable, type Answer } from './engagement-http';
import { filledHoneypot } from './guard';

const TITLE: Record<Lang, string> = { en: 'Poll', ar: 'استطلاع رأي' };
/** The browser's voter id, set by the server for browsers that vote without the widget's storage. */
export const VOTER_COOKIE = 'qf_voter';
const ONE_YEAR = 365 * 24 * 3600;

interface Poll {
  id: string;
  question: string;
  options: { id: string; label: string }[];
  open: boolean;
}

function cookieVoter(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === VOTER_COOKIE && VOTER_ID_PATTERN.test(value.join('='))) return value.join('=');
  }
  return undefined;
}

function setVoterCookie(request: FastifyRequest, reply: FastifyReply, voter: string): void {
  // Fastify believes X-Forwarded-Proto from the trusted proxies only (the shell, which forwards its own).
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('Set-Cookie', `${VOTER_COOKIE}=${voter}; Path=/api/forms/polls; Max-Age=${ONE_YEAR}; HttpOnly; SameSite=Lax${secure}`);
}

/**
 * Polls (SPEC §2: four options, Vote/Votes with counts), configured by `poll` content entries:
 * `GET /api/forms/polls/{pollId}` (the results) and `POST /api/forms/polls/{pollId}/votes`. One vote per
 * poll per voter, where the voter is the browser: the id the widget keeps in its storage, or the
 * HttpOnly cookie the server sets; the unique constraint (poll_id, voter_id) decides.
 */
export function registerPolls(app: FastifyInstance, db: Db, content: ContentSource, now: () => Date = () => new Date()): void {
  async function pollOf(pollId: string, lang: Lang): Promise<Poll | null> {
    const entry = await content.entry(pollId);
    if (!entry || entry.sys.contentType !== 'poll') return null;
    const ids = plainField<string[]>(entry, 'optionIds') ?? [];
    const labels = fieldOf<string[]>(entry, 'options', lang) ?? [];
    const closesAt = plainField<string>(entry, 'closesAt');
    return {
      id: pollId,
      question: fieldOf<string>(entry, 'question', lang) ?? '',
      options: ids.map((id, i) => ({ id, label: labels[i] ?? id })),
      open: !closesAt || Date.parse(closesAt) > now().getTime(),
    };
  }

  async function resultsOf(q: Queryable, poll: Poll, voter: string | undefined): Promise<PollResults> {
    const counts = await q.query<{ option_id: string; votes: number }>('SELECT option_id, count(*)::int AS votes FROM poll_votes WHERE poll_id = $1 GROUP BY option_id', [poll.id]);
    const mine = voter ? await q.query<{ option_id: string }>('SELECT option_id FROM poll_votes WHERE poll_id = $1 AND voter_id = $2', [poll.id, voter]) : [];
    const options = poll.options.map((o) => ({ ...o, votes: Number(counts.find((c) => c.option_id === o.id)?.votes ?? 0) }));
    return { pollId: poll.id, question: poll.question, open: poll.open, total: options.reduce((sum, o) => sum + o.votes, 0), options, votedFor: mine[0]?.option_id ?? null };
  }

  app.get('/api/forms/polls/:pollId', async (request, reply) => {
    const { pollId } = request.params as { pollId: string };
    const lang = langOf(request);
    reply.header('Cache-Control', 'no-store');
    const poll = await pollOf(pollId, lang);
    if (!poll) return reply.code(404).send({ outcome: 'not-found', message: pollMessages[lang]['not-found'] });
    const query = request.query as Record<string, unknown>;
    const voter = cookieVoter(request) ?? (typeof query.voter === 'string' && VOTER_ID_PATTERN.test(query.voter) ? query.voter : undefined);
    return resultsOf(db, poll, voter);
  });

  app.post('/api/forms/polls/:pollId/votes', async (request, reply) => {
    const { pollId } = request.params as { pollId: string };
    const lang = langOf(request);
    const answer = (outcome: PollOutcome, extra: Record<string, unknown> = {}): Answer => ({ status: pollOutcomes[outcome], body: { outcome, message: pollMessages[lang][outcome], ...extra } });
    const refused = unreadable(request);
    if (refused) return send(request, reply, refused, TITLE);
    const once = idempotency(db, request, `poll:${pollId}`);
    const stored = await once.stored();
    if (stored) return send(request, reply, stored, TITLE);
    try {
      const poll = await pollOf(pollId, lang);
      if (!poll) return send(request, reply, answer('not-found'), TITLE);
      if (filledHoneypot(request.body)) return send(request, reply, answer('voted', { results: await resultsOf(db, poll, undefined) }), TITLE);
      const body = bodyObject(request);
      const errors = pollErrors(body, lang);
      const input = Object.keys(errors).length ? null : pollVoteSchema.parse(body);
      if (!input) return send(request, reply, answer('invalid', { errors }), TITLE);
      if (!poll.options.some((o) => o.id === input.optionId)) return send(request, reply, answer('invalid', { errors: { optionId: pollMessages[lang].select } }), TITLE);
      const fromCookie = cookieVoter(request);
      const voter = fromCookie ?? input.voterId ?? randomUUID();
      if (!fromCookie) setVoterCookie(request, reply, voter);
      if (!poll.open) return send(request, reply, answer('closed', { results: await resultsOf(db, poll, voter) }), TITLE);
      const result = await db.transaction(async (tx) => {
        const rows = await tx.query('INSERT INTO poll_votes (poll_id, option_id, voter_id, lang) VALUES ($1, $2, $3, $4) ON CONFLICT (poll_id, voter_id) DO NOTHING RETURNING id', [poll.id, input.optionId, voter, lang]);
        const results = await resultsOf(tx, poll, voter);
        if (rows.length === 0) return answer('already-voted', { results });
        const ok = answer('voted', { results });
        await once.remember(tx, ok);
        return ok;
      });
      return send(request, reply, result, TITLE);
    } catch (error) {
      console.error('poll vote failed', error);
      return send(request, reply, answer('error'), TITLE);
    }
  });
}
