import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FormAnswer, RegistryEntry, RemoteName } from '@qf/shared/contracts';
import { FORM_ANSWER_HEADER, isRemoteName } from '@qf/shared/contracts';
import { isLang, type Lang } from '@qf/shared/i18n';
import { lingerThenClose, traceHeaders } from '@qf/shared/server';
import { shellT } from '../src/i18n';
import { formPageOf, readFormAnswer, withoutPageParam, type FormPage } from './form-answer-page';

/**
 * Where a request to the API gateway may go, decided on the path the section will route, never on the
 * raw URL: `/api/<section>/<rest>` with every segment percent-decoded once. A dot segment (`..`, `.`,
 * however encoded), a backslash, an encoded slash or a control character is refused before any section
 * is chosen, and the section is asked for the path rebuilt from the decoded segments, so nothing the
 * client writes can leave the section's public `/api/<section>/` prefix (its `/_qf/page`, build info
 * and builds stay out of reach). The section is `mf-<section>` when that is a well-formed section name
 * (the contracts' pattern), which says nothing of whether it exists: the gateway then forwards only to a
 * section of the request's registry, at the address its entry gives (a path never chooses a host).
 */
export type GatewayTarget = { ok: true; remote: RemoteName; path: string } | { ok: false; status: 400 | 404 };

// Decoded, these would let a segment mean something else to the section or to a URL parser.
const UNSAFE = /[\\/\u0000-\u001f\u007f]/;

export function gatewayTarget(rawUrl: string): GatewayTarget {
  const queryAt = rawUrl.indexOf('?');
  const rawPath = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  const query = queryAt === -1 ? '' : rawUrl.slice(queryAt);
  const raw = rawPath.split('/');
  if (raw[0] !== '' || raw.length < 4) return { ok: false, status: 404 };
  const segments: string[] = [];
  for (const segment of raw.slice(1)) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return { ok: false, status: 400 };
    }
    if (decoded === '.' || decoded === '..' || UNSAFE.test(decoded)) return { ok: false, status: 400 };
    segments.push(decoded);
  }
  const [api, section, ...rest] = segments;
  const remote = `mf-${section}`;
  if (api !== 'api' || !section || !isRemoteName(remote)) return { ok: false, status: 404 };
  return { ok: true, remote, path: `/api/${section}/${rest.map(encodeURIComponent).join('/')}${query}` };
}

/**
 * The most a request body may weigh through the gateway unless configured otherwise: the largest form
 * (the scholarship application: five files of 10 MB and its fields, mf-forms' own declared limit).
 */
export const DEFAULT_API_BODY_LIMIT = 51 * 1024 * 1024;

export interface Forwarded {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

// Kept-alive connections to the sections, each given up after 30 s idle: before the sections' own
// keep-alive timeout (Fastify's 72 s), so a request is never sent on a connection they are closing.
const agents = { 'http:': new HttpAgent({ keepAlive: true, timeout: 30_000 }), 'https:': new HttpsAgent({ keepAlive: true, timeout: 30_000 }) };

/** The code of `forward`'s error when nothing went either way for its timeout. */
const IDLE = 'QF_UPSTREAM_IDLE';

/**
 * One request to a section, its body streamed as it arrives. The section may answer before it has read
 * the whole body (a 413 on the declared length): the answer is taken as soon as it comes, sending
 * stops, and a failed write after that (the section closing its side) no longer loses it. `fetch`
 * could not do that: a write that failed first rejected the call and the visitor read 503 for a 413.
 */
export function forward(url: string, init: { method: string; headers: Record<string, string>; body?: Readable; timeoutMs: number; signal?: AbortSignal }): Promise<Forwarded> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Forwarded>((resolve, reject) => {
    let answered = false;
    const upstream = send(target, { method: init.method, headers: init.headers, agent: agents[target.protocol as 'http:' | 'https:'] });
    upstream.setTimeout(init.timeoutMs, () => upstream.destroy(Object.assign(new Error(`nothing to or from ${target.origin} for ${init.timeoutMs} ms`), { code: IDLE })));
    init.signal?.addEventListener('abort', () => upstream.destroy(new Error('the request ended before its body')), { once: true });
    upstream.on('response', (res) => {
      answered = true;
      if (init.body) init.body.unpipe(upstream);
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('answer cut off')));
      res.on('end', () => {
        // A request whose body was not sent whole cannot share its connection with the next one.
        if (!upstream.writableFinished) upstream.destroy();
        resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) });
      });
    });
    upstream.on('error', (error) => {
      if (!answered) reject(error);
    });
    if (init.body) {
      init.body.on('error', (error) => upstream.destroy(error));
      init.body.pipe(upstream);
    } else upstream.end();
  });
}

/** Counts a body as it passes and fails it past `limit` bytes (`over()` then says so). */
export function counted(limit: number): { stream: Transform; over: () => boolean } {
  let bytes = 0;
  let over = false;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > limit) {
        over = true;
        return done(new Error('request body over the gateway limit'));
      }
      done(null, chunk);
    },
  });
  return { stream, over: () => over };
}

/** How much of a body still coming is read and dropped after an early answer, so the client reads it. */
const EARLY_ANSWER_LINGER = { bytes: 16 * 1024 * 1024, ms: 250 };

export interface GatewayOptions {
  /** The largest body a section's API is sent (API_BODY_LIMIT_BYTES). */
  bodyLimit: number;
  /** Where a section lives for this request (its composition: live or the canary's); undefined when not in the registry. */
  entryOf: (request: FastifyRequest, remote: RemoteName) => Promise<RegistryEntry | undefined>;
  /** Answers a plain form post with the page it came from, refilled (the form-answer contract). */
  answerForm: (request: FastifyRequest, reply: FastifyReply, page: FormPage, status: number, answer: FormAnswer | 'broken') => Promise<unknown>;
  /** How long the section may send nothing before it counts as not answering (30 s). */
  upstreamIdleMs?: number;
}

/**
 * The API gateway: `/api/<section>/<rest>` is forwarded to that section's server (its path decided by
 * gatewayTarget), with the client's address and protocol, the headers an API needs and cookies both
 * ways; bodies are streamed and counted against the limit; every refusal is a translated JSON answer
 * (400, 404, 413, 503 with Retry-After). Bodies are not parsed here (an encapsulated plugin).
 */
export async function registerGateway(app: FastifyInstance, { bodyLimit, entryOf, answerForm, upstreamIdleMs = 30_000 }: GatewayOptions): Promise<void> {
  await app.register(async (api) => {
    api.removeAllContentTypeParsers();
    api.addContentTypeParser('*', (_req, _payload, done) => done(null));
    api.all('/api/*', async (request, reply) => {
      const lang: Lang = isLang((request.query as Record<string, unknown>).lang) ? ((request.query as Record<string, string>).lang as Lang) : 'en';
      const refuse = (status: 400 | 404 | 408 | 413, error: string, message: string) => reply.code(status).send({ error, message });
      const target = gatewayTarget(request.url);
      if (!target.ok) return target.status === 400 ? refuse(400, 'bad-request', shellT(lang)('status.badRequest')) : refuse(404, 'not-found', shellT(lang)('status.notFoundBody'));
      // Only a section of this request's registry (its composition: live or the canary's) is forwarded to,
      // at its entry's address; any other name, however well formed, is a 404.
      const entry = await entryOf(request, target.remote);
      if (!entry) return refuse(404, 'not-found', shellT(lang)('status.notFoundBody'));
      // Logged and measured by the section's API it reached, never by the visitor's path (a name not in
      // the registry never becomes a metric label).
      request.server.observability?.note(request, { route: `/api/${target.remote}/*`, section: target.remote });
      // Refused by its declared length before the section is asked; a body without one is counted.
      const declared = Number(request.headers['content-length']);
      if (declared > bodyLimit) {
        lingerThenClose(request.raw, reply.raw);
        return refuse(413, 'too-large', shellT(lang)('status.tooLarge'));
      }
      // The visitor's request id and trace go on to the section (it trusts them from the shell only).
      const headers: Record<string, string> = { 'x-forwarded-for': request.ip, 'x-forwarded-proto': request.protocol, ...traceHeaders() };
      // Cookies go both ways: a section's API may know a browser by one (the poll's HttpOnly voter id).
      for (const h of ['content-type', 'content-length', 'accept', 'accept-language', 'idempotency-key', 'user-agent', 'referer', 'origin', 'cookie']) {
        const v = request.headers[h];
        if (typeof v === 'string') headers[h] = v;
      }
      // A browser's plain form post from a page of the site: the section may answer for that page itself
      // (the form refilled, each message by its field) instead of a page of its own (form-answer contract).
      const formPage = formPageOf(request);
      if (formPage) headers[FORM_ANSWER_HEADER] = 'page';
      const hasBody = !['GET', 'HEAD'].includes(request.method);
      const body = hasBody ? counted(bodyLimit) : undefined;
      // Answered before the whole body came (the section's 413, ours): the rest is dropped, within bounds.
      const dropRest = () => {
        if (!body || request.raw.complete) return;
        request.raw.unpipe(body.stream);
        lingerThenClose(request.raw, reply.raw, EARLY_ANSWER_LINGER);
      };
      // A visitor's request that ends before its body came whole (its connection cut, or answered 408 at its
      // deadline) is not kept waiting on the section.
      const cut = new AbortController();
      if (hasBody) request.raw.once('close', () => !request.raw.complete && cut.abort());
      try {
        const res = await forward(`${entry.url}${withoutPageParam(target.path)}`, { method: request.method, headers, body: body && request.raw.pipe(body.stream), timeoutMs: upstreamIdleMs, signal: cut.signal });
        const formAnswer = formPage ? readFormAnswer(res.headers, res.body) : null;
        if (formPage && formAnswer) {
          dropRest();
          return answerForm(request, reply, formPage, res.status, formAnswer);
        }
        reply.code(res.status);
        for (const h of ['content-type', 'retry-after', 'cache-control', 'location'] as const) {
          const v = res.headers[h];
          if (typeof v === 'string') reply.header(h, v);
        }
        const cookies = res.headers['set-cookie'];
        if (cookies?.length) reply.header('set-cookie', cookies);
        dropRest();
        return reply.send(res.body);
      } catch (error) {
        dropRest();
        if (body?.over()) return refuse(413, 'too-large', shellT(lang)('status.tooLarge'));
        // The visitor's body did not all come: the connection ended first, or nothing came (to send on)
        // for the idle time while the section waited for the rest. The request's fault, not the section's
        // (issue 37, M2: it was a 503 "section unavailable").
        const stalled = (error as { code?: string }).code === IDLE && !request.raw.complete;
        if (cut.signal.aborted || stalled) return refuse(408, 'timeout', shellT(lang)('status.timeout'));
        reply.header('Retry-After', '30');
        return reply.code(503).send({ error: 'unavailable', message: shellT(lang)('status.unavailableBody') });
      }
    });
  });
}

