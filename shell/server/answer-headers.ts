import type { FastifyInstance } from 'fastify';
import type { Registry } from '@qf/shared/contracts';
import { etagOf } from './page-cache';
import { contentSecurityPolicy, newNonce, NONCE_PLACEHOLDER, SECURITY_HEADERS } from './security';

export interface AnswerHeadersOptions {
  /** The registry document now: the origins a page may load sections' code from. */
  registry: () => Promise<Registry>;
  /** Hosts images come from besides this site (the content service's). */
  imageHosts: readonly string[];
  /** A third-party assistant's script (loaded after consent): its origin is allowed. */
  assistantScriptUrl?: string | undefined;
  /** Whether the maps service may load (a key is configured). */
  maps: boolean;
}

/**
 * What every answer of the shell carries, registered before compression: the security headers; a
 * Location that would leave the site made a path of it; for HTML, JSON and XML with status 200 an ETag
 * (of the text before the nonce goes in, so an unchanged page still answers 304); for HTML a fresh CSP
 * nonce in the page and its policy. Returns `htmlPolicy(nonce)`, for answers the app sends itself.
 */
export function registerAnswerHeaders(app: FastifyInstance, options: AnswerHeadersOptions): { htmlPolicy: (nonce: string) => Promise<string> } {
  /** The CSP of an HTML answer carrying `nonce` (the rest of the policy is made once per registry document). */
  let policy: { of: object; parts: string[] } | undefined;
  async function htmlPolicy(nonce: string): Promise<string> {
    const reg = await options.registry().catch(() => ({ remotes: {} }));
    if (policy?.of !== reg) {
      // Where each remote's browser build is served from: its pinned manifest's origin (a release store
      // behind a CDN: npm start's supervisor, npm run cluster, deploy/README), else its server. A release
      // pinned in the browser-build store (`buildInfo`) is never loaded from its server, so a browser may
      // not fetch anything from there (issue 37, L6: sections' servers are the shells', not the browsers').
      const fromEntry = (e: { url: string; manifest?: string; buildInfo?: string }) => [e.manifest, e.buildInfo ? undefined : e.url];
      const origins = Object.values(reg.remotes).flatMap((e) =>
        e ? [...fromEntry(e), ...(e.canary ? fromEntry(e.canary) : [])].flatMap((u) => (u ? [new URL(u).origin] : [])) : [],
      );
      // A configured third-party assistant: its script is added only after cookie consent, but the policy must allow it.
      if (options.assistantScriptUrl) origins.push(new URL(options.assistantScriptUrl).origin);
      policy = { of: reg, parts: contentSecurityPolicy(NONCE_PLACEHOLDER, origins, options.imageHosts, { maps: options.maps }).split(NONCE_PLACEHOLDER) };
    }
    return policy.parts.join(nonce);
  }

  // A hook with a callback, not an async function: the common answer (a kept page, its policy set by
  // the route) goes on at once. An async hook deferred the end of every answer by a turn of microtasks,
  // so the route's `return reply` found it unsent and waited on the stream's end (issue 32's CPU A/B).
  app.addHook('onSend', (request, reply, payload, done) => {
    for (const [name, value] of SECURITY_ENTRIES) reply.header(name, value);
    // Whatever made it (a rule, a section), a Location of a slash then a slash or a backslash would send
    // a browser off-site: it is made a path of this site.
    const location = reply.getHeader('location');
    if (typeof location === 'string' && /^\/[/\\]/.test(location)) reply.header('location', `/${location.replace(/^[/\\]+/, '')}`);
    const type = String(reply.getHeader('content-type') ?? '');
    const withPolicy = (nonce: string, body: unknown) =>
      void htmlPolicy(nonce).then(
        (policy) => {
          reply.header('Content-Security-Policy', policy);
          done(null, body);
        },
        (error: Error) => done(error),
      );
    // HTML passed through whole from a section (a form's outcome page) has no nonce to fill but is
    // locked down by the same policy as every page. (A kept page is a Buffer too, already with the
    // policy of the nonce it was filled with: that one stays.)
    if (Buffer.isBuffer(payload) && type.startsWith('text/html')) {
      if (reply.hasHeader('content-security-policy')) return done(null, payload);
      return withPolicy(newNonce(), payload);
    }
    if (typeof payload !== 'string' || !(type.startsWith('text/html') || type.startsWith('application/json') || type.startsWith('application/xml'))) return done(null, payload);
    if (reply.statusCode === 200) {
      const etag = etagOf(payload);
      reply.header('ETag', etag);
      if (request.headers['if-none-match'] === etag) {
        reply.code(304);
        return done(null, '');
      }
    }
    if (!type.startsWith('text/html')) return done(null, payload);
    const nonce = newNonce();
    // Only in the nonce attributes the document writes: a visitor's text that spells the placeholder
    // (a path reflected in a 404 page's links and state) never receives the answer's nonce.
    withPolicy(nonce, payload.replaceAll(NONCE_ATTRIBUTE, `nonce="${nonce}"`));
  });

  return { htmlPolicy };
}

/** How every nonce's place is written in the shell's HTML (document.tsx: `nonce="` then the placeholder). */
const NONCE_ATTRIBUTE = `nonce="${NONCE_PLACEHOLDER}"`;
const SECURITY_ENTRIES = Object.entries(SECURITY_HEADERS);
