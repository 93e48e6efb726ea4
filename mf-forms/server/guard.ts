import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLang, type Lang } from '@qf/shared/i18n';

export interface GuardOptions {
  /** Origins allowed to post (the shell's); a post from any other origin is refused. */
  origins: ReadonlySet<string>;
  /** Submissions per client address per window, per endpoint. */
  max: number;
  windowMs: number;
}

const MESSAGES: Record<Lang, { tooMany: string; forbidden: string }> = {
  en: { tooMany: 'Too many submissions from your connection. Please wait a minute and try again.', forbidden: 'This form can only be sent from the foundation’s website.' },
  ar: { tooMany: 'تم إرسال عدد كبير جداً من الطلبات من اتصالك. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.', forbidden: 'لا يمكن إرسال هذا النموذج إلا من موقع المؤسسة.' },
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The client's address: the shell forwards it; only a loopback peer (the shell) is believed. */
function clientOf(request: FastifyRequest): string {
  const peer = request.socket.remoteAddress ?? '';
  const forwarded = request.headers['x-forwarded-for'];
  const loopback = peer === '127.0.0.1' || peer === '::1' || peer === '::ffff:127.0.0.1' || peer === '';
  if (loopback && typeof forwarded === 'string' && forwarded) return forwarded.split(',')[0]!.trim();
  return peer;
}

/**
 * Abuse protection for every endpoint that changes something: a cross-site form cannot post (Origin check), and
 * each client gets a fixed number of submissions per window (429 with a translated message).
 */
export function registerGuard(app: FastifyInstance, options: GuardOptions): void {
  const hits = new Map<string, { count: number; resetAt: number }>();
  app.addHook('onRequest', async (request, reply) => {
    // Every request that changes something (a POST, and the DELETE of a push subscription) is guarded.
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/forms/')) return;
    const query = request.query as Record<string, unknown> | undefined;
    const lang: Lang = isLang(query?.lang) ? query.lang : 'en';
    const origin = request.headers.origin;
    if (origin && !options.origins.has(origin)) return reply.code(403).send({ outcome: 'forbidden', message: MESSAGES[lang].forbidden });
    const now = Date.now();
    const key = `${clientOf(request)} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
    let entry = hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + options.windowMs };
      hits.set(key, entry);
      if (hits.size > 50_000) for (const [k, v] of hits) if (v.resetAt <= now) hits.delete(k);
    }
    entry.count++;
    if (entry.count > options.max) {
      reply.header('Retry-After', String(Math.ceil((entry.resetAt - now) / 1000)));
      return reply.code(429).send({ outcome: 'rate-limited', message: MESSAGES[lang].tooMany });
    }
  });
}

/** A field real visitors never see or fill: a submission that fills it is a robot's. */
export const HONEYPOT_FIELD = 'website';

export const filledHoneypot = (body: unknown): boolean =>
  Boolean(body && typeof body === 'object' && !Array.isArray(body) && typeof (body as Record<string, unknown>)[HONEYPOT_FIELD] === 'string' && (body as Record<string, string>)[HONEYPOT_FIELD]!.trim() !== '');
