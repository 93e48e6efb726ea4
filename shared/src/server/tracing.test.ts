import Fastify, { type FastifyInstance } from 'fastify';
import { createServer, get } from 'node:http';
import { createRequire } from 'node:module';
import type * as NodeModule from 'node:module';
import type { AddressInfo } from 'node:net';
import { createObservability, currentTrace, setTracer, traceHeaders, type RequestTrace, type Tracer } from './observability';
import { startTracing, tracingEnabled, type Tracing } from './tracing';

// The SDK is loaded as a server loads it, by Node's own require (tracing.ts: createRequire), not into
// Jest's module registry: there its exporter's `import('http')` would need --experimental-vm-modules.
jest.mock('node:module', () => {
  const sandboxed = jest.requireActual<typeof NodeModule & { _load(id: string, parent: null): typeof NodeModule }>('node:module');
  return { ...sandboxed, createRequire: sandboxed._load('node:module', null).createRequire };
});

/** What a fake OTLP collector received: the JSON requests, and the raw bodies with their content type. */
interface Received {
  json: OtlpRequest[];
  raw: { contentType: string; body: Buffer }[];
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
  status?: { code?: number };
}
interface OtlpRequest {
  resourceSpans: { resource: { attributes: { key: string; value: Record<string, unknown> }[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
}
const SERVER = 2;
const CLIENT = 3;

async function collector() {
  const received: Received = { json: [], raw: [] };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.method !== 'POST' || req.url !== '/v1/traces') return void res.writeHead(404).end();
      const contentType = String(req.headers['content-type'] ?? '');
      received.raw.push({ contentType, body });
      if (contentType.startsWith('application/json')) received.json.push(JSON.parse(body.toString('utf8')) as OtlpRequest);
      res.writeHead(200, { 'content-type': contentType }).end(contentType.startsWith('application/json') ? '{}' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const spansOf = (received: Received): OtlpSpan[] => received.json.flatMap((r) => r.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((s) => s.spans)));
const attribute = (span: OtlpSpan, key: string): unknown => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};

async function until<T>(what: () => T | undefined, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = what();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error('not received in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const traceHeadersOf = (digit: string) => ({ traceparent: `00-${digit.repeat(32)}-${digit.repeat(16)}-01` });

/** A server as the site's are built (createObservability), on a free port. */
async function server(service: string, trustedProxies: string[], routes: (app: FastifyInstance) => void) {
  const observability = createObservability({ service, section: service, release: `${service}-r1`, trustedProxies, env: { LOG_LEVEL: 'silent' }, destination: { write: () => {} } });
  const app = Fastify(observability.fastifyOptions);
  observability.register(app);
  routes(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

function getJson(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as unknown }));
    }).on('error', reject);
  });
}

// The test's process.env is Jest's copy; the SDK, loaded by Node, reads the process's own.
const realEnv = jest.requireActual<{ _load(id: string, parent: null): NodeJS.Process }>('node:module')._load('process', null).env;
const OTEL_VARS = ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'OTEL_EXPORTER_OTLP_PROTOCOL', 'OTEL_BSP_SCHEDULE_DELAY', 'OTEL_SERVICE_NAME', 'OTEL_TRACES_SAMPLER'];
const saved = Object.fromEntries(OTEL_VARS.map((k) => [k, process.env[k]]));
function setEnv(vars: Record<string, string | undefined>) {
  for (const env of [process.env, realEnv]) {
    for (const [k, v] of Object.entries(vars)) {
      if (v === undefined) delete env[k];
      else env[k] = v;
    }
  }
}
const restoreEnv = () => setEnv(saved);

describe('tracing, off', () => {
  afterEach(() => setTracer(undefined));

  it('without a collector named, loads nothing of the SDK, sets no tracer and exports nothing', async () => {
    const { received, server: fake } = await collector();
    setEnv(Object.fromEntries(OTEL_VARS.map((k) => [k, undefined])));
    // A tracer set before: startTracing must leave it (neither replaced nor unset).
    const started: string[] = [];
    const sentinel: Tracer = {
      startServerSpan: (_parent, method) => {
        started.push(method);
        return { traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), flags: '01', run: (fn) => fn(), end: () => {} };
      },
    };
    setTracer(sentinel);
    const tracing = startTracing({ service: 'mf-test' });
    expect(tracing.enabled).toBe(false);
    expect(Object.keys(createRequire(__filename).cache).filter((k) => /@opentelemetry\/(?!api\/)/.test(k))).toEqual([]);
    const b = await server('mf-b', [], (app) => app.get('/answer', async () => ({ trace: currentTrace() })));
    const answer = await getJson(`${b.url}/answer`);
    expect(started).toEqual(['GET']);
    expect((answer.body as { trace: RequestTrace }).trace.traceId).toBe('a'.repeat(32));
    await tracing.shutdown();
    await b.app.close();
    await new Promise((r) => setTimeout(r, 100));
    expect(received.raw).toEqual([]);
    fake.close();
    restoreEnv();
  });

  it('is on when a collector is named, unless the SDK is disabled or the exporter is none', () => {
    expect(tracingEnabled({})).toBe(false);
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
    expect(() => startTracing({ service: 'mf-test', env: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' } })).toThrow(/grpc is not supported/);
  });
});

describe('tracing, on (OTLP/HTTP JSON to a fake collector)', () => {
  let fake: Awaited<ReturnType<typeof collector>>;
  let tracing: Tracing;
  let first: Awaited<ReturnType<typeof server>>;
  let second: Awaited<ReturnType<typeof server>>;
  /** The traceparent header (or headers) each request to the second server carried. */
  const seen: { traceparent: unknown }[] = [];

  beforeAll(async () => {
    fake = await collector();
    setEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: fake.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '50', OTEL_SERVICE_NAME: undefined, OTEL_TRACES_SAMPLER: undefined });
    tracing = startTracing({ service: 'mf-test' });
    expect(tracing.enabled).toBe(true);
    // The second trusts the first (loopback); the first trusts no one (its client is a visitor).
    second = await server('mf-second', ['127.0.0.1'], (app) => {
      app.addHook('onRequest', (request, _reply, done) => {
        seen.push({ traceparent: request.headers.traceparent });
        done();
      });
      app.get('/answer', async () => ({ trace: currentTrace() }));
      app.get('/fail', async (_request, reply) => reply.code(503).send({ down: true }));
    });
    first = await server('mf-first', [], (app) => {
      app.get('/ask', async () => (await getJson(`${second.url}/answer`, traceHeaders())).body);
      app.post('/ask-post', async () => (await getJson(`${second.url}/answer`, traceHeaders())).body);
      app.get('/ask-fetch', async () => (await fetch(`${second.url}/answer`, { headers: traceHeaders() })).json());
      // Answers at once, then goes on calling (a loop a request started, as a poll is): not part of its trace.
      app.get('/ask-later', async () => {
        const trace = traceHeaders();
        setTimeout(() => void getJson(`${second.url}/answer`).then(() => fetch(`${second.url}/answer`)), 100);
        return { trace };
      });
      app.get('/ask-failing', async (_request, reply) => reply.code(502).send((await getJson(`${second.url}/fail`, traceHeaders())).body));
    });
  });

  afterAll(async () => {
    await first?.app.close();
    await second?.app.close();
    await tracing?.shutdown();
    setTracer(undefined);
    fake?.server.closeAllConnections();
    await new Promise((r) => fake?.server.close(r));
    restoreEnv();
  });

  beforeEach(() => {
    seen.length = 0;
  });

  /** The spans of one trace, once the one named `last` has arrived. */
  async function trace(traceId: string, last: string): Promise<OtlpSpan[]> {
    await until(() => spansOf(fake.received).find((s) => s.traceId === traceId && s.name === last));
    return spansOf(fake.received).filter((s) => s.traceId === traceId);
  }

  it('a request and the call it makes (node:http, traceHeaders) are one trace: server → client → server', async () => {
    const visitorsTrace = `00-${'1'.repeat(32)}-${'2'.repeat(16)}-01`;
    const res = await getJson(`${first.url}/ask`, { traceparent: visitorsTrace });
    expect(res.status).toBe(200);
    const downstream = (res.body as { trace: RequestTrace }).trace;
    // An untrusted client's traceparent is not continued.
    expect(downstream.traceId).not.toBe('1'.repeat(32));

    const spans = await trace(downstream.traceId, 'GET /ask');
    const firstServer = spans.find((s) => s.name === 'GET /ask')!;
    const secondServer = spans.find((s) => s.name === 'GET /answer')!;
    const client = spans.find((s) => s.kind === CLIENT)!;
    expect(firstServer).toMatchObject({ kind: SERVER, traceId: downstream.traceId });
    expect(firstServer.parentSpanId || undefined).toBeUndefined();
    expect(client.parentSpanId).toBe(firstServer.spanId);
    expect(secondServer).toMatchObject({ kind: SERVER, parentSpanId: client.spanId, spanId: downstream.spanId });
    expect(downstream.parentSpanId).toBe(client.spanId);
    expect(attribute(firstServer, 'http.request.method')).toBe('GET');
    expect(attribute(firstServer, 'http.route')).toBe('/ask');
    expect(Number(attribute(firstServer, 'http.response.status_code'))).toBe(200);
    expect(attribute(firstServer, 'qf.section')).toBe('mf-first');
    expect(attribute(firstServer, 'qf.release')).toBe('mf-first-r1');
    expect(attribute(secondServer, 'qf.section')).toBe('mf-second');
    // One traceparent reached the second server.
    expect(seen[0]!.traceparent).toBe(`00-${downstream.traceId}-${client.spanId}-01`);
    const resource = fake.received.json.flatMap((r) => r.resourceSpans).find((rs) => rs.scopeSpans.some((s) => s.spans.includes(firstServer)))!.resource;
    expect(resource.attributes.find((a) => a.key === 'service.name')?.value).toEqual({ stringValue: 'mf-test' });
  });

  it('so is a call made while answering a POST, after its body was read', async () => {
    const res = await fetch(`${first.url}/ask-post`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ a: 'x'.repeat(100000) }) });
    const downstream = ((await res.json()) as { trace: RequestTrace }).trace;
    const spans = await trace(downstream.traceId, 'POST /ask-post');
    const firstServer = spans.find((s) => s.name === 'POST /ask-post')!;
    const client = spans.find((s) => s.kind === CLIENT)!;
    expect(client.parentSpanId).toBe(firstServer.spanId);
  });

  it('so is a call made with fetch: the client span replaces the traceparent traceHeaders gave', async () => {
    const res = await getJson(`${first.url}/ask-fetch`);
    const downstream = (res.body as { trace: RequestTrace }).trace;
    // One traceparent, not the one traceHeaders gave and the client span's joined (", "): that one would start a new trace.
    expect(String(seen[0]!.traceparent)).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    const spans = await trace(downstream.traceId, 'GET /ask-fetch');
    const firstServer = spans.find((s) => s.name === 'GET /ask-fetch')!;
    const client = spans.find((s) => s.kind === CLIENT)!;
    expect(client.parentSpanId).toBe(firstServer.spanId);
    expect(spans.find((s) => s.name === 'GET /answer')).toMatchObject({ kind: SERVER, parentSpanId: client.spanId });
    expect(seen[0]!.traceparent).toBe(`00-${downstream.traceId}-${client.spanId}-01`);
  });

  it('leaves out of a trace the calls its request started that are made after it was answered', async () => {
    const res = await getJson(`${first.url}/ask-later`);
    const traceId = (res.body as { trace: Record<string, string> }).trace.traceparent!.split('-')[1]!;
    await trace(traceId, 'GET /ask-later');
    await until(() => (seen.length === 2 ? true : undefined));
    await new Promise((r) => setTimeout(r, 300));
    expect(spansOf(fake.received).filter((s) => s.traceId === traceId).map((s) => s.name)).toEqual(['GET /ask-later']);
    expect(seen.map((s) => s.traceparent)).toEqual([undefined, undefined]);
  });

  it('continues the trace of a trusted caller, and marks an answer of 5xx an error', async () => {
    const callersTrace = { traceId: 'c'.repeat(32), spanId: 'd'.repeat(16) };
    const res = await getJson(`${second.url}/answer`, { traceparent: `00-${callersTrace.traceId}-${callersTrace.spanId}-01` });
    expect((res.body as { trace: RequestTrace }).trace.traceId).toBe(callersTrace.traceId);
    const [answered] = await trace(callersTrace.traceId, 'GET /answer');
    expect(answered).toMatchObject({ kind: SERVER, parentSpanId: callersTrace.spanId });

    expect((await getJson(`${first.url}/ask-failing`)).status).toBe(502);
    const failing = await until(() => spansOf(fake.received).find((s) => s.name === 'GET /fail'));
    const spans = await trace(failing.traceId, 'GET /ask-failing');
    expect(failing.status?.code).toBe(2);
    expect(Number(attribute(failing, 'http.response.status_code'))).toBe(503);
    expect(attribute(failing, 'error.type')).toBe('503');
    // A 502 is a server error too (the first answered one).
    expect(spans.find((s) => s.name === 'GET /ask-failing')!.status?.code).toBe(2);
  });

  it('exports no span of a health or build-info check that succeeded', async () => {
    const checks = await server('mf-checked', [], (app) => {
      app.get('/healthz', async () => ({ status: 'ok' }));
      app.get('/build-info.json', async (_request, reply) => reply.code(Number((_request.query as { status?: string }).status ?? 200)).send({}));
    });
    const ok = await getJson(`${checks.url}/healthz`, traceHeadersOf('e'));
    const info = await getJson(`${checks.url}/build-info.json`, traceHeadersOf('e'));
    const failing = await getJson(`${checks.url}/build-info.json?status=503`);
    expect([ok.status, info.status, failing.status]).toEqual([200, 200, 503]);
    await until(() => spansOf(fake.received).find((s) => s.name === 'GET /build-info.json'));
    await new Promise((r) => setTimeout(r, 200));
    expect(spansOf(fake.received).filter((s) => s.name === 'GET /healthz' || s.name === 'GET /build-info.json').map((s) => Number(attribute(s, 'http.response.status_code')))).toEqual([503]);
    await checks.app.close();
  });

  it('names a request no route matched by its method alone', async () => {
    const res = await getJson(`${second.url}/nothing/here`);
    expect(res.status).toBe(404);
    const span = await until(() => spansOf(fake.received).find((s) => s.kind === SERVER && s.name === 'GET' && Number(attribute(s, 'http.response.status_code')) === 404));
    expect(attribute(span, 'http.route')).toBeUndefined();
  });
});

describe('tracing, on (OTLP/HTTP protobuf, the default encoding)', () => {
  it('sends the spans protobuf-encoded; after shutdown a server gets no tracer', async () => {
    const fake = await collector();
    setEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${fake.url}/v1/traces`, OTEL_EXPORTER_OTLP_ENDPOINT: undefined, OTEL_EXPORTER_OTLP_PROTOCOL: undefined, OTEL_BSP_SCHEDULE_DELAY: '50' });
    const tracing = startTracing({ service: 'mf-proto' });
    const b = await server('mf-b', [], (app) => app.get('/answer', async () => ({ trace: currentTrace() })));
    try {
      const { traceId } = ((await getJson(`${b.url}/answer`)).body as { trace: RequestTrace }).trace;
      const sent = await until(() => fake.received.raw.find((r) => r.body.includes(Buffer.from(traceId, 'hex'))));
      expect(sent.contentType).toBe('application/x-protobuf');
      expect(sent.body.includes(Buffer.from('mf-proto'))).toBe(true);
      expect(sent.body.includes(Buffer.from('GET /answer'))).toBe(true);
    } finally {
      await b.app.close();
      await tracing.shutdown();
      fake.server.closeAllConnections();
      await new Promise((r) => fake.server.close(r));
      restoreEnv();
    }
    // Shut down: servers made now get no tracer.
    const later = await server('mf-c', [], (app) => app.get('/answer', async () => ({ trace: currentTrace() })));
    expect(((await getJson(`${later.url}/answer`)).body as { trace: RequestTrace }).trace.traceId).toMatch(/^[0-9a-f]{32}$/);
    await later.app.close();
  });
});
