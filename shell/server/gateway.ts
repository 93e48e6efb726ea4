import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Transform, type Readable } from 'node:stream';
import type { RemoteName } from '@qf/shared/contracts';
import { remoteNames } from '@qf/shared/contracts';

/**
 * Where a request to the API gateway may go, decided on the path the section will route, never on the
 * raw URL: `/api/<section>/<rest>` with every segment percent-decoded once. A dot segment (`..`, `.`,
 * however encoded), a backslash, an encoded slash or a control character is refused before any section
 * is chosen, and the section is asked for the path rebuilt from the decoded segments, so nothing the
 * client writes can leave the section's public `/api/<section>/` prefix (its `/_qf/page`, build info
 * and builds stay out of reach).
 */
export type GatewayTarget = { ok: true; remote: RemoteName; path: string } | { ok: false; status: 400 | 404 };

const SECTION = /^[a-z][a-z-]*$/;
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
  if (api !== 'api' || !section || !SECTION.test(section)) return { ok: false, status: 404 };
  const remote = `mf-${section}` as RemoteName;
  if (!remoteNames.includes(remote)) return { ok: false, status: 404 };
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

/**
 * One request to a section, its body streamed as it arrives. The section may answer before it has read
 * the whole body (a 413 on the declared length): the answer is taken as soon as it comes, sending
 * stops, and a failed write after that (the section closing its side) no longer loses it. `fetch`
 * could not do that: a write that failed first rejected the call and the visitor read 503 for a 413.
 */
export function forward(url: string, init: { method: string; headers: Record<string, string>; body?: Readable; timeoutMs: number }): Promise<Forwarded> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Forwarded>((resolve, reject) => {
    let answered = false;
    const upstream = send(target, { method: init.method, headers: init.headers, agent: agents[target.protocol as 'http:' | 'https:'] });
    upstream.setTimeout(init.timeoutMs, () => upstream.destroy(new Error(`no answer from ${target.origin} in ${init.timeoutMs} ms`)));
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
