import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { errorOptions, registerErrorAnswers } from './errors';
import { createObservability, isoNow, jsonString, observabilityEnvSchema, outsideRequest, parseTraceparent, prettyDestination, serveMetrics, traceHeaders, truncatedAddress, type ObservabilityOptions } from './observability';

/** A server as every server of the site is built: its log lines kept for the test. */
async function server(options: Partial<ObservabilityOptions> = {}, env: NodeJS.ProcessEnv = {}, routes?: (app: FastifyInstance, observability: ReturnType<typeof createObservability>) => void) {
  const lines: Record<string, unknown>[] = [];
  const observability = createObservability({ service: 'mf-test', section: 'mf-test', release: 'r1', trustedProxies: [], env: { LOG_LEVEL: 'info', ...env }, destination: { write: (l: string) => void lines.push(JSON.parse(l) as Record<string, unknown>) }, ...options });
  const app = Fastify({ ...observability.fastifyOptions, ...errorOptions });
  observability.register(app);
  registerErrorAnswers(app);
  app.get('/items/:id', async () => ({ calls: traceHeaders() }));
  app.get('/boom', async () => {
    throw new Error('the database is gone');
  });
  routes?.(app, observability);
  await app.ready();
  const requests = () => lines.filter((l) => l.msg === 'request');
  return { app, observability, lines, requests };
}

describe('observability: the access log', () => {
  it('writes one JSON line per request: ids, the route template, status, duration, bytes, section, release, a truncated address', async () => {
    const { app, requests } = await server();
    const res = await app.inject({ url: '/items/visitor-item?email=someone%40example.org', remoteAddress: '203.0.113.77' });
    expect(res.statusCode).toBe(200);
    const [line, ...more] = requests();
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 'info', service: 'mf-test', method: 'GET', route: '/items/:id', status: 200, section: 'mf-test', release: 'r1', client: '203.0.113.0/24' });
    expect(line!.request_id).toBe(res.headers['x-request-id']);
    expect(line!.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(line!.span_id).toMatch(/^[0-9a-f]{16}$/);
    expect(line!.bytes).toBeGreaterThan(0);
    expect(typeof line!.duration_ms).toBe('number');
    expect(new Date(String(line!.time)).toISOString()).toBe(line!.time);
    // Never the visitor's path, query or address.
    expect(JSON.stringify(line)).not.toMatch(/visitor-item|example\.org|203\.0\.113\.77/);
    await app.close();
  });

  it('logs an error with its stack and answers the visitor without it', async () => {
    const { app, lines } = await server();
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('database');
    const error = lines.find((l) => l.level === 'error');
    expect(error).toMatchObject({ msg: 'request failed', err: { message: 'the database is gone' } });
    expect(String((error!.err as { stack: string }).stack)).toContain('observability.test.ts');
    expect(error!.trace_id).toBe(lines.find((l) => l.msg === 'request')!.trace_id);
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({ level: 'warn', status: 500, route: '/boom' });
    await app.close();
  });

  it('logs the probes machines make (health, build info) at debug when they go well, and counts them', async () => {
    const { app, lines, observability } = await server({}, {}, (site) => {
      site.get('/healthz', async () => ({ status: 'ok' }));
      site.get('/build-info.json', async (_request, reply) => reply.code(503).send({ error: 'not built' }));
    });
    await app.inject('/healthz');
    expect(lines).toEqual([]);
    await app.inject('/build-info.json');
    expect(lines).toEqual([expect.objectContaining({ level: 'warn', route: '/build-info.json', status: 503 })]);
    expect(await observability.registry.metrics()).toContain('http_server_request_duration_seconds_count{http_route="/healthz",http_request_method="GET",http_response_status_code="200",qf_section="mf-test",qf_release="r1"} 1');
    await app.close();
  });

  it('names a path no route has "unmatched"', async () => {
    const { app, requests } = await server();
    await app.inject('/no/such/thing/at/all');
    expect(requests()[0]).toMatchObject({ route: 'unmatched', status: 404 });
    await app.close();
  });

  it('keeps to LOG_LEVEL', async () => {
    const { app, lines } = await server({}, { LOG_LEVEL: 'warn' });
    await app.inject('/items/1');
    expect(lines).toEqual([]);
    await app.inject('/boom');
    expect(lines.map((l) => l.level)).toEqual(['error', 'warn']);
    await app.close();
  });

  it('takes an empty variable as unset (a deployment that blanks METRICS_PORT opens no listener)', () => {
    expect(observabilityEnvSchema.parse({ METRICS_PORT: '', METRICS_HOST: '', LOG_FORMAT: '' })).toEqual({ LOG_LEVEL: 'info' });
    expect(observabilityEnvSchema.parse({ METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    expect(() => observabilityEnvSchema.parse({ METRICS_PORT: 'ninety' })).toThrow();
  });

  it('makes its own standard output for JSON lines (a server built without a destination starts)', () => {
    expect(createObservability({ service: 's', trustedProxies: [], env: { LOG_FORMAT: 'json', LOG_LEVEL: 'silent' } }).format).toBe('json');
  });

  it('refuses a LOG_LEVEL pino does not have, naming the variable', () => {
    expect(() => createObservability({ service: 's', trustedProxies: [], env: { LOG_LEVEL: 'loud' } })).toThrow(/LOG_LEVEL/);
  });
});

describe('observability: request ids and traces', () => {
  const sent = { 'x-request-id': 'edge-1234', traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' };

  it('continues the request id and trace of a trusted proxy, and passes them on with its own span as parent', async () => {
    const { app, requests } = await server({ trustedProxies: ['127.0.0.1'] });
    const res = await app.inject({ url: '/items/1', headers: sent, remoteAddress: '127.0.0.1' });
    expect(res.headers['x-request-id']).toBe('edge-1234');
    const line = requests()[0]!;
    expect(line).toMatchObject({ request_id: 'edge-1234', trace_id: '0af7651916cd43dd8448eb211c80319c' });
    expect(line.span_id).not.toBe('b7ad6b7169203331');
    expect(res.json().calls).toEqual({ traceparent: `00-0af7651916cd43dd8448eb211c80319c-${String(line.span_id)}-01`, 'x-request-id': 'edge-1234' });
    await app.close();
  });

  it("ignores a client's own request id and traceparent", async () => {
    const { app, requests } = await server({ trustedProxies: ['10.0.0.0/8'] });
    const res = await app.inject({ url: '/items/1', headers: sent, remoteAddress: '203.0.113.9' });
    expect(res.headers['x-request-id']).not.toBe('edge-1234');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(requests()[0]!.trace_id).not.toBe('0af7651916cd43dd8448eb211c80319c');
    await app.close();
  });

  it("names a request by its new trace's id, and a request of a continued trace by an id of its own", async () => {
    const { app, requests } = await server({ trustedProxies: ['127.0.0.1'] });
    const fresh = await app.inject({ url: '/items/1', remoteAddress: '127.0.0.1' });
    expect(requests()[0]!.trace_id).toBe(fresh.headers['x-request-id']);
    const continued = await app.inject({ url: '/items/1', headers: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' }, remoteAddress: '127.0.0.1' });
    expect(requests()[1]!.trace_id).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(continued.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(continued.headers['x-request-id']).not.toBe('0af7651916cd43dd8448eb211c80319c');
    await app.close();
  });

  it('starts a new trace for a malformed traceparent or request id, even from a trusted proxy', async () => {
    const { app, requests } = await server({ trustedProxies: ['127.0.0.1'] });
    const res = await app.inject({ url: '/items/1', headers: { 'x-request-id': 'bad id\nwith a line', traceparent: '00-00000000000000000000000000000000-b7ad6b7169203331-01' }, remoteAddress: '127.0.0.1' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(requests()[0]!.trace_id).not.toMatch(/^0+$/);
    await app.close();
  });

  it('reads traceparent as W3C Trace Context says', () => {
    expect(parseTraceparent('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01')).toEqual({ traceId: '0af7651916cd43dd8448eb211c80319c', parentSpanId: 'b7ad6b7169203331', flags: '01' });
    for (const bad of [undefined, '', 'garbage', '00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01', '00-0AF7651916CD43DD8448EB211C80319C-b7ad6b7169203331-01', 'ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'])
      expect(parseTraceparent(bad)).toBeNull();
  });

  it('passes nothing on outside a request', () => {
    expect(traceHeaders()).toEqual({});
  });

  it('gives work started for everyone (a refresh timer) none of the trace of the request that started it', async () => {
    const seen: Record<string, unknown>[] = [];
    const { app } = await server({}, {}, (site) =>
      site.get('/starts-a-timer', async () => {
        const inside = new Promise<void>((resolve) => setTimeout(() => (seen.push(traceHeaders()), resolve()), 1));
        const outside = new Promise<void>((resolve) => outsideRequest(() => setTimeout(() => (seen.push(traceHeaders()), resolve()), 1)));
        await Promise.all([inside, outside]);
        return 'ok';
      }),
    );
    await app.inject('/starts-a-timer');
    expect(seen).toEqual([expect.objectContaining({ traceparent: expect.stringMatching(/^00-/) }), {}]);
    await app.close();
  });
});

describe('observability: metrics', () => {
  it('observes every request in http_server_request_duration_seconds with bounded labels', async () => {
    const { app, observability } = await server();
    await app.inject('/items/1');
    await app.inject('/items/2');
    await app.inject('/boom');
    const text = await observability.registry.metrics();
    expect(text).toContain('http_server_request_duration_seconds_count{http_route="/items/:id",http_request_method="GET",http_response_status_code="200",qf_section="mf-test",qf_release="r1"} 2');
    expect(text).toContain('http_server_request_duration_seconds_count{http_route="/boom",http_request_method="GET",http_response_status_code="500",qf_section="mf-test",qf_release="r1"} 1');
    await app.close();
  });

  it('takes what the answering code noted: a finer route, another section and its release, the cache result', async () => {
    const { app, observability, requests } = await server({ service: 'shell', section: undefined, release: 'shell1' }, {}, (site, obs) =>
      site.get('/*', async (request) => {
        obs.note(request, { route: '/stories/:slug', section: 'mf-content', release: 'c9' });
        obs.note(request, { cache: 'hit' });
        return 'a page';
      }),
    );
    await app.inject('/stories/a-story');
    expect(requests()[0]).toMatchObject({ route: '/stories/:slug', section: 'mf-content', release: 'c9', cache: 'hit' });
    expect(await observability.registry.metrics()).toContain('http_route="/stories/:slug",http_request_method="GET",http_response_status_code="200",qf_section="mf-content",qf_release="c9"');
    await app.close();
  });

  it('serves the metrics on a listener of their own, never on the site', async () => {
    const { app, observability } = await server();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const metrics = await serveMetrics(observability.registry, { port: 0, host: '127.0.0.1' });
    try {
      await fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/items/1`);
      const res = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      expect(text).toContain('http_server_request_duration_seconds_bucket{le="0.005",http_route="/items/:id"');
      // Node's own: event-loop lag, heap, GC.
      for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'nodejs_gc_duration_seconds', 'process_resident_memory_bytes']) expect(text).toContain(`# TYPE ${name}`);
      expect((await fetch(`http://127.0.0.1:${metrics.port}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/metrics`)).status).toBe(404);
    } finally {
      await metrics.close();
      await app.close();
    }
  });
});

describe('observability: addresses and terminals', () => {
  it('keeps only the network of an address', () => {
    expect(truncatedAddress('203.0.113.77')).toBe('203.0.113.0/24');
    expect(truncatedAddress('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(truncatedAddress('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::/48');
    expect(truncatedAddress('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(truncatedAddress('::1')).toBe('0:0:0::/48');
    expect(truncatedAddress('not an address')).toBeUndefined();
  });

  it('writes a short line per request on a terminal', () => {
    const out: string[] = [];
    const pretty = prettyDestination({ write: (s: string) => out.push(s) });
    pretty.write(`${JSON.stringify({ level: 'info', time: '2026-12-05T13:04:05.000Z', msg: 'request', method: 'GET', route: '/stories/:slug', status: 200, duration_ms: 12.3, section: 'mf-content', release: 'abcdef0123456789', cache: 'hit' })}\n`);
    pretty.write(`${JSON.stringify({ level: 'warn', time: '2026-12-05T13:04:06.000Z', msg: 'mf-events went down' })}\n`);
    expect(out).toEqual(['13:04:05 GET /stories/:slug 200 12.3 ms mf-content@abcdef0123 hit\n', '13:04:06 WARN mf-events went down\n']);
  });
});

describe('observability: the log line\'s own formatting', () => {
  it('writes the time as Date#toISOString does, across milliseconds, seconds and days', () => {
    const base = Date.UTC(2026, 11, 31, 23, 59, 58);
    for (const at of [base, base + 7, base + 42, base + 999, base + 1000, base + 1009, base + 2001, Date.UTC(2026, 0, 1), Date.now()]) {
      expect(isoNow(at)).toBe(new Date(at).toISOString());
    }
  });

  it('writes a string as JSON.stringify does: plain text as it is, quotes, backslashes and control or non-ASCII characters escaped', () => {
    for (const value of ['/stories/:slug', 'GET', '', 'a"b', 'back\\slash', 'line\nbreak', 'tab\t', '\u0000', 'قطر', '/ar/stories/:slug', '\u2028']) {
      expect(JSON.parse(jsonString(value))).toBe(value);
      expect(jsonString(value)).toBe(JSON.stringify(value));
    }
  });
});

