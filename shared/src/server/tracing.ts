// Traces exported with OpenTelemetry (issue 32), for a server whose environment names a collector
// (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT). Without one nothing here is loaded:
// the request ids of observability.ts are made as before and nothing is exported.
//
// With one, the OpenTelemetry SDK for Node runs: a tracer provider with a batch span processor exporting
// over OTLP/HTTP (protobuf, or JSON with OTEL_EXPORTER_OTLP_PROTOCOL=http/json), the AsyncLocalStorage
// context manager, W3C trace-context propagation, and the instrumentations of the calls a server makes:
// node:http and node:https (the shell's page and gateway requests), fetch (undici: mf-events → mf-forms,
// search), pg (mf-forms with DATABASE_URL). Each request's server span is made by the Tracer set here
// (observability.ts asks it for one), never by the http instrumentation, which is told to leave incoming
// requests alone: a request continues a trace only when a trusted proxy sent its traceparent, so a
// visitor cannot choose the trace their request lands in. The SDK reads its other settings from the
// standard variables: OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER(_ARG),
// OTEL_EXPORTER_OTLP_(TRACES_)HEADERS / _TIMEOUT / _COMPRESSION, OTEL_BSP_*.
import { createRequire } from 'node:module';
import type * as OtelApi from '@opentelemetry/api';
import type * as OtelContext from '@opentelemetry/context-async-hooks';
import type * as OtelCore from '@opentelemetry/core';
import type * as OtlpJson from '@opentelemetry/exporter-trace-otlp-http';
import type * as OtlpProto from '@opentelemetry/exporter-trace-otlp-proto';
import type * as OtelHttp from '@opentelemetry/instrumentation-http';
import type * as OtelPg from '@opentelemetry/instrumentation-pg';
import type * as OtelUndici from '@opentelemetry/instrumentation-undici';
import type * as OtelResources from '@opentelemetry/resources';
import type * as OtelNode from '@opentelemetry/sdk-trace-node';
import { setTracer, type ServerSpan, type Tracer } from './observability';

export interface TracingOptions {
  /** The server: `shell` or a section's name (the resource's service.name unless OTEL_SERVICE_NAME says another). */
  service: string;
  /**
   * The variables that decide whether traces are exported, where and in which encoding (process.env by
   * default); the SDK reads its other settings (sampler, headers, batching) from the process's environment.
   */
  env?: NodeJS.ProcessEnv;
}

export interface Tracing {
  /** Whether traces are exported. */
  enabled: boolean;
  /** Ends the export: sends the spans not yet sent, then stops the SDK (nothing to do when off). */
  shutdown(): Promise<void>;
}

/** Whether the environment asks for traces: a collector named, the SDK not disabled, the exporter not `none`. */
export function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (/^\s*true\s*$/i.test(env.OTEL_SDK_DISABLED ?? '')) return false;
  if (/^\s*none\s*$/i.test(env.OTEL_TRACES_EXPORTER ?? '')) return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/** The OTLP encoding the environment asks for (the specification's default: protobuf). */
function otlpProtocol(env: NodeJS.ProcessEnv): 'http/protobuf' | 'http/json' {
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf').trim() || 'http/protobuf';
  if (protocol === 'http/protobuf' || protocol === 'http/json') return protocol;
  throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL=${protocol} is not supported: traces are exported over OTLP/HTTP, http/protobuf (the default) or http/json (a collector's port 4318)`);
}

/** Where spans are sent, as the OTLP exporter specification says: the traces endpoint as it is, else `/v1/traces` on the endpoint. */
export function tracesUrl(env: NodeJS.ProcessEnv): string {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() ?? '';
  return `${base}${base.endsWith('/') ? '' : '/'}v1/traces`;
}

/** The methods OpenTelemetry's HTTP conventions name; any other is `_OTHER`. */
const KNOWN_METHODS = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'QUERY', 'TRACE']);

declare const __non_webpack_require__: NodeJS.Require | undefined;

/**
 * Node's require (never a bundler's): in a webpack build webpack's name for it, which webpack makes the
 * bundle's own `require` (it would rewrite a `createRequire` call it sees); elsewhere `createRequire`.
 */
function nodeRequire(): NodeJS.Require {
  return typeof __non_webpack_require__ === 'function' ? __non_webpack_require__ : createRequire(__filename);
}

/**
 * Routes asked every few hundred milliseconds by the shell, the supervisor and load balancers: a span
 * of each would drown the requests of visitors. Their answers are not exported unless they fail (5xx).
 */
const UNTRACED_ROUTES = new Set(['/healthz', '/build-info.json']);

const off: Tracing = { enabled: false, shutdown: async () => {} };
let running: Tracing | undefined;

/**
 * Starts exporting traces when the environment names a collector, and makes every server built after
 * this call give its requests real OpenTelemetry server spans. Call it first, before the server is
 * built; call `shutdown` when the server has closed (its onClose hook) so the last spans are sent.
 */
export function startTracing({ service, env = process.env }: TracingOptions): Tracing {
  if (!tracingEnabled(env)) return off;
  if (running) return running;
  const protocol = otlpProtocol(env);

  // Loaded here, by Node's own require: nothing of the SDK is read when traces are off, the builds
  // (webpack bundles) take it from node_modules as they are, and the require below is one the
  // instrumentations see (they patch node:http when it is required after they are enabled).
  const load = nodeRequire();
  const api = load('@opentelemetry/api') as typeof OtelApi;
  const { AsyncLocalStorageContextManager } = load('@opentelemetry/context-async-hooks') as typeof OtelContext;
  const { W3CTraceContextPropagator } = load('@opentelemetry/core') as typeof OtelCore;
  const { NodeTracerProvider, BatchSpanProcessor } = load('@opentelemetry/sdk-trace-node') as typeof OtelNode;
  const { defaultResource, detectResources, envDetector, hostDetector, resourceFromAttributes } = load('@opentelemetry/resources') as typeof OtelResources;
  const { HttpInstrumentation } = load('@opentelemetry/instrumentation-http') as typeof OtelHttp;
  const { UndiciInstrumentation } = load('@opentelemetry/instrumentation-undici') as typeof OtelUndici;
  const { PgInstrumentation } = load('@opentelemetry/instrumentation-pg') as typeof OtelPg;
  const exporterConfig = { url: tracesUrl(env) };
  const exporter =
    protocol === 'http/json'
      ? new (load('@opentelemetry/exporter-trace-otlp-http') as typeof OtlpJson).OTLPTraceExporter(exporterConfig)
      : new (load('@opentelemetry/exporter-trace-otlp-proto') as typeof OtlpProto).OTLPTraceExporter(exporterConfig);

  // The SDK's own troubles (a collector that cannot be reached) go to the log, at OTEL_LOG_LEVEL (warn by default).
  const logLevel = (env.OTEL_LOG_LEVEL ?? 'warn').trim().toUpperCase() as keyof typeof OtelApi.DiagLogLevel;
  api.diag.setLogger(new api.DiagConsoleLogger(), { logLevel: api.DiagLogLevel[logLevel] ?? api.DiagLogLevel.WARN, suppressOverrideMessage: true });

  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': service }))
    .merge(detectResources({ detectors: [hostDetector, envDetector] }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(exporter)] });
  provider.register({ contextManager: new AsyncLocalStorageContextManager(), propagator: new W3CTraceContextPropagator() });

  // Outgoing calls only, and only those made for a request while it is answered: a call made outside
  // one (a poll of a section's build info) is not worth a trace of its own, and work that goes on after
  // its request ended (a loop started by a request inherits its context) would make that trace grow
  // for ever. The instrumentations are enabled as they are made.
  const ended = new WeakSet<OtelApi.Span>();
  const afterItsRequest = (): boolean => {
    const span = api.trace.getSpan(api.context.active());
    return span !== undefined && ended.has(span);
  };
  const instrumentations = [
    new HttpInstrumentation({ disableIncomingRequestInstrumentation: true, requireParentforOutgoingSpans: true, ignoreOutgoingRequestHook: afterItsRequest }),
    new UndiciInstrumentation({
      requireParentforSpans: true,
      ignoreRequestHook: afterItsRequest,
      // A call that passes the request's trace itself (traceHeaders) gets the client span's traceparent
      // instead of a second one: undici adds headers, where node:http replaces them.
      requestHook: (span, request) => {
        if (!api.trace.isSpanContextValid(span.spanContext()) || !Array.isArray(request.headers)) return;
        for (let i = request.headers.length - 2; i >= 0; i -= 2) {
          const name = String(request.headers[i]).toLowerCase();
          if (name === 'traceparent' || name === 'tracestate') request.headers.splice(i, 2);
        }
      },
    }),
    new PgInstrumentation({ requireParentSpan: true }),
  ];
  for (const instrumentation of instrumentations) instrumentation.setTracerProvider(provider);
  // node:http and node:https are loaded already (the server's modules were imported before this call):
  // requiring them again is what makes the http instrumentation patch them. pg is patched when
  // mf-forms loads it, later.
  load('node:http');
  load('node:https');

  const tracer = provider.getTracer('@qf/shared/server');
  const qfTracer: Tracer = {
    startServerSpan(parent, requestMethod) {
      // Never the context of whatever runs now: a trusted caller's span, or nothing (a new trace).
      const parentContext = parent
        ? api.trace.setSpanContext(api.ROOT_CONTEXT, { traceId: parent.traceId, spanId: parent.parentSpanId, traceFlags: Number.parseInt(parent.flags, 16) & 0xff, isRemote: true })
        : api.ROOT_CONTEXT;
      const method = KNOWN_METHODS.has(requestMethod) ? requestMethod : '_OTHER';
      const span = tracer.startSpan(
        method === '_OTHER' ? 'HTTP' : method,
        { kind: api.SpanKind.SERVER, attributes: { 'http.request.method': method, ...(method === '_OTHER' ? { 'http.request.method_original': requestMethod } : {}) } },
        parentContext,
      );
      const active = api.trace.setSpan(parentContext, span);
      const ids = span.spanContext();
      const serverSpan: ServerSpan = {
        traceId: ids.traceId,
        spanId: ids.spanId,
        flags: (ids.traceFlags & 0xff).toString(16).padStart(2, '0'),
        run: (fn) => api.context.with(active, fn),
        end({ route, status, section, release }) {
          ended.add(span);
          // Not ended, not exported (a span reaches the exporter when it ends).
          if (UNTRACED_ROUTES.has(route) && status < 500) return;
          const routed = route && route !== 'unmatched';
          if (routed) span.updateName(`${method === '_OTHER' ? 'HTTP' : method} ${route}`);
          span.setAttributes({
            ...(routed ? { 'http.route': route } : {}),
            'http.response.status_code': status,
            ...(section ? { 'qf.section': section } : {}),
            ...(release ? { 'qf.release': release } : {}),
          });
          if (status >= 500) {
            span.setAttribute('error.type', String(status));
            span.setStatus({ code: api.SpanStatusCode.ERROR });
          }
          span.end();
        },
      };
      return serverSpan;
    },
  };
  setTracer(qfTracer);

  let stopped: Promise<void> | undefined;
  const tracing: Tracing = {
    enabled: true,
    shutdown: () =>
      (stopped ??= (async () => {
        setTracer(undefined);
        for (const instrumentation of instrumentations) instrumentation.disable();
        try {
          await provider.shutdown();
        } finally {
          api.trace.disable();
          api.propagation.disable();
          api.context.disable();
          api.diag.disable();
          running = undefined;
        }
      })()),
  };
  running = tracing;
  return tracing;
}
