import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { RemoteName } from '@qf/shared/contracts';
import { buildShellServer } from './app';
import { loadConfig } from './config';
import type { ServerRemotes } from './federation';
import { browserFiles, standInRoutes, writeShellBuild } from './test-build';

/**
 * What ops see of the shell (issue 32): a page's access-log line and metrics name its route pattern,
 * owner, release and cache result, what the owner answered is counted, and the visitor's request id
 * and trace reach the owner and the section APIs.
 */
describe('the shell, as ops see it', () => {
  let dir: string;
  let shell: FastifyInstance;
  let owner: FastifyInstance;
  const lines: Record<string, unknown>[] = [];
  const ownerHeaders: Record<string, string | undefined>[] = [];
  const apiHeaders: Record<string, string | undefined>[] = [];
  const requests = () => lines.filter((l) => l.msg === 'request');
  const last = () => requests().at(-1)!;

  const remotes: ServerRemotes = {
    get: async (remote: RemoteName, _entry: unknown, buildId: string) => ({
      buildId,
      routes: { contractVersion: 1, remote, routes: [], widgets: [{ name: 'Broken', hydration: 'visible' }] },
      server: {
        render: ({ view, data, host }: { view: string; data: { text: string; widget?: boolean }; host: { renderWidget(id: string, props: object): string } }) => {
          if (view === 'Broken') throw new Error('the widget broke');
          return `<p>${data.text}</p>${data.widget ? host.renderWidget('mf-content/Broken', {}) : ''}`;
        },
      },
    }),
  } as unknown as ServerRemotes;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'qf-shell-ops-'));
    writeShellBuild(dir);
    owner = Fastify();
    owner.get('/build-info.json', async () => ({ name: 'mf-content', version: '1.0.0', buildId: 'b1', builtAt: '2026-11-22T00:00:00Z' }));
    owner.get('/browser/:file', browserFiles(standInRoutes('mf-content', ['/', '/stories/:slug', '/:slug'])));
    owner.get('/_qf/page', async (req, reply) => {
      ownerHeaders.push({ traceparent: req.headers.traceparent as string | undefined, 'x-request-id': req.headers['x-request-id'] as string | undefined });
      const { path: p } = req.query as Record<string, string>;
      if (p === '/gone') return reply.code(404).send({ found: false });
      if (p === '/broken') return reply.code(500).send({ error: 'boom' });
      if (p === '/odd') return { found: true, page: { nothing: 'expected' } };
      const widgets = p === '/stories/with-widget' ? ['mf-content/Broken'] : [];
      return { found: true, page: { template: 'page1', head: { title: p, description: 'd', alternatePath: `/ar${p}` }, data: { text: p, widget: widgets.length > 0 }, widgets, hydration: 'idle' } };
    });
    owner.get('/api/content/echo', async (req) => {
      apiHeaders.push({ traceparent: req.headers.traceparent as string | undefined, 'x-request-id': req.headers['x-request-id'] as string | undefined });
      return { ok: true };
    });
    await owner.listen({ port: 0, host: '127.0.0.1' });
    const ownerUrl = `http://127.0.0.1:${(owner.server.address() as AddressInfo).port}`;
    writeFileSync(path.join(dir, 'registry.json'), JSON.stringify({ remotes: { 'mf-content': { url: ownerUrl } } }));
    const config = loadConfig({ REGISTRY: path.join(dir, 'registry.json'), SITE_URL: 'https://www.example.org', REMOTE_STATUS_TTL_MS: '0', CONTENT_DIR: path.resolve(__dirname, '../../content') });
    process.env.LOG_LEVEL = 'info';
    try {
      shell = await buildShellServer(
        { ...config, clientDir: path.join(dir, 'dist', 'client') },
        { remotes, logDestination: { write: (l: string) => lines.push(JSON.parse(l) as Record<string, unknown>) } },
      );
    } finally {
      process.env.LOG_LEVEL = 'silent';
    }
  });

  afterAll(async () => {
    await shell.close();
    await owner.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const metrics = () => shell.observability!.registry.metrics();

  it("logs a page by its owner's pattern, the owner, its release and what the cache did", async () => {
    const first = await shell.inject({ url: '/stories/a-story?email=someone%40example.org', remoteAddress: '198.51.100.23' });
    expect(first.statusCode).toBe(200);
    expect(last()).toMatchObject({ service: 'shell', method: 'GET', route: '/stories/:slug', status: 200, section: 'mf-content', release: 'b1', cache: 'uncached', client: '198.51.100.0/24' });
    expect(JSON.stringify(last())).not.toMatch(/a-story|example\.org|198\.51\.100\.23/);
    await shell.inject('/stories/a-story');
    expect(last()).toMatchObject({ route: '/stories/:slug', cache: 'miss' });
    await shell.inject('/stories/a-story');
    expect(last()).toMatchObject({ route: '/stories/:slug', cache: 'hit' });
    await shell.inject('/ar/stories/a-story');
    expect(last()).toMatchObject({ route: '/ar/stories/:slug', section: 'mf-content' });
    await shell.inject('/page-data/stories/a-story/page-data.json');
    expect(last()).toMatchObject({ route: '/page-data/*', section: 'mf-content', release: 'b1' });

    const text = await metrics();
    expect(text).toContain('http_server_request_duration_seconds_count{http_route="/stories/:slug",http_request_method="GET",http_response_status_code="200",qf_section="mf-content",qf_release="b1"} 3');
    // The address with a query asked once (never kept), the page's first ask and the Arabic one's (kept),
    // its second ask, and its page data (made from the resolution the page was rendered from).
    expect(text).toContain('qf_page_cache_results_total{qf_section="mf-content",result="uncached"} 1');
    expect(text).toContain('qf_page_cache_results_total{qf_section="mf-content",result="miss"} 2');
    expect(text).toContain('qf_page_cache_results_total{qf_section="mf-content",result="hit"} 2');
    expect(text).toMatch(/qf_ssr_render_duration_seconds_count\{qf_section="mf-content"\} [1-9]/);
    expect(text).toMatch(/qf_owner_answers_total\{qf_section="mf-content",qf_release="b1",outcome="ok"\} [1-9]/);
  });

  it('sends the owner the request id and the trace, with its own span as the parent', async () => {
    ownerHeaders.length = 0;
    const res = await shell.inject('/stories/traced');
    const line = last();
    expect(res.headers['x-request-id']).toBe(line.request_id);
    expect(ownerHeaders).toEqual([{ traceparent: `00-${String(line.trace_id)}-${String(line.span_id)}-01`, 'x-request-id': line.request_id }]);
  });

  it('believes no client about its request id or trace', async () => {
    ownerHeaders.length = 0;
    const res = await shell.inject({ url: '/stories/forged', headers: { 'x-request-id': 'forged-id', traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' } });
    expect(res.headers['x-request-id']).not.toBe('forged-id');
    expect(ownerHeaders[0]!.traceparent).not.toContain('0af7651916cd43dd8448eb211c80319c');
  });

  it("counts what owners answered: a 404, an error, an answer that breaks the contract", async () => {
    expect((await shell.inject('/gone')).statusCode).toBe(404);
    expect(last()).toMatchObject({ route: '/:slug', status: 404, section: 'mf-content' });
    expect((await shell.inject('/broken')).statusCode).toBe(503);
    expect(last()).toMatchObject({ route: '/:slug', status: 503, level: 'warn' });
    expect((await shell.inject('/odd')).statusCode).toBe(503);
    const text = await metrics();
    expect(text).toContain('qf_owner_answers_total{qf_section="mf-content",qf_release="b1",outcome="404"} 1');
    expect(text).toContain('qf_owner_answers_total{qf_section="mf-content",qf_release="b1",outcome="503"} 1');
    expect(text).toContain('qf_owner_answers_total{qf_section="mf-content",qf_release="b1",outcome="contract"} 1');
    expect(text).toContain('http_server_request_duration_seconds_count{http_route="/:slug",http_request_method="GET",http_response_status_code="503",qf_section="mf-content",qf_release="b1"} 2');
  });

  it('counts a widget that failed on the server, and the failures browsers report', async () => {
    expect((await shell.inject('/stories/with-widget')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await metrics()).toContain('qf_widget_failures_total{qf_section="mf-content",qf_release="b1"} 1');
    const beacon = await shell.inject({ method: 'POST', url: '/_qf/beacon', payload: { remote: 'mf-content', kind: 'hydration' } });
    expect(beacon.statusCode).toBe(204);
    expect(await metrics()).toContain('qf_browser_failures_total{qf_section="mf-content",qf_release="b1",kind="hydration"} 1');
    expect(last()).toMatchObject({ route: '/_qf/beacon', status: 204 });
  });

  it("passes the request id and trace on through the API gateway, naming the section's API as the route", async () => {
    apiHeaders.length = 0;
    const res = await shell.inject('/api/content/echo');
    expect(res.statusCode).toBe(200);
    const line = last();
    expect(line).toMatchObject({ route: '/api/mf-content/*', section: 'mf-content', status: 200 });
    expect(apiHeaders).toEqual([{ traceparent: `00-${String(line.trace_id)}-${String(line.span_id)}-01`, 'x-request-id': line.request_id }]);
  });
});
