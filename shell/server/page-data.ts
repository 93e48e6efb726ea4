import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathFromPageDataUrl, splitLang } from '@qf/shared/routing';
import { accepts, type PageDataAnswer } from './page-cache';

/** No page has an address longer than this (a section refuses to look one up). */
export const MAX_PAGE_URL = 2048;
/** The status code of each outcome. */
export const STATUS_CODES = { ok: 200, 'not-found': 404, unavailable: 503, error: 500 } as const;
/** HTML and page data: fresh for a minute, then served stale while a fresh copy is fetched. */
export const FRESH = 'public, max-age=60, stale-while-revalidate=600';

/** What the page-data routes read of the visitor's composition (live or canary). */
export interface PageDataView {
  registry: { compositionHash(shellBuild: string): Promise<string> };
  cache: { pageData(sitePath: string, search: string): Promise<PageDataAnswer> };
}

/**
 * Page data (SPEC §7), what the browser navigates with: `GET /page-data/app-data.json` (the composition
 * hash: a change reloads the page once) and `GET /page-data/{path}/page-data.json` (the page's data,
 * query kept, from the page cache: ETag, 304, brotli or gzip; 404, 503 with Retry-After or 500 with
 * `{path, notFound, status}`). `viewFor` is the visitor's composition (it may give them a cohort);
 * `answered` is told of every page data answered, for release health.
 */
export function registerPageData<V extends PageDataView>(
  app: FastifyInstance,
  {
    viewFor,
    answered,
    shellBuild,
    observeCache,
  }: {
    viewFor: (request: FastifyRequest, reply: FastifyReply) => Promise<V>;
    answered: (request: FastifyRequest, view: V, sitePath: string) => unknown;
    shellBuild: string;
    /** What the page cache did for a request (its log line and metrics). */
    observeCache?: (request: FastifyRequest, result: 'hit' | 'miss' | 'stale' | 'uncached') => void;
  },
): void {
  app.get('/page-data/app-data.json', async (request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { webpackCompilationHash: await (await viewFor(request, reply)).registry.compositionHash(shellBuild) };
  });

  app.get('/page-data/*', async (request, reply) => {
    const sitePath = pathFromPageDataUrl(request.url);
    const search = request.url.split('?')[1] ?? '';
    reply.header('Cache-Control', 'no-store');
    // No page has an address this long (a section would refuse to look it up): not found, no one asked.
    if (!sitePath || sitePath.length > MAX_PAGE_URL || search.length > MAX_PAGE_URL) return reply.code(404).send({ notFound: true });
    const view = await viewFor(request, reply);
    await answered(request, view, sitePath);
    const answer = await view.cache.pageData(sitePath, search).catch((error: unknown): PageDataAnswer => {
      console.error(error);
      return { cached: false, outcome: { status: 'error', lang: splitLang(sitePath).lang } };
    });
    observeCache?.(request, answer.cached ? answer.state : 'uncached');
    if (answer.cached) {
      const { body } = answer;
      reply.code(200).type('application/json; charset=utf-8').header('Cache-Control', FRESH).header('ETag', body.etag).header('Vary', 'Accept-Encoding');
      if (request.headers['if-none-match'] === body.etag) return reply.code(304).send();
      const encoding = accepts(request.headers['accept-encoding'], 'br') ? 'br' : accepts(request.headers['accept-encoding'], 'gzip') ? 'gzip' : 'identity';
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply.send(body.body(encoding));
    }
    const { outcome } = answer;
    if (outcome.status === 'ok') {
      reply.header('Cache-Control', FRESH);
      return outcome.pageData;
    }
    if (outcome.status === 'unavailable') reply.header('Retry-After', '30');
    return reply.code(STATUS_CODES[outcome.status]).send({ path: sitePath, notFound: outcome.status === 'not-found', status: outcome.status });
  });
}
