import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fieldOf, plainField, type ContentSource } from '@qf/shared/content';
import { pollErrors, pollMessages, pollOutcomes, pollResultLines, pollVoteSchema, VOTER_ID_PATTERN, type PollOutcome, type PollResults } from '../src/forms';
import type { Lang } from '@qf/shared/i18n';
import type { Db, Queryable } from './db';
import { bodyObject, idempotency, langOf, send, unreadable, type Answer } from './engagement-http';
import { clientOf, robotSubmission } from './guard';
import { clientKey } from './client-address';
import { loggedError } from './log';

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

export interface PollOptions {
  /** The forms secret: addresses are counted by a keyed hash of them, never stored. */
  secret: Buffer;
  /** Votes one poll counts from one client address (IPv4, or an IPv6 /64); default 1. */
  votesPerAddress?: number;
  now?: () => Date;
}

/** Raised inside the vote's transaction to undo it when the client's address has used its votes. */
class AddressVoted extends Error {}

/**
 * Polls (SPEC §2: four options, Vote/Votes with counts), configured by `poll` content entries:
 * `GET /api/forms/polls/{pollId}` (the results) and `POST /api/forms/polls/{pollId}/votes`. One vote per
 * poll per client as the server sees it: per browser (the id the widget keeps in its storage, or the
 * HttpOnly cookie the server sets; the unique constraint (poll_id, voter_id) decides), and per client
 * address, because a browser is whatever the client says it is: a script that drops its cookie and
 * sends no id is a new browser on every request, but not a new address. The address (the shell's
 * `X-Forwarded-For`, believed from trusted proxies only; an IPv6 client by its /64) is counted in
 * `poll_addresses` under a keyed hash, in the same transaction as the vote.
 */
export function registerPolls(app: FastifyInstance, db: Db, content: ContentSource, options: PollOptions): void {
  const now = options.now ?? (() => new Date());
  const votesPerAddress = options.votesPerAddress ?? 1;
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
    const answer = (outcome: PollOutcome, extra: Record<string, unknown> = {}, message: string = pollMessages[lang][outcome]): Answer => ({ status: pollOutcomes[outcome], body: { outcome, message, ...extra } });
    // A plain form post's answer page shows the results too, as the widget does.
    const respond = (a: Answer) => send(request, reply, a, TITLE, () => (a.body.results ? pollResultLines(a.body.results as PollResults, lang) : []));
    const refused = unreadable(request);
    if (refused) return respond(refused);
    const once = idempotency(db, request, `poll:${pollId}`);
    const stored = await once.stored();
    if (stored) return respond(stored);
    try {
      const poll = await pollOf(pollId, lang);
      if (!poll) return respond(answer('not-found'));
      if (robotSubmission(request)) return respond(answer('voted', { results: await resultsOf(db, poll, undefined) }));
      const body = bodyObject(request);
      const errors = pollErrors(body, lang);
      const input = Object.keys(errors).length ? null : pollVoteSchema.parse(body);
      if (!input) return respond(answer('invalid', { errors }));
      if (!poll.options.some((o) => o.id === input.optionId)) return respond(answer('invalid', { errors: { optionId: pollMessages[lang].select } }));
      const fromCookie = cookieVoter(request);
      const voter = fromCookie ?? input.voterId ?? randomUUID();
      if (!fromCookie) setVoterCookie(request, reply, voter);
      if (!poll.open) return respond(answer('closed', { results: await resultsOf(db, poll, voter) }));
      const address = clientKey(options.secret, 'poll-vote', clientOf(request));
      const result = await db
        .transaction(async (tx) => {
          const rows = await tx.query('INSERT INTO poll_votes (poll_id, option_id, voter_id, lang) VALUES ($1, $2, $3, $4) ON CONFLICT (poll_id, voter_id) DO NOTHING RETURNING id', [poll.id, input.optionId, voter, lang]);
          if (rows.length === 0) return answer('already-voted', { results: await resultsOf(tx, poll, voter) });
          // The row lock the upsert takes makes simultaneous votes from one address wait for each other.
          const counted = await tx.query(
            'INSERT INTO poll_addresses (poll_id, address_key, votes) VALUES ($1, $2, 1) ON CONFLICT (poll_id, address_key) DO UPDATE SET votes = poll_addresses.votes + 1 WHERE poll_addresses.votes < $3 RETURNING votes',
            [poll.id, address, votesPerAddress],
          );
          if (counted.length === 0) throw new AddressVoted();
          const ok = answer('voted', { results: await resultsOf(tx, poll, voter) });
          await once.remember(tx, ok);
          return ok;
        })
        .catch(async (error: unknown) => {
          if (!(error instanceof AddressVoted)) throw error;
          return answer('already-voted', { results: await resultsOf(db, poll, voter) }, pollMessages[lang]['address-voted']);
        });
      return respond(result);
    } catch (error) {
      request.log.error({ err: loggedError(error) }, 'poll vote failed');
      return respond(answer('error'));
    }
  });
}
