import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languages, type Lang } from '@qf/shared/i18n';
import { splitLang } from '@qf/shared/routing';
import { PREVIEW_COOKIE, PREVIEW_COOKIE_MS, previewToken, previewTokenValid, secretMatches } from '@qf/shared/server';
import { shellT } from '../src/i18n';
import type { PageAnswer, PageDataAnswer, PageRender } from './page-cache';
import { escapeHtml } from './form-answer-page';
import { MAX_PAGE_URL } from './page-data';
import type { Outcome } from './pages';

/**
 * An editor's preview of drafts (issue 35, deliver 6), as Next's draft mode works: the CMS's "content
 * preview" address is the shell's `GET /_preview?secret=…&path=/stories/{slug}`. With the right secret
 * (CONTENT_PREVIEW_SECRET) the editor's browser gets a signed cookie (PREVIEW_COOKIE, HttpOnly, two hours)
 * and is sent to the page. While it holds, that browser's pages and page data are asked of their owners
 * with the secret (the sections make them from their preview content: Contentful's Preview API, drafts
 * included), never read from or kept in the page cache, answered `private, no-store` and
 * `X-Robots-Tag: noindex`, and the document says it is a preview, with the way out
 * (`GET /_preview/leave`). Without the secret: 401 and no cookie; no secret configured: no such address.
 */
export const PREVIEW_PATH = '/_preview';
export const LEAVE_PREVIEW_PATH = '/_preview/leave';

/** A short translated page for a preview address that cannot be opened (the visitor's only answer). */
function refusalPage(lang: Lang, key: 'preview.refused' | 'preview.badPath'): string {
  const t = shellT(lang);
  return `<!doctype html>
<html lang="${lang}" dir="${languages[lang].dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(t('preview.label'))}</title></head>
<body><main><h1>${escapeHtml(t('preview.label'))}</h1><p role="alert">${escapeHtml(t(key))}</p><p><a href="${lang === 'ar' ? '/ar' : '/'}">${escapeHtml(t('preview.home'))}</a></p></main></body></html>`;
}

/**
 * The site address a preview may go to: a path of this site (with its query), never another origin
 * (`//host`, `/\host`), no control characters, no longer than any page's address; percent-encoded as a
 * `Location` needs. Undefined for anything else.
 */
export function previewTarget(path: unknown): string | undefined {
  if (typeof path !== 'string' || !path.startsWith('/') || path.length > MAX_PAGE_URL || /[\u0000-\u001f\u007f\\]/.test(path)) return undefined;
  const base = 'http://site.invalid';
  let url: URL;
  try {
    url = new URL(path, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base) return undefined;
  return `${url.pathname}${url.search}`;
}

const cookieValue = (header: string | undefined): string | undefined => {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === PREVIEW_COOKIE) return part.slice(at + 1).trim();
  }
  return undefined;
};

/** Pages made for one request each: a preview's pages are never read from or kept in the page cache. */
export function uncachedPages(resolve: (sitePath: string, search?: string) => Promise<Outcome>) {
  const outcome = async (sitePath: string, search: string): Promise<Outcome> => {
    try {
      return await resolve(sitePath, search);
    } catch (error) {
      console.error(error);
      return { status: 'error', lang: splitLang(sitePath).lang };
    }
  };
  return {
    async page(sitePath: string, search: string, _theme: unknown, render: (outcome: Outcome) => Promise<PageRender>): Promise<PageAnswer> {
      return { cached: false, render: await render(await outcome(sitePath, search)) };
    },
    async pageData(sitePath: string, search: string): Promise<PageDataAnswer> {
      return { cached: false, outcome: await outcome(sitePath, search) };
    },
    /** Nothing kept. */
    stats: () => ({ pages: 0, pageBytes: 0, resolutions: 0, resolutionBytes: 0 }),
  };
}

export function createPreview({ secret, secure, now = Date.now }: { secret: string | undefined; secure: boolean; now?: () => number }) {
  /** Answers that are previews: never kept by anyone, never indexed. */
  const previews = new WeakSet<FastifyReply>();
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return {
    /** Whether a request comes from an editor's browser with a preview that has not ended. */
    isPreview(request: FastifyRequest): boolean {
      if (secret === undefined || request.headers.cookie === undefined) return false;
      return previewTokenValid(secret, cookieValue(request.headers.cookie), now());
    },
    /** This answer is a preview's page or page data. */
    mark(reply: FastifyReply): void {
      previews.add(reply);
    },
    register(app: FastifyInstance): void {
      if (secret === undefined) return;
      // Whatever the page route set (a page's FRESH): an editor's draft is kept by no cache, shared or not.
      app.addHook('onSend', (_request, reply, payload, done) => {
        if (previews.has(reply)) reply.header('Cache-Control', 'private, no-store').header('X-Robots-Tag', 'noindex, nofollow');
        done(null, payload);
      });
      app.get(PREVIEW_PATH, async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        const lang = splitLang(typeof query.path === 'string' ? query.path.slice(0, 4) : '/').lang;
        // The secret is in this address only: the browser shows, and sends as a referrer, the page's.
        reply.header('Cache-Control', 'no-store');
        if (!secretMatches(secret, query.secret)) return reply.code(401).type('text/html; charset=utf-8').send(refusalPage(lang, 'preview.refused'));
        const target = previewTarget(query.path ?? '/');
        if (!target) return reply.code(400).type('text/html; charset=utf-8').send(refusalPage(lang, 'preview.badPath'));
        reply.header('Set-Cookie', `${PREVIEW_COOKIE}=${previewToken(secret, now())}; Max-Age=${PREVIEW_COOKIE_MS / 1000}; ${attributes}`);
        return reply.redirect(target, 302);
      });
      // Back to the page the editor left from (the Referer's path on this host), without the cookie.
      app.get(LEAVE_PREVIEW_PATH, async (request, reply) => {
        let back: string | undefined;
        try {
          const from = new URL(String(request.headers.referer));
          if (from.host === request.headers.host) back = previewTarget(`${from.pathname}${from.search}`);
        } catch {
          back = undefined;
        }
        reply.header('Cache-Control', 'no-store').header('Set-Cookie', `${PREVIEW_COOKIE}=; Max-Age=0; ${attributes}`);
        return reply.redirect(back && !back.startsWith(PREVIEW_PATH) ? back : '/', 302);
      });
    },
  };
}
