// What every server says about what it does (issue 32): one JSON access-log line per request through
// Fastify's own logger (pino), Prometheus metrics on a listener of its own, and W3C Trace Context
// passed from the shell to the section that answered. A server gets all of it from
// `createObservability` (its Fastify options and a plugin), the shell and the sections alike.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomFillSync } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isIPv4, isIPv6 } from 'node:net';
import { formatWithOptions } from 'node:util';
import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { FastifyChildLoggerFactory } from 'fastify/types/logger';
import proxyAddr from '@fastify/proxy-addr';
import pino, { type DestinationStream, type LevelWithSilent } from 'pino';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import { KeptHistogram, type HistogramSeries } from './kept-metrics';
import { createLogWriter, type LogWriter } from './log-writer';

/** What a request carries from server to server: its id and its place in a W3C trace. */
export interface RequestTrace {
  requestId: string;
  /** 32 lowercase hex digits: the trace this request belongs to (continued from a trusted caller, else new). */
  traceId: string;
  /** 16 hex digits: this server's span of the request, the parent of every call it makes. */
  spanId: string;
  /** The caller's span, when the trace was continued. */
  parentSpanId?: string;
  /** The trace flags (sampled: `01`). */
  flags: string;
}

/** What the code answering a request adds to its access-log line and its metrics. */
export interface RequestNotes {
  /** The route template when it is finer than Fastify's (a page's pattern, `/stories/:slug`, for `/*`). */
  route?: string;
  /** The section that answered (the page's owner on the shell; the server itself on a section). */
  section?: string;
  /** The release (build id) of that section. */
  release?: string;
  /** For pages: the page cache's result. */
  cache?: 'hit' | 'miss' | 'stale' | 'uncached';
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/**
 * Random ids in hex, from a pool refilled 4 KB at a time: asking the system for 8 or 16 bytes per
 * request (randomBytes) cost a server more than a third of its throughput on a small answer. Trace and
 * span ids must be unique, not secret.
 */
let pool = Buffer.alloc(0);
let taken = 0;
function hex(bytes: number): string {
  if (taken + bytes > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(4096));
    taken = 0;
  }
  const id = pool.toString('hex', taken, taken + bytes);
  taken += bytes;
  return id;
}

/**
 * The time as ISO 8601 (`2026-12-07T06:12:03.042Z`), as `new Date().toISOString()` writes it, for a
 * log line: the date and second are made once a second, the milliseconds appended. A Date and its
 * formatting cost about 1 µs, a whole per-request bookkeeping's worth (bench:cpu, issue 32).
 */
let isoSecond = -1;
let isoPrefix = '';
export function isoNow(now: number = Date.now()): string {
  const second = Math.floor(now / 1000);
  if (second !== isoSecond) {
    isoSecond = second;
    isoPrefix = new Date(second * 1000).toISOString().slice(0, 20);
  }
  const ms = now - second * 1000;
  return `${isoPrefix}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z`;
}

/** A string as JSON: as it is between quotes when nothing in it needs escaping (a route, an id), else JSON.stringify's. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
export const jsonString = (value: string): string => (PLAIN.test(value) ? `"${value}"` : JSON.stringify(value));

const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

/** A `traceparent` header's parts, or null for anything W3C Trace Context does not allow (all-zero ids too). */
export function parseTraceparent(value: string | string[] | undefined): { traceId: string; parentSpanId: string; flags: string } | null {
  if (typeof value !== 'string') return null;
  const m = TRACEPARENT.exec(value.length === 55 ? value : value.trim());
  if (!m || m[1] === ZERO_TRACE || m[2] === ZERO_SPAN) return null;
  return { traceId: m[1]!, parentSpanId: m[2]!, flags: m[3]! };
}

/** The headers a call made for a request carries: the trace (this server's span as parent) and the request id. */
export function traceHeaders(trace: RequestTrace | undefined = currentTrace()): Record<string, string> {
  if (!trace) return {};
  return { traceparent: `00-${trace.traceId}-${trace.spanId}-${trace.flags}`, 'x-request-id': trace.requestId };
}

const context = new AsyncLocalStorage<RequestTrace>();

/**
 * A server span of an exporting tracer (tracing.ts: the OpenTelemetry SDK, when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set). Its ids are the request's; `run` makes it the parent of the calls
 * made while the request is answered; `end` is called once the answer is sent.
 */
export interface ServerSpan {
  traceId: string;
  spanId: string;
  flags: string;
  run(fn: () => void): void;
  end(fields: { route: string; method: string; status: number; section?: string; release?: string }): void;
}

/** Starts a server span, continuing `parent` (a trusted caller's traceparent) or a new trace. */
export interface Tracer {
  startServerSpan(parent: { traceId: string; parentSpanId: string; flags: string } | null, method: string): ServerSpan;
}

let exporting: Tracer | undefined;

/** The tracer every server made after this call uses (none: ids are made here and nothing is exported). */
export function setTracer(tracer: Tracer | undefined): void {
  exporting = tracer;
}

/** The trace of the request whose work is running (undefined outside one). */
export function currentTrace(): RequestTrace | undefined {
  return context.getStore();
}

/**
 * Runs `fn` outside any request: work it starts that outlives the request (a timer that refreshes a
 * cache for everyone) then carries no visitor's trace, in its log lines or in the calls it makes.
 */
export function outsideRequest<T>(fn: () => T): T {
  return context.exit(fn);
}

/**
 * A client address as a log keeps it: an IPv4 address's /24 network, an IPv6 address's /48, never the
 * whole address (the access log holds no personal data).
 */
export function truncatedAddress(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const v4 = mapped ? mapped[1]! : address;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address)) return undefined;
  const [head = '', tail] = address.split('%')[0]!.toLowerCase().split('::');
  const groups = head ? head.split(':') : [];
  // A `::` within the first three groups fills the rest of them with zeros.
  while (groups.length < 3 && tail !== undefined) groups.push('0');
  return `${groups.slice(0, 3).map((g) => g || '0').join(':')}::/48`;
}

/** OpenTelemetry's default buckets for `http.server.request.duration`, in seconds. */
export const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

export type LogFormat = 'json' | 'pretty';

/** The variables every server reads for its logs, metrics and traces (checked against the deployment files). */
export const observabilityEnvSchema = z.object({
  /** pino's levels: fatal, error, warn, info (default), debug, trace, or silent. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** json (one object a line, the default off a terminal) or pretty (a short line a request, the default on one). */
  LOG_FORMAT: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['json', 'pretty']).optional()),
  /** The port of the metrics listener (`GET /metrics`); unset: no metrics listener; 0: any free port. */
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  /** The address the metrics listener binds (default: the server's HOST). */
  METRICS_HOST: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
});

export interface ObservabilityOptions {
  /** The server: `shell` or a section's name. */
  service: string;
  /** The section that answers this server's requests, unless the answering code says another (the shell's pages). */
  section?: string;
  /** The release (build id) of this server. */
  release?: string;
  /** Proxies whose `x-request-id` and `traceparent` are believed (Fastify's `trustProxy` forms: addresses, CIDR, `loopback`). */
  trustedProxies: string[];
  /** LOG_LEVEL (default info) and LOG_FORMAT (json, or pretty: one short line a request, for a terminal). */
  env?: NodeJS.ProcessEnv;
  /** Where lines go (stdout by default): tests read them. */
  destination?: DestinationStream;
}

export type Observability = ReturnType<typeof createObservability>;

/**
 * A counter on a server's registry, for a section's own metric (a section that is not otherwise a
 * prom-client user need not depend on it): name with `_total`, labels with bounded values only.
 */
export function sectionCounter<L extends string>(registry: Registry, config: { name: string; help: string; labelNames: readonly L[] }): { inc(labels: Record<L, string>): void } {
  const counter = new Counter({ name: config.name, help: config.help, labelNames: config.labelNames, registers: [registry] });
  return { inc: (labels) => counter.inc(labels) };
}

/** A histogram on a server's registry, for a section's own durations (seconds) or sizes: buckets chosen for what it measures. */
export function sectionHistogram<L extends string>(registry: Registry, config: { name: string; help: string; labelNames: readonly L[]; buckets: number[] }): { observe(labels: Record<L, string>, value: number): void } {
  const histogram = new Histogram({ name: config.name, help: config.help, labelNames: config.labelNames, buckets: config.buckets, registers: [registry] });
  return { observe: (labels, value) => histogram.observe(labels, value) };
}

/** A gauge on a server's registry, for a section's own level (a count it holds now). */
export function sectionGauge(registry: Registry, config: { name: string; help: string }): { set(value: number): void } {
  const gauge = new Gauge({ name: config.name, help: config.help, registers: [registry] });
  return { set: (value) => gauge.set(value) };
}

/**
 * A server's logger, metrics registry and request tracing. Build the server with `fastifyOptions`
 * (pino as Fastify's logger, the request id a trusted proxy sent or a new one), then `register(app)`
 * before any route: it writes the access-log line and observes the request's duration when it ends.
 */
export function createObservability(options: ObservabilityOptions) {
  const env = observabilityEnvSchema.parse(options.env ?? process.env);
  const level: LevelWithSilent = env.LOG_LEVEL;
  const format: LogFormat = env.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json');
  const destination = options.destination ?? (format === 'pretty' ? prettyDestination(process.stdout) : standardOutput());
  const logger = pino(
    {
      level,
      // `build`: this server's own build; a request's line says which section and `release` answered it.
      base: { service: options.service, ...(options.release ? { build: options.release } : {}) },
      timestamp: () => `,"time":"${isoNow()}"`,
      messageKey: 'msg',
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: pino.stdSerializers.err },
    },
    destination,
  );
  /** pino's base fields of every line, as JSON (the access-log line writes them itself). */
  const baseFields = `"service":${JSON.stringify(options.service)}${options.release ? `,"build":${JSON.stringify(options.release)}` : ''}`;
  const trustOf = options.trustedProxies.length ? proxyAddr.compile(options.trustedProxies) : () => false;
  // Whether a peer is a trusted proxy, by its address: parsing addresses per request cost more than the
  // rest of the request's bookkeeping. A server has few peers (its proxies); the memory is bounded.
  const trusted = remembered((address: string) => trustOf(address, 0));
  const clientOf = remembered((address: string) => truncatedAddress(address));
  // A request's trace, span and notes are kept on its raw request, not in WeakMaps: an entry per
  // request in a WeakMap cost the garbage collector more than the rest of the bookkeeping.
  const traces = {
    get: (raw: IncomingMessage) => (raw as Kept)[kTrace],
    set: (raw: IncomingMessage, trace: RequestTrace) => void ((raw as Kept)[kTrace] = trace),
  };
  const spans = {
    get: (raw: IncomingMessage) => (raw as Kept)[kSpan],
    set: (raw: IncomingMessage, span: ServerSpan) => void ((raw as Kept)[kSpan] = span),
  };
  const notes = {
    get: (request: FastifyRequest) => (request.raw as Kept)[kNotes],
    set: (request: FastifyRequest, fields: RequestNotes) => void ((request.raw as Kept)[kNotes] = fields),
  };
  const tracer = exporting;

  const registry = new Registry();
  const httpDuration = new KeptHistogram({
    name: 'http_server_request_duration_seconds',
    help: 'Duration of HTTP server requests (OpenTelemetry http.server.request.duration).',
    labelNames: ['http_route', 'http_request_method', 'http_response_status_code', 'qf_section', 'qf_release'],
    buckets: HTTP_DURATION_BUCKETS,
    registry,
  });

  /** The trace of a raw request, made once: continued from a trusted proxy, else started here. */
  function traceOfRaw(raw: IncomingMessage): RequestTrace {
    let trace = traces.get(raw);
    if (trace) return trace;
    const fromProxy = trusted(raw.socket?.remoteAddress ?? '');
    const sentId = fromProxy ? raw.headers['x-request-id'] : undefined;
    const parent = fromProxy ? parseTraceparent(raw.headers.traceparent) : null;
    const span = tracer?.startServerSpan(parent, raw.method ?? 'GET');
    if (span) spans.set(raw, span);
    // One draw for every id a request needs: a new trace's id (also the request's id when no trusted
    // proxy sent one: the request's own, not shared with its trace's other requests when the trace
    // was continued) and this server's span.
    const ids = hex(24);
    const own = ids.slice(0, 32);
    trace = {
      requestId: typeof sentId === 'string' && REQUEST_ID.test(sentId) ? sentId : own,
      traceId: span?.traceId ?? parent?.traceId ?? own,
      spanId: span?.spanId ?? ids.slice(32),
      ...(parent ? { parentSpanId: parent.parentSpanId } : {}),
      flags: span?.flags ?? parent?.flags ?? '01',
    };
    traces.set(raw, trace);
    return trace;
  }

  const fastifyOptions = {
    loggerInstance: logger as FastifyBaseLogger,
    // Fastify's own two lines a request are off: the access-log line below is the one.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    genReqId: (raw: IncomingMessage) => traceOfRaw(raw).requestId,
    // A request's logger is made only when something is logged with it (most requests log nothing but
    // their access-log line, written below with the same ids).
    childLoggerFactory: function childLogger(parent, bindings, opts, raw) {
      return requestLogger(parent, () => {
        const trace = traceOfRaw(raw);
        return { ...bindings, trace_id: trace.traceId, span_id: trace.spanId };
      }, opts);
    } as FastifyChildLoggerFactory,
  };

  const seriesOf = (route: string, method: string, status: string, section: string, release: string): HistogramSeries => httpDuration.series(route, method, status, section, release);

  function register(app: FastifyInstance): void {
    app.decorate('observability', api);
    app.addHook('onRequest', (request, reply, done) => {
      const trace = traceOfRaw(request.raw);
      reply.header('x-request-id', trace.requestId);
      (request.raw as { qfStart?: number }).qfStart = performance.now();
      (request.raw as { qfWritten?: number }).qfWritten = request.raw.socket?.bytesWritten ?? 0;
      // The rest of the request runs with its trace: calls it makes pass it on (traceHeaders).
      const span = spans.get(request.raw);
      if (span) span.run(() => context.run(trace, done));
      else context.run(trace, done);
    });
    app.addHook('onResponse', (request, reply, done) => {
      const raw = request.raw as IncomingMessage & { qfStart?: number; qfWritten?: number };
      const seconds = (raw.qfStart === undefined ? reply.elapsedTime : performance.now() - raw.qfStart) / 1000;
      const noted = notes.get(request) ?? {};
      const route = noted.route ?? request.routeOptions.url ?? 'unmatched';
      const section = noted.section ?? options.section ?? '';
      const release = noted.release ?? (noted.section && noted.section !== options.section ? '' : (options.release ?? ''));
      const status = reply.statusCode;
      seriesOf(route, request.method, String(status), section, release).observe(seconds);
      spans.get(raw)?.end({ route, method: request.method, status, ...(section ? { section } : {}), ...(release ? { release } : {}) });
      // The probes every server answers many times a second (the shell's look at each section's build,
      // a load balancer's health check) are logged at debug when they go well: counted, not written.
      const level = status >= 500 ? 'warn' : status < 400 && PROBES.has(route) ? 'debug' : 'info';
      if (!logger.isLevelEnabled(level)) return done();
      const trace = traceOfRaw(raw);
      // The visitor's address as the server believes it (a trusted proxy's X-Forwarded-For), its network only.
      const peer = raw.socket?.remoteAddress;
      const client = peer && (raw.headers['x-forwarded-for'] && trusted(peer) ? clientOf(request.ip) : clientOf(peer));
      // The access-log line is written as JSON by hand (the same fields pino would write, in one string):
      // through pino's serializer it cost a small answer half as much again as the answer itself.
      // The body's length when the answer says it; else (a stream, compressed on the way) what went
      // through the socket (the socket's count walks its write queue: only when needed).
      const length = reply.getHeader('content-length');
      const bytes = length !== undefined ? Number(length) : Math.max(0, (raw.socket?.bytesWritten ?? 0) - (raw.qfWritten ?? 0));
      destination.write(
        `{"level":"${level}","time":"${isoNow()}",${baseFields},"request_id":${jsonString(trace.requestId)},"trace_id":"${trace.traceId}","span_id":"${trace.spanId}",` +
          `"method":${jsonString(request.method)},"route":${jsonString(route)},"status":${status},"duration_ms":${Math.round(seconds * 1e4) / 10},"bytes":${bytes}` +
          `${section ? `,"section":${jsonString(section)}` : ''}${release ? `,"release":${jsonString(release)}` : ''}${noted.cache ? `,"cache":"${noted.cache}"` : ''}${client ? `,"client":"${client}"` : ''},"msg":"request"}\n`,
      );
      done();
    });
  }

  const api = {
    logger,
    format,
    registry,
    fastifyOptions,
    register,
    /** The request's trace (its id, trace and span ids). */
    traceOf: (request: FastifyRequest): RequestTrace => traceOfRaw(request.raw),
    /** What the answering code adds to the request's log line and metrics (merged with what it said before). */
    note(request: FastifyRequest, fields: RequestNotes): void {
      notes.set(request, { ...notes.get(request), ...fields });
    },
    /** What was noted of the request so far. */
    notesOf: (request: FastifyRequest): Readonly<RequestNotes> => notes.get(request) ?? {},
  };
  return api;
}

/**
 * What a server's code and its libraries write with `console` goes to its log too, as JSON lines at the
 * matching level (an Error as `err`, with its stack), with the trace of the request it was written for:
 * a log collector then reads one format, and a warning written while answering a visitor can be found
 * by that visitor's trace id. For servers (listen), not for tests.
 */
export function routeConsoleToLog(logger: FastifyBaseLogger): void {
  const write = (level: 'debug' | 'info' | 'warn' | 'error') => (...args: unknown[]) => {
    const trace = currentTrace();
    const ids = trace ? { trace_id: trace.traceId, span_id: trace.spanId, request_id: trace.requestId } : {};
    const error = args.find((a): a is Error => a instanceof Error);
    const rest = args.filter((a) => a !== error);
    const msg = rest.length ? formatWithOptions({ breakLength: Infinity }, ...rest) : (error?.message ?? '');
    logger[level]({ ...ids, ...(error ? { err: error } : {}) }, msg);
  };
  console.debug = write('debug');
  console.log = write('info');
  console.info = write('info');
  console.warn = write('warn');
  console.error = write('error');
}

/**
 * Lines as a person reads them on a terminal (`npm start`): `12:03:04 GET /stories/:slug 200 12.3 ms
 * mf-content hit`, and other messages as `12:03:04 WARN message`. The JSON line is the source.
 */
export function prettyDestination(out: { write(s: string): unknown }): DestinationStream {
  return {
    write(line: string) {
      let o: Record<string, unknown>;
      try {
        o = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      const time = typeof o.time === 'string' ? o.time.slice(11, 19) : '';
      const lvl = String(o.level ?? 'info');
      if (o.msg === 'request' && o.method) {
        const extra = [o.section && `${String(o.section)}${o.release ? `@${String(o.release).slice(0, 10)}` : ''}`, o.cache].filter(Boolean).join(' ');
        out.write(`${time} ${String(o.method)} ${String(o.route)} ${String(o.status)} ${String(o.duration_ms)} ms${extra ? ` ${extra}` : ''}\n`);
        return;
      }
      const err = o.err as { stack?: string; message?: string } | undefined;
      out.write(`${time} ${lvl === 'info' ? '' : `${lvl.toUpperCase()} `}${String(o.msg ?? '')}${err ? `\n${err.stack ?? err.message ?? ''}` : ''}\n`);
    },
  };
}

/**
 * The process's one writer of JSON lines to standard output, shared by every server it builds (a test
 * builds many): one buffer and one exit hook, not one per server.
 */
let stdoutWriter: LogWriter | undefined;
const standardOutput = (): LogWriter => (stdoutWriter ??= createLogWriter({ fd: 1 }));

/** `fn` with its answers kept by argument (at most 1,000; all forgotten at once past that). */
function remembered<T>(fn: (key: string) => T): (key: string) => T {
  const kept = new Map<string, T>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined && !kept.has(key)) {
      value = fn(key);
      if (kept.size >= 1000) kept.clear();
      kept.set(key, value);
    }
    return value as T;
  };
}

/** Routes probed by machines (health checks, the shell's look at a section's build). */
const PROBES = new Set(['/healthz', '/livez', '/build-info.json']);

const kTrace = Symbol('qf.trace');
const kSpan = Symbol('qf.span');
const kNotes = Symbol('qf.notes');
type Kept = IncomingMessage & { [kTrace]?: RequestTrace; [kSpan]?: ServerSpan; [kNotes]?: RequestNotes };

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

type Leveled = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger that becomes a pino child (with the request's ids) the first time a line is
 * logged at an enabled level: making a child for every request cost more than the access-log line.
 */
class RequestLogger {
  private real: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: Leveled,
    private readonly bindings: () => Record<string, unknown>,
    private readonly opts: { level?: string },
  ) {
    if (opts.level) this.made();
  }
  private made(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindings(), this.opts));
  }
  get level(): string {
    return (this.real ?? this.parent).level;
  }
  set level(level: string) {
    this.made().level = level;
  }
  child(bindings: Record<string, unknown>, opts?: object): FastifyBaseLogger {
    return this.made().child(bindings, opts);
  }
  silent(): void {}
  private line(level: Level, args: unknown[]): void {
    if (!this.real && !this.parent.isLevelEnabled(level)) return;
    (this.made()[level] as (...a: unknown[]) => void)(...args);
  }
  fatal(...args: unknown[]): void {
    this.line('fatal', args);
  }
  error(...args: unknown[]): void {
    this.line('error', args);
  }
  warn(...args: unknown[]): void {
    this.line('warn', args);
  }
  info(...args: unknown[]): void {
    this.line('info', args);
  }
  debug(...args: unknown[]): void {
    this.line('debug', args);
  }
  trace(...args: unknown[]): void {
    this.line('trace', args);
  }
}

const requestLogger = (parent: FastifyBaseLogger, bindings: () => Record<string, unknown>, opts: { level?: string }): FastifyBaseLogger =>
  new RequestLogger(parent as Leveled, bindings, opts) as unknown as FastifyBaseLogger;

/**
 * Metrics on a listener of their own (`GET /metrics`, Prometheus' text format), never on the site's
 * port: Node's default metrics (event-loop lag, heap, GC) are added to the registry here, once.
 */
export async function serveMetrics(registry: Registry, { port, host, log }: { port: number; host: string; log?: FastifyBaseLogger }): Promise<{ port: number; close: () => Promise<void> }> {
  if (!defaultsOn.has(registry)) {
    // The event-loop delay is sampled every 100 ms, not prom-client's 10: its timer woke every server a
    // hundred times a second, busy or idle (3-5 % of a page's CPU summed over the six servers, bench:ssr).
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
    defaultsOn.add(registry);
  }
  const server = createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || url !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics are at /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => {
        log?.error({ err: error }, 'metrics could not be collected');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics could not be collected\n');
      },
    );
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
const defaultsOn = new WeakSet<Registry>();
/** How often the event-loop delay is sampled (nodejs_eventloop_lag_*): each sample wakes the server. */
export const EVENT_LOOP_SAMPLE_MS = 100;

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's logger, metrics and tracing (observability.ts), set by whoever built the server. */
    observability?: Observability;
  }
}
