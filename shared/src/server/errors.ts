import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isLang, type Lang } from '@qf/shared/i18n';

/**
 * Every error answer a server gives is its own and in the visitor's language: never Fastify's codes
 * (`FST_ERR_BAD_URL`, `FST_STATIC_FORBIDDEN_PATH`), its "Route POST:/ not found", Node's "Client
 * Error", nor the request echoed back. JSON `{ error, message }`; the code is one of ours.
 */
export type ErrorCode = 'bad-request' | 'not-found' | 'method-not-allowed' | 'timeout' | 'too-large' | 'unsupported-media-type' | 'error';

export const errorMessages: Record<Lang, Record<ErrorCode, string>> = {
  en: {
    'bad-request': 'This request could not be read. Please check the address and try again.',
    'not-found': 'There is nothing at this address.',
    'method-not-allowed': 'This address cannot be used this way.',
    timeout: 'Your request took too long to arrive, so it was not sent. Please check your connection and try again.',
    'too-large': 'Your submission is too large to send. Please shorten it and try again.',
    'unsupported-media-type': 'This request could not be read: it must be sent as a web form or as JSON.',
    error: 'Something went wrong on our side. Please try again in a moment.',
  },
  ar: {
    'bad-request': 'تعذّرت قراءة هذا الطلب. يُرجى التحقق من العنوان والمحاولة مرة أخرى.',
    'not-found': 'لا يوجد شيء على هذا العنوان.',
    'method-not-allowed': 'لا يمكن استخدام هذا العنوان بهذه الطريقة.',
    timeout: 'استغرق وصول طلبك وقتاً طويلاً، لذلك لم يُرسَل. يُرجى التحقق من اتصالك والمحاولة مرة أخرى.',
    'too-large': 'حجم ما أرسلته كبير جداً. يُرجى اختصاره والمحاولة مرة أخرى.',
    'unsupported-media-type': 'تعذّرت قراءة هذا الطلب: يجب إرساله كنموذج ويب أو بصيغة JSON.',
    error: 'حدث خطأ من جهتنا. يُرجى المحاولة مرة أخرى بعد قليل.',
  },
};

/** The visitor's language as a request says it: `?lang=`, else an `/ar` path, else English. Never throws. */
export function langOf(url: string | undefined): Lang {
  const raw = url ?? '';
  const lang = /[?&]lang=([^&#]*)/.exec(raw)?.[1];
  if (isLang(lang)) return lang;
  return /^\/ar(?:[/?#]|$)/.test(raw) ? 'ar' : 'en';
}

/**
 * The language of a request Node could not parse, from what it read of it: the target of a request line
 * (`GET /ar/... HTTP/1.1`), else English.
 */
export function langOfPacket(packet: Buffer | undefined): Lang {
  const line = /^[A-Z]{1,20} (\S{1,4096})/.exec(packet?.subarray(0, 4200).toString('latin1') ?? '');
  return line ? langOf(line[1]) : 'en';
}

const STATUS_CODES: Record<number, ErrorCode> = { 400: 'bad-request', 404: 'not-found', 405: 'method-not-allowed', 408: 'timeout', 413: 'too-large', 415: 'unsupported-media-type' };

/** Our code for an HTTP status: the 4xx we name, any other 4xx as a bad request, 5xx as an error. */
export const codeOf = (status: number): ErrorCode => STATUS_CODES[status] ?? (status >= 400 && status < 500 ? 'bad-request' : 'error');

export function sendError(reply: FastifyReply, status: number, lang: Lang = langOf(reply.request.url)): FastifyReply {
  const code = codeOf(status);
  return reply.code(status).type('application/json; charset=utf-8').send({ error: code, message: errorMessages[lang][code] });
}

/**
 * The Fastify options that answer what never reaches a route: a URL that cannot be decoded, a content
 * type no parser takes (`frameworkErrors`), and a request Node cannot parse at all (`clientErrorHandler`).
 */
export const errorOptions = {
  frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    return sendError(reply, error.statusCode && error.statusCode < 500 ? error.statusCode : 400, langOf(request.raw.url));
  },
  // Node hands the bytes it read as a Buffer (Fastify's types say a JSON-serialised one).
  clientErrorHandler(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket) {
    const held = socket as Socket & { _httpMessage?: { req?: { url?: string }; headersSent?: boolean } | null; parser?: { incoming?: unknown } | null };
    // A route may have answered already (the gateway forwards a section's answer before the visitor's body
    // came whole): its answer is on its way or gone (the request's head was read, its answer is no longer
    // the connection's), and the connection ends without a second one after it (there was one when the
    // deadline came first: two 408s on one connection, the second unasked for).
    const answered = held._httpMessage ? held._httpMessage.headersSent : Boolean(held.parser?.incoming);
    if (!socket.writable || answered) return socket.destroy();
    // A request that did not arrive whole within its deadline (deadlineOptions: headers, or the whole
    // request) is 408, in the language of the request when its head was read; headers over Node's limit
    // (16 KB) are 431, as Node says it; anything else Node cannot parse is 400.
    const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const status = timedOut ? '408 Request Timeout' : error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    const code: ErrorCode = timedOut ? 'timeout' : 'bad-request';
    // The language of the request line when Node read one (a request in flight, or the bytes a parse
    // error came with). A head that never came whole left nothing to read it from: Node hands this
    // handler no byte of it, and keeping each connection's first bytes took a 'data' listener, which
    // turns every request of every connection from Node's native parsing into JS stream reads (a cached
    // story 8 % slower, bench:ab): that answer says it in both languages.
    const inFlight = held._httpMessage?.req?.url;
    const lang = inFlight !== undefined ? langOf(inFlight) : Buffer.isBuffer(error.rawPacket) ? langOfPacket(error.rawPacket) : undefined;
    const body = JSON.stringify({ error: code, message: lang ? errorMessages[lang][code] : `${errorMessages.en[code]} ${errorMessages.ar[code]}` });
    socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  },
};

/** The deadlines of a request's arrival (issue 37, M2), read by every server. */
export const deadlinesEnvSchema = z.object({
  /** The request's head (line and headers) must arrive within this (a trickled head: 408). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(20_000),
  /**
   * The whole request, body included, must arrive within this (408 after it). Long enough for the
   * largest upload a form takes on a slow phone (a scholarship's 5 files of 10 MB at 2 Mbit/s).
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
});

/**
 * Fastify's options for those deadlines: Node answers a request that is late (checked every second)
 * through `clientErrorHandler`, which says 408 in the visitor's language. A trickled body or head no
 * longer holds a connection for good (it did: Fastify sets no request timeout).
 */
export function deadlineOptions({ HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS }: z.infer<typeof deadlinesEnvSchema>) {
  const headersTimeout = Math.min(HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS);
  return { requestTimeout: REQUEST_TIMEOUT_MS, http: { headersTimeout, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: 1000 } };
}

/** A server's answer for an error one of its routes raised or threw. */
export type ErrorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * A server's own answers for a route nobody has and for errors nothing else handled (a server may give
 * its own error handler instead, as mf-forms does for its forms). A 5xx is logged, never shown.
 */
export function registerErrorAnswers(app: FastifyInstance, errorHandler?: ErrorHandler): void {
  app.setNotFoundHandler((request, reply) => sendError(reply, 404, langOf(request.url)));
  // Set once: Fastify warns (FSTWRN004) when a scope's error handler is replaced.
  if (errorHandler) return void app.setErrorHandler<FastifyError>(errorHandler);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A static file path that climbs out of its folder: nothing is there, as for any other address.
    const status = error.code === 'FST_STATIC_FORBIDDEN_PATH' ? 404 : error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, status, langOf(request.url));
  });
}
