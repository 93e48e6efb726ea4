import type { FastifyInstance } from 'fastify';

/**
 * Bodies the forms API accepts besides JSON: plain form posts (the forms work before their script
 * arrives). A body that cannot be parsed reaches the handler as `{}` and fails validation there, so the
 * visitor gets the form's own message rather than a parser error.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    try {
      done(null, JSON.parse(String(body)) as unknown);
    } catch {
      done(null, {});
    }
  });
}
