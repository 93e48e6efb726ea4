import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLang, type Lang } from '@qf/shared/i18n';
import { backPath, outcomePage } from './outcome-page';
import { loggedError } from './log';
import { noteSubmission } from './metrics';

/** The most a JSON or plain form body may weigh: the largest form's text fits many times over. */
export const FORM_BODY_LIMIT = 64 * 1024;

type BodyProblem = 'too-large' | 'file-too-large' | 'unsupported-media-type' | 'bad-request' | 'error';

/** What the visitor reads when the request itself (not a field) is wrong. */
export const bodyMessages: Record<Lang, Record<BodyProblem, string>> = {
  en: {
    'too-large': 'Your submission is too large to send. Please shorten it and try again.',
    'file-too-large': 'File size limit exceeded. (10MB max)',
    'unsupported-media-type': 'This form could not be read: it must be sent as a web form or as JSON.',
    'bad-request': 'This form could not be read. Please check it and try again.',
    error: 'An error occured. please try again',
  },
  ar: {
    'too-large': 'حجم ما أرسلته كبير جداً. يُرجى اختصاره والمحاولة مرة أخرى.',
    'file-too-large': 'تم تجاوز الحد الأقصى لحجم الملف. (١٠ ميغابايت كحد أقصى)',
    'unsupported-media-type': 'تعذّرت قراءة هذا النموذج: يجب إرساله كنموذج ويب أو بصيغة JSON.',
    'bad-request': 'تعذّرت قراءة هذا النموذج. يُرجى التحقق منه والمحاولة مرة أخرى.',
    error: 'حدث خطأ. يُرجى المحاولة مرة أخرى',
  },
};

function problemOf(error: FastifyError): { status: number; problem: BodyProblem } {
  const status = error.statusCode ?? 500;
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') return { status: 413, problem: 'file-too-large' };
  if (status === 413) return { status, problem: 'too-large' };
  if (status === 415) return { status, problem: 'unsupported-media-type' };
  if (status >= 400 && status < 500) return { status, problem: 'bad-request' };
  return { status: 503, problem: 'error' };
}

/**
 * Errors Fastify raises before a handler runs (a body over the limit, a content type no parser takes) and
 * anything a handler throws: answered as `{outcome, message}` in the visitor's language like every other
 * outcome, never Fastify's English default. A body over the limit is refused as soon as its declared
 * length (or the bytes received) pass the limit. The connection is not cut: Node reads and drops the
 * rest of the body, so the client (the shell's gateway, still sending) always reads the 413; a cut
 * connection with unread bytes is reset, and the reset lost the answer (the gateway said 503 instead).
 */
export function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const query = request.query as Record<string, unknown> | undefined;
  const lang: Lang = isLang(query?.lang) ? query.lang : 'en';
  const { status, problem } = problemOf(error);
  if (problem === 'error') request.log.error({ err: loggedError(error) }, 'mf-forms request failed');
  noteSubmission(request, problem);
  const message = bodyMessages[lang][problem];
  reply.code(status);
  if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
    return reply.type('text/html; charset=utf-8').send(outcomePage(lang, message, backPath(request.headers.referer, lang)));
  }
  return reply.send({ outcome: problem, message });
}

/**
 * Bodies the forms API accepts besides JSON: plain form posts (the forms work before their script
 * arrives). A body that cannot be parsed reaches the handler as `{}` and fails validation there, so the
 * visitor gets the form's own message rather than a parser error.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  // Forms come as JSON, plain form posts or multipart uploads; Fastify's text/plain parser would hand a
  // handler a bare string, so that type is refused (415) like every other one no form sends.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_req, body, done) => {
    try {
      done(null, JSON.parse(String(body)) as unknown);
    } catch {
      done(null, {});
    }
  });
}
