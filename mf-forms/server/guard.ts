import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from './db';
import { isLang, type Lang } from '@qf/shared/i18n';
import { backPath, outcomePage } from './outcome-page';
import { clientNetwork } from '@qf/shared/server';
import { noteSubmission } from './metrics';

export interface GuardOptions {
  /** Origins allowed to post (the shell's); a post from any other origin is refused. */
  origins: ReadonlySet<string>;
  /** Submissions per client address per window, per endpoint. */
  max: number;
  windowMs: number;
  /**
   * Route paths whose requests carry their own authorization and may come from anywhere (the signed
   * newsletter unsubscribe link, posted by a mail app with no or a foreign Origin): exempt from the
   * Origin check only, never from the rate limit.
   */
  originExempt?: ReadonlySet<string>;
  /** Where hits are counted: this process (default), or the database every instance shares. */
  counter?: RateCounter;
}

/** Counts a client's hits on an endpoint in fixed windows. */
export interface RateCounter {
  /** Count one hit of `key`; the hits so far in its window and when the window ends. */
  hit(key: string, windowMs: number, now: number): Promise<{ hits: number; resetAt: number }>;
}

/** Hits counted in this process: right for one server (PGlite is one process by design). */
export function memoryCounter(): RateCounter {
  const hits = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, windowMs, now) {
      let entry = hits.get(key);
      if (!entry || entry.resetAt <= now) {
        entry = { count: 0, resetAt: now + windowMs };
        hits.set(key, entry);
        if (hits.size > 50_000) for (const [k, v] of hits) if (v.resetAt <= now) hits.delete(k);
      }
      entry.count++;
      return { hits: entry.count, resetAt: entry.resetAt };
    },
  };
}

/**
 * Hits counted in the database the servers share, so a limit holds at its figure whichever instance
 * answers (the 31st request of a minute is refused even when the proxy alternates). One upsert per hit
 * decides; the key is an HMAC of the client and route with the forms secret (no address is stored).
 * Windows that ended are swept now and then.
 */
export function databaseCounter(db: Db, secret: string | Buffer): RateCounter {
  let calls = 0;
  return {
    async hit(key, windowMs, now) {
      const hashed = createHmac('sha256', secret).update(`rate\u0000${key}`).digest('base64url');
      const [row] = await db.query<{ hits: number; reset_at: Date | string }>(
        `INSERT INTO rate_limits (key, hits, reset_at) VALUES ($1, 1, $2)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limits.reset_at <= $3 THEN 1 ELSE rate_limits.hits + 1 END,
           reset_at = CASE WHEN rate_limits.reset_at <= $3 THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
         RETURNING hits, reset_at`,
        [hashed, new Date(now + windowMs), new Date(now)],
      );
      if (++calls % 500 === 0) void db.query('DELETE FROM rate_limits WHERE reset_at <= $1', [new Date(now)]).catch(() => undefined);
      return { hits: Number(row!.hits), resetAt: new Date(row!.reset_at).getTime() };
    },
  };
}

const MESSAGES: Record<Lang, { tooMany: string; forbidden: string }> = {
  en: { tooMany: 'Too many submissions from your connection. Please wait a minute and try again.', forbidden: 'This form can only be sent from the foundation’s website.' },
  ar: { tooMany: 'تم إرسال عدد كبير جداً من الطلبات من اتصالك. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.', forbidden: 'لا يمكن إرسال هذا النموذج إلا من موقع المؤسسة.' },
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The client a limit counts: the address the shell saw and forwarded, believed only from the server's
 * trusted proxies (`TRUSTED_PROXIES`, the shell; Fastify's `request.ip`), else the peer's own address;
 * for IPv6 its /64, so a machine cannot take a fresh address per request.
 */
export const clientOf = (request: FastifyRequest): string => clientNetwork(request.ip);

/**
 * Abuse protection for every endpoint that changes something: a cross-site form cannot post (Origin check), and
 * each client gets a fixed number of submissions per window (429 with a translated message).
 */
export function registerGuard(app: FastifyInstance, options: GuardOptions): void {
  const counter = options.counter ?? memoryCounter();
  app.addHook('onRequest', async (request, reply) => {
    // Every request that changes something (a POST, and the DELETE of a push subscription) is guarded,
    // chosen by the route it reached (the decoded path Fastify routed), never by the raw URL's spelling:
    // `/api/%66orms/newsletter` reaches the newsletter route and is guarded like it.
    const route = request.routeOptions.url;
    if (SAFE_METHODS.has(request.method) || !route?.startsWith('/api/forms/')) return;
    const query = request.query as Record<string, unknown> | undefined;
    const lang: Lang = isLang(query?.lang) ? query.lang : 'en';
    // A plain form post (no script) reads a page, as it does for every other outcome.
    const refuse = (status: number, outcome: string, message: string) =>
      request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
        ? reply.code(status).type('text/html; charset=utf-8').send(outcomePage(lang, message, backPath(request.headers.referer, lang)))
        : reply.code(status).send({ outcome, message });
    const origin = request.headers.origin;
    if (origin && !options.origins.has(origin) && !options.originExempt?.has(route)) return refuse(403, 'forbidden', MESSAGES[lang].forbidden);
    const now = Date.now();
    const entry = await counter.hit(`${clientOf(request)} ${route}`, options.windowMs, now);
    if (entry.hits > options.max) {
      reply.header('Retry-After', String(Math.max(1, Math.ceil((entry.resetAt - now) / 1000))));
      return refuse(429, 'rate-limited', MESSAGES[lang].tooMany);
    }
  });
}

/** A field real visitors never see or fill: a submission that fills it is a robot's. */
export const HONEYPOT_FIELD = 'website';

export const filledHoneypot = (body: unknown): boolean =>
  Boolean(body && typeof body === 'object' && !Array.isArray(body) && typeof (body as Record<string, unknown>)[HONEYPOT_FIELD] === 'string' && (body as Record<string, string>)[HONEYPOT_FIELD]!.trim() !== '');

/** Whether a submission is a robot's (it filled the honeypot): counted as `spam` (metrics.ts). */
export function robotSubmission(request: FastifyRequest): boolean {
  if (!filledHoneypot(request.body)) return false;
  noteSubmission(request, 'spam');
  return true;
}
