import { FORM_ANSWER_MAX_BYTES, FORM_ANSWER_TYPE, FORM_PAGE_PARAM, formAnswerSchema, type FormAnswer } from '@qf/shared/contracts';
import { languages, type Lang } from '@qf/shared/i18n';
import { normalizePath } from '@qf/shared/routing';
import { shellT } from '../src/i18n';
import { MAX_PAGE_URL } from './page-data';

/**
 * A form posted by a page before or without its script comes back as that page (see the form-answer
 * contract in @qf/shared/contracts): this module says which page posted it and reads the section's
 * answer. The page is the one the browser names as the referrer, a path of this site (never an API
 * or internal path); without one the section answers with a page of its own, as before.
 */
export interface FormPage {
  path: string;
  /** The page's query string, without `?`. */
  search: string;
}

/** Paths that are no page: the gateway, the shell's internal routes, page data. */
const NOT_A_PAGE = /^\/(api|_qf|_shell|page-data)(\/|$)/;

/**
 * The page a form post came from, when the request is a browser's plain form post: the page its action
 * names (`FORM_PAGE_PARAM`, a form sent again from its answer page), else its referrer on this site.
 */
export function formPageOf(request: { method: string; url?: string; headers: Record<string, string | string[] | undefined> }): FormPage | null {
  if (request.method !== 'POST') return null;
  const accept = request.headers.accept;
  if (typeof accept !== 'string' || !accept.includes('text/html')) return null;
  const named = new URLSearchParams(request.url?.split('?')[1] ?? '').get(FORM_PAGE_PARAM);
  const referer = named?.startsWith('/') ? `http://page${named}` : request.headers.referer;
  if (typeof referer !== 'string') return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  // A path a browser reads as one of this site (after a slash, a second slash or a backslash is another site).
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !/^\/(?![/\\])/.test(url.pathname)) return null;
  const path = normalizePath(url.pathname);
  if (NOT_A_PAGE.test(path) || NOT_A_PAGE.test(path.replace(/^\/ar(?=\/|$)/, ''))) return null;
  const search = url.search.replace(/^\?/, '');
  // No page has an address that long (the page route answers 404 to one): not asked of its owner, whose
  // refusal was counted as the section failing (issue 37, info items). The answer is given on its own.
  if (path.length > MAX_PAGE_URL || search.length > MAX_PAGE_URL) return null;
  return { path, search };
}

/** A request's URL without `FORM_PAGE_PARAM`: the section never sees it. */
export function withoutPageParam(url: string): string {
  const [pathname = '', query] = url.split('?');
  if (query === undefined || !query.includes(FORM_PAGE_PARAM)) return url;
  const params = new URLSearchParams(query);
  params.delete(FORM_PAGE_PARAM);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/** The section's answer, when it gave one of the form-answer type (anything else: null, and its body is passed through). */
export function readFormAnswer(headers: Record<string, string | string[] | undefined>, body: Buffer): FormAnswer | null | 'broken' {
  if (!String(headers['content-type'] ?? '').startsWith(FORM_ANSWER_TYPE)) return null;
  if (body.length > FORM_ANSWER_MAX_BYTES) return 'broken';
  try {
    const parsed = formAnswerSchema.safeParse(JSON.parse(body.toString('utf8')));
    return parsed.success ? parsed.data : 'broken';
  } catch {
    return 'broken';
  }
}

/** Text and attribute values of the shell's small standalone pages (this one, preview.ts's refusals). */
export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * When the page no longer places the form (its content changed since it was shown): the answer still
 * reaches the visitor, every message with a way back, in their language. The page is locked down by the
 * site's policy like every other (the shell adds the CSP), and has no script.
 */
export function formAnswerFallback(lang: Lang, answer: FormAnswer, back: string): string {
  const t = shellT(lang);
  const errors = Object.values(answer.errors ?? {});
  return `<!doctype html>
<html lang="${lang}" dir="${languages[lang].dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(t('formAnswer.title'))}</title></head>
<body><main><h1>${escapeHtml(t('formAnswer.title'))}</h1><p role="status">${escapeHtml(answer.message)}</p>${errors.length ? `<ul>${errors.map((e) => `<li>${escapeHtml(e)}</li>`).join('')}</ul>` : ''}<p><a href="${escapeHtml(back)}">${escapeHtml(t('formAnswer.back'))}</a></p></main></body></html>`;
}
