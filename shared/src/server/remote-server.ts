import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { isLang, type Lang } from '@qf/shared/i18n';
import { normalizePath } from '@qf/shared/routing';
import { resolvedPageSchema, pagePathsSchema, type ListingHead, type PagePathEntry, type ResolvedPage, type ResolverAnswer } from '@qf/shared/contracts';
import type { RemoteName } from '@qf/shared/contracts';
import { deadlineOptions, deadlinesEnvSchema, type ErrorHandler, errorOptions, registerErrorAnswers, sendError } from './errors';
import { createObservability, observabilityEnvSchema, routeConsoleToLog, serveMetrics } from './observability';
import { CONTENT_REFRESH_PATH, contentWebhookEnvSchema, registerContentWebhook } from './content-webhook';
import { PREVIEW_HEADER, previewAllowed, previewEnvSchema } from './preview';

/**
 * The ports the repository's servers listen on when PORT is not set (a server run by hand; every
 * launcher, image and manifest sets PORT). The same as scripts/workspaces.cjs gives the workspaces
 * (remote-server.test.ts compares them). A section not listed here (one built elsewhere, which joins by
 * its registry entry) has no default: it is started with PORT, or it refuses to start, naming it.
 */
export const defaultPorts = {
  shell: 3000,
  'mf-content': 3001,
  'mf-events': 3002,
  'mf-media-center': 3003,
  'mf-idkt': 3004,
  'mf-forms': 3005,
} as const satisfies Record<string, number>;

/** The port a server listens on when PORT is not set, if it has one (defaultPorts). */
export const defaultPortOf = (name: string): number | undefined => (Object.hasOwn(defaultPorts, name) ? defaultPorts[name as keyof typeof defaultPorts] : undefined);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  HOST: z.string().default('127.0.0.1'),
  SHELL_ORIGINS: z.string().default('http://127.0.0.1:3000,http://localhost:3000'),
  /**
   * Who may say, with X-Forwarded-For and X-Forwarded-Proto, which client a request comes from: the
   * shell's addresses (comma-separated addresses or CIDR ranges; `loopback` is the shell on this
   * machine, the default). From anyone else those headers are ignored and the peer's address counts.
   */
  TRUSTED_PROXIES: z.string().default('loopback'),
  ...observabilityEnvSchema.shape,
  ...deadlinesEnvSchema.shape,
  ...contentWebhookEnvSchema.shape,
  ...previewEnvSchema.shape,
});

/** The variables every section's server reads through createRemoteServer (checked against the deployment files). */
export const REMOTE_ENV = Object.keys(envSchema.shape) as ReadonlyArray<keyof typeof envSchema.shape>;

/** On every answer of a section: no type sniffing, never framed, no full URL in referrers elsewhere. */
export const SECTION_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'strict-origin-when-cross-origin' } as const;

/** Parse the environment once, failing fast with every bad variable named. */
export function readEnv<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv = process.env): z.infer<T> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid environment:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  return parsed.data;
}

export interface RemoteServerOptions {
  name: RemoteName;
  /** The workspace folder (its `dist/` holds the builds). */
  dir: string;
  /** `query` is the page's query string (list filters: `?school=…&degree=…`), empty for most pages. */
  resolvePage?: (path: string, lang: Lang, query: URLSearchParams) => Promise<ResolvedPage | null>;
  /**
   * The same pages made from the preview content (drafts: `previewSourceFromEnv`), for a `/_qf/page`
   * request carrying CONTENT_PREVIEW_SECRET in PREVIEW_HEADER (preview.ts). Without it such a request
   * gets `resolvePage`'s page: a section whose pages read no content has no drafts to show.
   */
  previewPage?: (path: string, lang: Lang, query: URLSearchParams) => Promise<ResolvedPage | null>;
  listPaths?: () => Promise<PagePathEntry[]>;
  /**
   * The version of the content the server reads (`ContentSource.version`), reported as `contentVersion`
   * in `/build-info.json` so the shell knows when the pages it rendered from this server are out of date.
   */
  contentVersion?: () => Promise<string | undefined> | undefined;
  /** Look at the content now (`ContentSource.refresh`): asked by the shell when the CMS's webhook says something was published. */
  refreshContent?: () => Promise<void>;
  env?: NodeJS.ProcessEnv;
  /** The section's own answer for errors its routes throw (mf-forms answers in the form's language and kind); the shared one by default. */
  errorHandler?: ErrorHandler;
}

/** The build id a section's build says it is (its release in logs and metrics), if it was built. */
function builtId(dist: string): string | undefined {
  try {
    const info = JSON.parse(readFileSync(path.join(dist, 'build-info.json'), 'utf8')) as { buildId?: unknown };
    return typeof info.buildId === 'string' ? info.buildId : undefined;
  } catch {
    return undefined;
  }
}

/** A content source's version as reported in build info: short, and the same for the same version. */
export const reportedContentVersion = (version: string): string => createHash('sha256').update(version).digest('base64url').slice(0, 16);

/**
 * A remote's HTTP server: health, build info, its static builds with CORS for the shell's origins,
 * and its page resolver. The remote adds its own API routes to the returned instance.
 */
export async function createRemoteServer(options: RemoteServerOptions): Promise<{ app: FastifyInstance; port: number; host: string; warmUp: (what: string, task: () => Promise<unknown>) => void }> {
  const env = readEnv(envSchema, options.env);
  const port = env.PORT ?? defaultPortOf(options.name);
  if (port === undefined) throw new Error(`Invalid environment:\n  PORT: required (${options.name} has no default port)`);
  const origins = new Set(env.SHELL_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean));
  const trusted = env.TRUSTED_PROXIES.split(',').map((p) => p.trim()).filter(Boolean);
  const dist = path.join(options.dir, 'dist');
  // Its access log, metrics and traces (observability.ts): the section and release are this server's.
  const observability = createObservability({ service: options.name, section: options.name, release: builtId(dist), trustedProxies: trusted, env: options.env ?? process.env });
  const app = Fastify({ ...observability.fastifyOptions, ...deadlineOptions(env), bodyLimit: 1024 * 1024, trustProxy: trusted.length ? trusted : false, ...errorOptions });
  observability.register(app);
  registerErrorAnswers(app, options.errorHandler);

  // Hooks with a callback, not async functions: each async hook cost every request a promise and a
  // turn of microtasks, and an async onSend held the end of every answer back (issue 32's CPU A/B).
  const sectionHeaders = Object.entries(SECTION_HEADERS);
  app.addHook('onRequest', (request, reply, done) => {
    // Always vary on Origin: a stylesheet first fetched by a <link> (no Origin, no CORS header) must not
    // be reused from the browser cache for a later CORS read of the same URL (an accessibility checker).
    reply.header('Vary', 'Origin');
    // What a browser may do with a section's answers when it reads them directly (its assets, its API).
    for (const [name, value] of sectionHeaders) reply.header(name, value);
    const origin = request.headers.origin;
    if (origin && origins.has(origin)) reply.header('Access-Control-Allow-Origin', origin);
    done();
  });

  // A body refused as too large (413) does not cut the connection at once: what follows is read and
  // dropped for a bounded while (lingerThenClose), so the client still sending it (the shell's gateway)
  // reads the answer. Fastify closed it, and a close with unread bytes resets the connection: the
  // gateway's write failed (EPIPE) before it read the 413, and the visitor was told 503.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode === 413) {
      reply.removeHeader('connection');
      lingerThenClose(request.raw, reply.raw);
    }
    done(null, payload);
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  /** The content version as reported (short), or undefined when the source cannot say it now. */
  const contentVersion = async (): Promise<string | undefined> => {
    const version = await Promise.resolve(options.contentVersion?.()).catch((error: unknown) => (app.log.error({ err: error }, 'the content source could not say its version'), undefined));
    return version ? reportedContentVersion(version) : undefined;
  };

  /**
   * Work a server does once it listens, before it is ready (issue 35: mf-content's search index over a
   * large store took longer than Fastify's 10 s ready timeout, and the server exited). It listens at
   * once: pages answer meanwhile, `/healthz` answers 503 "starting" (what the supervisor and Kubernetes'
   * startup and readiness probes wait on) until every task is done. A task that fails is said and tried
   * again (1 s, then twice as long each time, at most 30 s): the server stays not ready, never exits.
   */
  const starting = new Map<string, string | undefined>();
  let readied = false;
  const run = (what: string, task: () => Promise<unknown>, wait = 1000): void => {
    const started = Date.now();
    task().then(
      () => {
        starting.delete(what);
        app.log.info(`${options.name}: ${what} ready in ${Date.now() - started} ms`);
      },
      (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        starting.set(what, reason);
        app.log.error({ err: error }, `${options.name}: ${what} failed (${reason}); tried again in ${wait / 1000} s`);
        setTimeout(() => run(what, task, Math.min(wait * 2, 30_000)), wait).unref();
      },
    );
  };
  const queued: [string, () => Promise<unknown>][] = [];
  const warmUp = (what: string, task: () => Promise<unknown>): void => {
    starting.set(what, undefined);
    if (readied) run(what, task);
    else queued.push([what, task]);
  };
  // Started when the server is ready, not awaited: it listens meanwhile (a task yields to the event loop).
  app.addHook('onReady', async () => {
    readied = true;
    for (const [what, task] of queued.splice(0)) run(what, task);
  });

  // Alive: listening and its event loop turning, ready or not (Kubernetes' startup and liveness probes:
  // a server still building its search index is not ready, and must not be restarted for it).
  app.get('/livez', async () => ({ status: 'live', name: options.name }));
  app.get('/healthz', async (_request, reply) => {
    if (!starting.size) return { status: 'ok', name: options.name };
    reply.header('Cache-Control', 'no-store');
    return reply.code(503).send({ status: 'starting', name: options.name, waiting: [...starting].map(([what, failed]) => (failed ? `${what} (failed: ${failed})` : what)) });
  });

  // The CMS's webhook, through the shell (content-webhook.ts): the content looked at now, its version after.
  await registerContentWebhook(app, {
    path: CONTENT_REFRESH_PATH,
    secret: env.CONTENT_WEBHOOK_SECRET,
    refresh: async () => {
      await options.refreshContent?.();
      return { name: options.name, contentVersion: (await contentVersion()) ?? null };
    },
  });

  app.get('/build-info.json', async (_request, reply) => {
    const file = path.join(dist, 'build-info.json');
    if (!existsSync(file)) return reply.code(503).send({ error: 'not built' });
    reply.header('Cache-Control', 'no-cache');
    const info = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    // A source that cannot say its version now is reported without one: the shell then trusts this
    // server's pages for a short time only.
    const content = await contentVersion();
    return content ? { ...info, contentVersion: content } : info;
  });

  // The Node build is what the shell loads to render; its source maps (with the sources) stay on disk
  // for stack traces and are never served.
  app.addHook('onRequest', (request, reply, done) => {
    const pathname = request.url.split('?')[0]!;
    let decoded = pathname;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return done();
    }
    if (decoded.startsWith('/server/') && decoded.endsWith('.map')) return void sendError(reply, 404);
    done();
  });
  for (const folder of ['browser', 'server'] as const) {
    await app.register(fastifyStatic, {
      root: path.join(dist, folder),
      prefix: `/${folder}/`,
      decorateReply: folder === 'browser',
      index: false,
      // Hashed files never change; entries and manifests name the current build and must be revalidated.
      setHeaders(reply, filePath) {
        const base = path.basename(filePath);
        const hashed = /\.[0-9a-f]{10}\.(js|css)$/.test(base);
        reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const pageQuery = z.object({ path: z.string().min(1).max(2048), lang: z.string(), query: z.string().max(2048).optional() });
  app.get('/_qf/page', async (request, reply) => {
    const q = pageQuery.safeParse(request.query);
    if (!q.success || !isLang(q.data.lang)) return reply.code(400).send({ error: 'path and lang (en or ar) are required' });
    if (!options.resolvePage) return reply.code(404).send({ found: false });
    const query = new URLSearchParams(q.data.query ?? '');
    // A preview (drafts) only for the shell that knows the secret; never kept by anyone, no content version.
    if (request.headers[PREVIEW_HEADER] !== undefined) {
      reply.header('Cache-Control', 'no-store');
      if (!previewAllowed(env.CONTENT_PREVIEW_SECRET, request.headers[PREVIEW_HEADER])) return reply.code(403).send({ error: 'forbidden', message: `The ${PREVIEW_HEADER} header is wrong, or this server has no CONTENT_PREVIEW_SECRET.` });
      const page = await (options.previewPage ?? options.resolvePage)(normalizePath(q.data.path), q.data.lang, query);
      if (!page) return reply.code(404).send({ found: false });
      const answer: ResolverAnswer = { found: true, page: resolvedPageSchema.parse(page) };
      return answer;
    }
    // The version first: the page is then made from this content or a newer one, never an older one.
    const content = await contentVersion();
    const page = await options.resolvePage(normalizePath(q.data.path), q.data.lang, query);
    if (!page) return reply.code(404).send({ found: false });
    const answer: ResolverAnswer = { found: true, page: resolvedPageSchema.parse(page), ...(content ? { contentVersion: content } : {}) };
    return answer;
  });

  // A listing page's entry carries its head in both languages, from the remote's own resolver: search
  // (mf-content) indexes the other sections' lists by it without knowing their routes or translations.
  async function makePaths(): Promise<PagePathEntry[]> {
    const entries = options.listPaths ? await options.listPaths() : [];
    const headOf = async (p: string, lang: Lang): Promise<ListingHead | undefined> => {
      const head = (await options.resolvePage?.(p, lang, new URLSearchParams()))?.head;
      return head?.title ? { title: head.title, description: head.description ?? '' } : undefined;
    };
    const withHeads = await Promise.all(
      entries.map(async (e) => {
        if (!e.listing) return e;
        const [en, ar] = await Promise.all([headOf(e.en, 'en'), headOf(e.en, 'ar')]);
        return en && ar ? { ...e, head: { en, ar } } : e;
      }),
    );
    return pagePathsSchema.parse(withHeads);
  }

  /**
   * The paths answer, made once per content version and kept as JSON (with no version, made for each
   * ask). The shell's sitemaps and mf-content's search (every minute, for the listing pages) ask it: at
   * 100,000 entries a making took a section 0.5-2 s, its schema check included, and the sections that
   * were asked stopped answering their health while they made it. `?listing=1`: only the listing pages
   * (what search wants of it: a few entries instead of every page's).
   */
  type PathsAnswer = { version: string; made: Promise<PagePathEntry[]>; json: { all?: Promise<string>; listing?: Promise<string> } };
  let pathsKept: PathsAnswer | undefined;
  app.get('/_qf/paths', async (request, reply) => {
    const version = await contentVersion();
    let answer = version !== undefined && pathsKept?.version === version ? pathsKept : undefined;
    if (!answer) {
      const made = makePaths();
      const fresh: PathsAnswer = (answer = { version: version ?? '', made, json: {} });
      if (version !== undefined) {
        pathsKept = fresh;
        made.catch(() => pathsKept === fresh && (pathsKept = undefined));
      }
    }
    const which = (request.query as { listing?: string }).listing === '1' ? 'listing' : 'all';
    // Only the JSON asked for is made (and awaited here: a making that failed is this answer's 500).
    const json = (answer.json[which] ??= answer.made.then((all) => JSON.stringify(which === 'listing' ? all.filter((e) => e.listing) : all)));
    reply.type('application/json; charset=utf-8');
    return json;
  });

  return { app, port, host: env.HOST, warmUp };
}

/**
 * What a server reads and drops of a body it refused before cutting the connection (see lingerThenClose):
 * more than a client can have in flight when the answer reaches it (loopback buffers hold a few MB), for
 * at most two seconds. With 1 MB the shell's gateway, still sending 20 MB, was cut before it read the 413.
 */
export const LINGER = { bytes: 16 * 1024 * 1024, ms: 2_000 };

/**
 * After refusing a request whose body is still coming (a 413), read and drop what follows for a while,
 * as nginx's lingering close does, then cut the connection if the body has not ended: closing at once
 * with unread bytes resets the connection, and a client still writing (the shell's gateway) can then
 * lose the answer. A body that ends within the bounds leaves the connection usable. Never reads more
 * than `bytes` of it: a client that stops sending on the answer (a browser, the gateway) has sent what
 * was in flight, and one that goes on sending 50 MB is cut.
 */
export function lingerThenClose(raw: IncomingMessage, response: ServerResponse, bounds: { bytes: number; ms: number } = LINGER): void {
  // The first caller's bounds hold (a handler that knows its body, then the 413 hook of every section).
  if (lingering.has(raw)) return;
  lingering.add(raw);
  raw.unpipe();
  // Only once the answer is out: dropping (and cutting) earlier could reset the connection before the
  // answer was even written.
  if (!response.writableFinished) return void response.once('finish', () => drop(raw, bounds));
  drop(raw, bounds);
}

const lingering = new WeakSet<IncomingMessage>();

function drop(raw: IncomingMessage, bounds: { bytes: number; ms: number }): void {
  if (raw.complete) return;
  let dropped = 0;
  const stop = () => {
    clearTimeout(timer);
    raw.off('data', onData);
    raw.off('end', stop);
    raw.off('close', stop);
  };
  const cut = () => {
    stop();
    raw.destroy();
  };
  const onData = (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > bounds.bytes) cut();
  };
  const timer = setTimeout(cut, bounds.ms);
  timer.unref();
  raw.on('data', onData);
  raw.once('end', stop);
  raw.once('close', stop);
  raw.resume();
}

/** How long a stopping server waits for requests in progress before it cuts their connections. */
export const STOP_DEADLINE_MS = 10_000;

/**
 * Close a listening server the way a redeploy needs: no new connections, requests in progress answered
 * whole, then nothing left to wait for. Node keeps a keep-alive socket that was busy when closing began
 * open until its keep-alive timeout (72 s with Fastify), and a client pool that honours the server's
 * `Keep-Alive: timeout=72` hint (the shell's fetch) holds it as long: `close()` alone left a stopped
 * server alive for about a minute. And a connection that has not sent a byte yet (a browser preconnects
 * to origins it expects to need) counts as busy for Node until its headers timeout, which is no longer
 * checked once closing began: it held a stop until the browser gave the socket up, minutes later. Here
 * each keep-alive socket is closed as soon as its answer is out, connections that never sent anything
 * are closed, and after `deadlineMs` every connection left is cut. Returns the stop function; calling
 * it again returns the same promise.
 */
export function gracefulClose(app: FastifyInstance, deadlineMs = STOP_DEADLINE_MS): () => Promise<void> {
  const server = app.server;
  const open = new Map<ServerResponse, string>();
  const sockets = new Set<Socket>();
  let draining = false;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const closeUnused = () => {
    for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
  };
  server.on('request', (request, response) => {
    open.set(response, `${request.method} ${request.url}`);
    response.once('close', () => {
      open.delete(response);
      // Its socket is idle once the answer is written: close it instead of keeping it alive.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });
  let stopping: Promise<void> | undefined;
  return () => {
    if (stopping) return stopping;
    draining = true;
    // Answers not started yet tell the client not to reuse the connection.
    for (const response of open.keys()) if (!response.headersSent) response.setHeader('Connection', 'close');
    // Until the listening socket is closed a new one may still come in: looked at again until stopped.
    closeUnused();
    const unused = setInterval(closeUnused, 200);
    unused.unref();
    const cut = setTimeout(() => {
      console.warn(`still open after ${deadlineMs} ms, cut: ${[...open.values()].join(', ') || 'connections without a request in progress'}`);
      server.closeAllConnections();
    }, deadlineMs);
    cut.unref();
    stopping = app.close().finally(() => {
      clearInterval(unused);
      clearTimeout(cut);
    });
    return stopping;
  };
}

/**
 * Listen, and close cleanly on SIGTERM/SIGINT so a redeploy never cuts a request in half. With
 * METRICS_PORT set (0: any free port), the server's metrics are served on a listener of their own
 * (METRICS_HOST, default the server's host), never on the site's port.
 */
export async function listen(app: FastifyInstance, port: number, host: string, label: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const close = gracefulClose(app);
  const { METRICS_PORT, METRICS_HOST } = readEnv(observabilityEnvSchema, env);
  routeConsoleToLog(app.log);
  await app.listen({ port, host, listenTextResolver: (address) => `${label} listening on ${address}` });
  let metrics: Awaited<ReturnType<typeof serveMetrics>> | undefined;
  if (METRICS_PORT !== undefined && app.observability) {
    const metricsHost = METRICS_HOST ?? host;
    metrics = await serveMetrics(app.observability.registry, { port: METRICS_PORT, host: metricsHost, log: app.log });
    app.log.info(`${label} metrics on http://${metricsHost}:${metrics.port}/metrics`);
  }
  const stop = () => {
    Promise.all([close(), metrics?.close()]).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // Started by `npm start`: stop with it, even when it is killed without a chance to stop us.
  if (process.env.QF_EXIT_WITH_PARENT === '1') {
    process.stdin.on('end', stop).on('close', stop).resume();
  }
}
