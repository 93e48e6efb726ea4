import Fastify, { type FastifyInstance } from 'fastify';
import type { RemoteName } from '@qf/shared/contracts';
import { BEACONS_PER_MINUTE, PAGES_PER_CLIENT_MINUTE, registerReleaseHealth, type HealthView } from './release-health';

/** The sections of the registry here: mf-sample is one no shell build knows of. */
const inRegistry = new Set(['mf-content', 'mf-events', 'mf-forms', 'mf-idkt', 'mf-sample']);

/** A composition that serves `build` of every remote of its registry and gives every path to mf-content. */
const view = (build: string): HealthView & { name: string } => ({
  name: build,
  registry: {
    status: async (remote: RemoteName) => (inRegistry.has(remote) ? { up: true, info: { name: remote, version: '1.0.0', buildId: build, builtAt: '' }, browserBuild: build } : { up: false, reason: 'not in the registry' }),
    owner: async () => 'mf-content',
    entry: async (remote: RemoteName) => (inRegistry.has(remote) ? { url: `http://${remote}.test` } : undefined),
  },
});

describe('release health, as a plugin', () => {
  let app: FastifyInstance;
  let canary = true;
  const live = view('live-build');
  const trial = view('canary-build');

  beforeAll(async () => {
    app = Fastify();
    app.setNotFoundHandler(async (_request, reply) => reply.code(404).type('text/html; charset=utf-8').send('<h1>Page not found</h1>'));
    // The visitor's composition by a header here (the shell uses the cohort cookie).
    const viewFor = async (request: { headers: Record<string, unknown> }) => (request.headers['x-cohort'] === 'canary' ? trial : live);
    const health = registerReleaseHealth(app, { canaryRuns: async () => canary, viewFor, opsToken: 'a-token-of-sixteen-chars' });
    app.get('/*', async (request, reply) => {
      health.answered(request, await viewFor(request), request.url.split('?')[0]!);
      if (request.url.includes('widget-failed')) await health.noteError(await viewFor(request), 'mf-forms', 'widget');
      return reply.code(request.url.includes('broken') ? 500 : 200).send('page');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const counts = async () => (await app.inject({ url: '/_qf/release-health', headers: { authorization: 'Bearer a-token-of-sixteen-chars' } })).json().releases;
  const beacon = (payload: string, cohort = 'live', ip = '203.0.113.5') => app.inject({ method: 'POST', url: '/_qf/beacon', headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-cohort': cohort }, payload, remoteAddress: ip });

  it('counts the pages answered and their 5xx for the release of the owner each visitor got, and widget failures', async () => {
    await app.inject('/stories/a');
    await app.inject('/ar/stories/broken');
    await app.inject({ url: '/stories/widget-failed', headers: { 'x-cohort': 'canary' } });
    expect(await counts()).toEqual([
      { remote: 'mf-content', build: 'live-build', requests: 2, errors: 1, byKind: { '5xx': 1 }, reported: 0, reporters: 0 },
      { remote: 'mf-forms', build: 'canary-build', requests: 0, errors: 1, byKind: { widget: 1 }, reported: 0, reporters: 0 },
      { remote: 'mf-content', build: 'canary-build', requests: 1, errors: 0, byKind: {}, reported: 0, reporters: 0 },
    ]);
  });

  it('counts what browsers report, within a limit per address, and refuses anything else with a translated 400', async () => {
    const before = await counts();
    expect((await beacon(JSON.stringify({ remote: 'mf-events', kind: 'hydration' }), 'canary')).statusCode).toBe(204);
    for (const bad of ['', 'not json', JSON.stringify({ remote: 'MF-NOPE', kind: 'mount' }), JSON.stringify({ remote: '../x', kind: 'mount' }), JSON.stringify({ remote: 'mf-events', kind: 'mount', extra: 1 })]) {
      const res = await beacon(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'bad-request' });
    }
    for (let i = 0; i < BEACONS_PER_MINUTE + 5; i++) expect((await beacon(JSON.stringify({ remote: 'mf-idkt', kind: 'render' }), 'live', '198.51.100.1')).statusCode).toBe(204);
    // A well-formed name the registry does not have is taken (the section may just have gone) and not counted.
    expect((await beacon(JSON.stringify({ remote: 'mf-nope', kind: 'mount' }), 'live', '192.0.2.9')).statusCode).toBe(204);
    // A section the shell was built without, in the registry: counted like any.
    expect((await beacon(JSON.stringify({ remote: 'mf-sample', kind: 'render' }), 'canary', '192.0.2.9')).statusCode).toBe(204);
    const after = await counts();
    expect(after.length).toBe(before.length + 3);
    expect(after).toContainEqual({ remote: 'mf-sample', build: 'canary-build', requests: 0, errors: 1, byKind: { render: 1 }, reported: 1, reporters: 1 });
    expect(after.some((c: { remote: string }) => c.remote === 'mf-nope')).toBe(false);
    expect(after).toContainEqual({ remote: 'mf-events', build: 'canary-build', requests: 0, errors: 1, byKind: { hydration: 1 }, reported: 1, reporters: 1 });
    expect(after).toContainEqual({ remote: 'mf-idkt', build: 'live-build', requests: 0, errors: BEACONS_PER_MINUTE, byKind: { render: BEACONS_PER_MINUTE }, reported: BEACONS_PER_MINUTE, reporters: 1 });
  });

  it('says how many clients reported failures (an IPv6 client by its /64), and counts at most PAGES_PER_CLIENT_MINUTE pages of one client (issue 37, L1)', async () => {
    const report = (ip: string) => beacon(JSON.stringify({ remote: 'mf-idkt', kind: 'mount' }), 'canary', ip);
    // One machine: the same address, then fresh addresses of its IPv6 /64; beacons beyond the limit are not counted either.
    for (let i = 0; i < 30; i++) await report('203.0.113.77');
    for (let i = 1; i <= 30; i++) await report(`2001:db8:7:7::${i.toString(16)}`);
    const of = async () => (await counts()).find((c: { remote: string; build: string }) => c.remote === 'mf-idkt' && c.build === 'canary-build');
    expect(await of()).toMatchObject({ errors: 2 * BEACONS_PER_MINUTE, reported: 2 * BEACONS_PER_MINUTE, reporters: 2 });
    // Three more clients: five.
    for (const ip of ['192.0.2.31', '192.0.2.32', '2001:db8:8::1']) await report(ip);
    expect(await of()).toMatchObject({ reporters: 5 });
    // One client asking the canary's pages again and again counts as a reader would.
    const pages = async () => (await counts()).find((c: { remote: string; build: string }) => c.remote === 'mf-content' && c.build === 'canary-build').requests as number;
    const before = await pages();
    for (let i = 0; i < PAGES_PER_CLIENT_MINUTE + 20; i++) await app.inject({ url: '/stories/again', headers: { 'x-cohort': 'canary' }, remoteAddress: '198.51.100.200' });
    await app.inject({ url: '/stories/again', headers: { 'x-cohort': 'canary' }, remoteAddress: '198.51.100.201' });
    expect((await pages()) - before).toBe(PAGES_PER_CLIENT_MINUTE + 1);
  });

  it('counts nothing while no canary runs', async () => {
    canary = false;
    const before = JSON.stringify(await counts());
    await app.inject('/stories/broken');
    await beacon(JSON.stringify({ remote: 'mf-events', kind: 'mount' }), 'live', '192.0.2.1');
    expect(JSON.stringify(await counts())).toBe(before);
    canary = true;
  });

  it('shows the counts only with the supervisor’s token; without it, the answer of any unknown address', async () => {
    // What the app's not-found handler answers (the shell's: its 404 page).
    const unknown = [404, 'text/html; charset=utf-8', '<h1>Page not found</h1>'];
    const answer = (res: Awaited<ReturnType<typeof app.inject>>) => [res.statusCode, res.headers['content-type'], res.body];
    expect(answer(await app.inject('/_qf/release-health'))).toEqual(unknown);
    expect(answer(await app.inject({ url: '/_qf/release-health', headers: { authorization: 'Bearer wrong' } }))).toEqual(unknown);
    expect(answer(await app.inject({ url: '/_qf/release-health', headers: { authorization: 'Bearer a-token-of-sixteen-chars ' } }))).toEqual(unknown);
    const res = await app.inject({ url: '/_qf/release-health', headers: { authorization: 'Bearer a-token-of-sixteen-chars' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('release health without a canary', () => {
  it('asks nothing more of a page while the shell knows no canary runs, and counts again as soon as one does (known at once or asked)', async () => {
    const app = Fastify();
    let runs: boolean | Promise<boolean> = false;
    const owner = jest.fn(async () => 'mf-content' as RemoteName);
    const composition = { ...view('live-build'), registry: { ...view('live-build').registry, owner } };
    const health = registerReleaseHealth(app, { canaryRuns: () => runs, viewFor: async () => composition, opsToken: 'a-token-of-sixteen-chars' });
    app.get('/*', async (request, reply) => {
      health.answered(request, composition, request.url);
      return reply.send('page');
    });
    const counts = async () => (await app.inject({ url: '/_qf/release-health', headers: { authorization: 'Bearer a-token-of-sixteen-chars' } })).json().releases;
    await app.inject('/stories/a');
    expect(owner).not.toHaveBeenCalled();
    expect(await counts()).toEqual([]);
    runs = true;
    await app.inject('/stories/b');
    runs = Promise.resolve(true);
    await app.inject('/stories/c');
    await new Promise((resolve) => setImmediate(resolve));
    expect(owner).toHaveBeenCalledTimes(2);
    expect(await counts()).toEqual([{ remote: 'mf-content', build: 'live-build', requests: 2, errors: 0, byKind: {}, reported: 0, reporters: 0 }]);
    await app.close();
  });
});
