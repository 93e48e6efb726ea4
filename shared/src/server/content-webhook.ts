import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * The CMS's webhook (issue 35: a publish live in seconds). Contentful calls the site's public
 * `POST /hooks/content` (the shell) with a secret header on every publish, unpublish and delete; the
 * shell syncs its own content and asks each section's server to do the same at
 * `POST /_qf/content/refresh` (not public: sections are reached by the shell only), with the same header.
 * A server's own poll (the file store's look, the Sync API's interval) still covers what the webhook does
 * not reach (the second pod of a section behind its Service).
 */
export const CONTENT_WEBHOOK_HEADER = 'x-qf-webhook-secret';
/** Where each section's server is asked to look at its content now. */
export const CONTENT_REFRESH_PATH = '/_qf/content/refresh';

export const contentWebhookEnvSchema = z.object({
  /** The webhook's shared secret (at least 32 characters, the same on every server); unset: no webhook endpoint. */
  CONTENT_WEBHOOK_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32, { message: 'CONTENT_WEBHOOK_SECRET must have at least 32 characters' }).optional()),
});

/** Whether `given` is the secret, compared in constant time (digests of equal length, whatever was sent). */
export function secretMatches(secret: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(secret), digest(given));
}

/**
 * `POST path`: with the right secret header, `refresh()` and its answer (200); a wrong or missing one is
 * 401; without a secret configured the endpoint does not exist (404). The body (Contentful's entry, in
 * its own content type) is read and ignored: what changed is asked of the source.
 */
export async function registerContentWebhook(app: FastifyInstance, { path, secret, refresh }: { path: string; secret: string | undefined; refresh: () => Promise<Record<string, unknown>> }): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, _body, done) => done(null, undefined));
    scope.post(path, async (request, reply) => {
      if (!secret) return reply.code(404).send({ error: 'not-found', message: 'There is no content webhook here: CONTENT_WEBHOOK_SECRET is not set.' });
      if (!secretMatches(secret, request.headers[CONTENT_WEBHOOK_HEADER])) return reply.code(401).send({ error: 'unauthorized', message: `The ${CONTENT_WEBHOOK_HEADER} header is missing or wrong.` });
      reply.header('Cache-Control', 'no-store');
      return refresh();
    });
  });
}
