import { mkdtempSync, readFileSync, writeFileSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NoAnswerInTime } from './http-get';
import { createRegistry, STALE_AFTER_TTLS, statusAndEntry } from './registry';
import { standInRoutes } from './test-build';

const info = (buildId: string, version = '1.0.0') => ({ name: 'x', version, buildId, builtAt: '2026-11-22T00:00:00Z', builds: { 'mf-content-browser': `b-${buildId}` } });

/** The route manifest each stand-in server publishes, by its host. */
const published: Record<string, ReturnType<typeof standInRoutes>> = {
  'content.test': standInRoutes('mf-content', ['/', '/:slug', '/stories/:slug']),
  'media.test': standInRoutes('mf-media-center', ['/media-center', '/media-center/experts/:slug']),
  'events.test': standInRoutes('mf-events', ['/events', '/events/:slug']),
  'idkt.test': standInRoutes('mf-idkt', ['/idkt', '/idkt/:slug']),
  'sample.test': standInRoutes('mf-sample', ['/sample', '/sample/:slug']),
};

/** What a stand-in server answers: its route manifest under /browser/, else its build info. */
const serve = (url: string, buildId = 'b1') => {
  const { host, pathname } = new URL(url);
  const json = pathname.startsWith('/browser/routes.') ? (published[host] ?? standInRoutes('mf-content')) : info(buildId);
  return { ok: true, status: 200, json: async () => json };
};

/** Asks `check` every 5 ms until it holds; fails after two seconds. */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; !(await check()); await new Promise((r) => setTimeout(r, 5))) {
    if (++tries > 400) throw new Error('never held');
  }
}

describe('the registry', () => {
  let dir: string;
  let file: string;
  const write = (remotes: object) => writeFileSync(file, JSON.stringify({ remotes }));
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'qf-registry-'));
    file = path.join(dir, 'registry.json');
    write({
      'mf-content': { url: 'http://content.test' },
      'mf-media-center': { url: 'http://media.test' },
      'mf-events': { url: 'http://events.test', version: '2.0.0' },
    });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('routes, checks and hashes a section the shell was built without from the moment the registry names it, and forgets it once it is gone', async () => {
    const fetchImpl = jest.fn(async (url: string) => serve(url));
    write({ 'mf-content': { url: 'http://content.test' } });
    const registry = createRegistry({ source: file, ttlMs: 0, keepFreshMs: 0, fetchImpl });
    await expect(registry.owner('/sample/a')).resolves.toBe('mf-content');
    const before = await registry.compositionHash('s1');
    write({ 'mf-content': { url: 'http://content.test' }, 'mf-sample': { url: 'http://sample.test' } });
    utimesSync(file, new Date(Date.now() + 2000), new Date(Date.now() + 2000));
    await expect(registry.owner('/sample/a')).resolves.toBe('mf-sample');
    await expect(registry.owner('/sample')).resolves.toBe('mf-sample');
    await expect(registry.status('mf-sample')).resolves.toMatchObject({ up: true, info: { buildId: 'b1' } });
    await expect(registry.compositionHash('s1')).resolves.not.toBe(before);
    write({ 'mf-content': { url: 'http://content.test' } });
    utimesSync(file, new Date(Date.now() + 4000), new Date(Date.now() + 4000));
    await expect(registry.owner('/sample/a')).resolves.toBe('mf-content');
    await expect(registry.status('mf-sample')).resolves.toEqual({ up: false, reason: 'not in the registry' });
    await expect(registry.routing()).resolves.toMatchObject({ unrouted: [] });
  });

  it('routes each path by the manifests the remotes publish with the build they serve: the most specific pattern wins', async () => {
    const fetchImpl = jest.fn(async (url: string) => serve(url));
    write({ 'mf-content': { url: 'http://content.test' }, 'mf-media-center': { url: 'http://media.test' }, 'mf-events': { url: 'http://events.test' } });
    const registry = createRegistry({ source: file, ttlMs: 60_000, keepFreshMs: 0, fetchImpl });
    await expect(registry.owner('/media-center/experts/x')).resolves.toBe('mf-media-center');
    await expect(registry.owner('/events')).resolves.toBe('mf-events');
    await expect(registry.owner('/eventsx')).resolves.toBe('mf-content');
    await expect(registry.owner('/stories/a')).resolves.toBe('mf-content');
    // A path no pattern matches goes to the longest prefix the patterns cover (the section's own 404).
    await expect(registry.owner('/events/a/b')).resolves.toBe('mf-events');
    // Each manifest is read once, at the address of the build served (mf-content's browser build is b-b1).
    const reads = fetchImpl.mock.calls.map(([url]) => url).filter((url) => url.includes('/browser/'));
    expect(reads.sort()).toEqual(['http://content.test/browser/routes.b-b1.json', 'http://events.test/browser/routes.b1.json', 'http://media.test/browser/routes.b1.json']);
  });

  it('refuses a manifest with a pattern another remote has, naming both; the remote keeps the routes it had', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      let eventsBuild = 'e1';
      const fetchImpl = jest.fn(async (url: string) => {
        if (url === 'http://events.test/browser/routes.e2.json') return { ok: true, status: 200, json: async () => standInRoutes('mf-events', ['/events', '/stories/:id']) };
        return serve(url, url.startsWith('http://events.test') ? eventsBuild : 'b1');
      });
      write({ 'mf-content': { url: 'http://content.test' }, 'mf-events': { url: 'http://events.test' } });
      const registry = createRegistry({ source: file, ttlMs: 0, fetchImpl });
      await expect(registry.owner('/events/a')).resolves.toBe('mf-events');
      eventsBuild = 'e2';
      await expect(registry.owner('/events/a')).resolves.toBe('mf-events');
      await expect(registry.owner('/stories/a')).resolves.toBe('mf-content');
      await registry.owner('/stories/b');
      expect(error.mock.calls).toEqual([
        [
          `mf-events: the route manifest http://events.test/browser/routes.e2.json is refused, mf-events's pattern /stories/:id (template "page1") matches the same paths as mf-content's /stories/:slug (template "page2"); the routes it had stay`,
        ],
      ]);
      // A section refused from its first manifest is not one whose routes are unknown: 404s stay 404s.
      const fresh = createRegistry({ source: file, ttlMs: 0, fetchImpl });
      await expect(fresh.routing()).resolves.toMatchObject({ unrouted: [] });
      await expect(fresh.owner('/events/a')).resolves.toBe('mf-content');
    } finally {
      error.mockRestore();
    }
  });

  it('takes two manifests that conflict in the sections\' order, whichever read ends first: every shell refuses the same one', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      write({ 'mf-content': { url: 'http://content.test' }, 'mf-events': { url: 'http://events.test' } });
      const claims = standInRoutes('mf-events', ['/events', '/stories/:id']);
      for (const slow of ['http://content.test/browser/', 'http://events.test/browser/']) {
        const fetchImpl = jest.fn(async (url: string) => {
          if (url.startsWith(slow)) await new Promise((r) => setTimeout(r, 30));
          if (url === 'http://events.test/browser/routes.b1.json') return { ok: true, status: 200, json: async () => claims };
          return serve(url);
        });
        const registry = createRegistry({ source: file, ttlMs: 60_000, keepFreshMs: 0, fetchImpl });
        await expect(registry.owner('/stories/a')).resolves.toBe('mf-content');
        await expect(registry.owner('/events/a')).resolves.toBe('mf-content');
        await expect(registry.routing()).resolves.toMatchObject({ unrouted: [] });
        registry.close();
      }
      const refusal = /^mf-events: the route manifest http:\/\/events\.test\/browser\/routes\.b1\.json is refused, .*; its pages are not routed$/;
      expect(error.mock.calls).toEqual([[expect.stringMatching(refusal)], [expect.stringMatching(refusal)]]);
    } finally {
      error.mockRestore();
    }
  });

  it('keeps the routes of a remote that goes down, and routes one down since the start by the copy its entry names', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const down = new Set<string>();
      const fetchImpl = jest.fn(async (url: string) => {
        const { host } = new URL(url);
        if (down.has(host)) throw new Error('connect ECONNREFUSED');
        if (host === 'store.test') return { ok: true, status: 200, json: async () => published['idkt.test'] };
        return serve(url);
      });
      write({ 'mf-content': { url: 'http://content.test' }, 'mf-events': { url: 'http://events.test' }, 'mf-idkt': { url: 'http://idkt.test', routes: 'http://store.test/mf-idkt/1.0.0/routes.i1.json' } });
      down.add('idkt.test');
      const registry = createRegistry({ source: file, ttlMs: 0, fetchImpl });
      await expect(registry.owner('/idkt')).resolves.toBe('mf-idkt');
      await expect(registry.owner('/events')).resolves.toBe('mf-events');
      await expect(registry.routing()).resolves.toMatchObject({ unrouted: [] });
      down.add('events.test');
      await expect(registry.owner('/events')).resolves.toBe('mf-events');
      // A shell started while mf-events is down, with no published copy named: its routes are not known.
      const later = createRegistry({ source: file, ttlMs: 0, fetchImpl });
      await expect(later.owner('/events')).resolves.toBe('mf-content');
      await expect(later.routing()).resolves.toMatchObject({ unrouted: ['mf-events'] });
      down.delete('events.test');
      await expect(later.owner('/events')).resolves.toBe('mf-events');
      await expect(later.routing()).resolves.toMatchObject({ unrouted: [] });
    } finally {
      error.mockRestore();
      warn.mockRestore();
    }
  });

  it('routes a build that publishes no manifest (made before they did) by the one its Node build exposes', async () => {
    const fetchImpl = jest.fn(async (url: string) => (url.includes('/browser/') ? { ok: false, status: 404, json: async () => ({}) } : serve(url)));
    write({ 'mf-content': { url: 'http://content.test' }, 'mf-events': { url: 'http://events.test' } });
    const builtRoutes = jest.fn(async (remote: string, _entry: unknown, buildId: string) => published[remote === 'mf-events' ? 'events.test' : `${buildId}.test`]!);
    const registry = createRegistry({ source: file, ttlMs: 0, fetchImpl, builtRoutes: builtRoutes as never });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(registry.owner('/events/a')).resolves.toBe('mf-events');
      // mf-content's Node build is asked too, and gives no manifest of its own here: said once, not routed.
      await expect(registry.routing()).resolves.toMatchObject({ unrouted: ['mf-content'] });
      expect(builtRoutes).toHaveBeenCalledWith('mf-events', { url: 'http://events.test' }, 'b1');
      // Once routed by it, the Node build is not asked again for the same release.
      const asked = builtRoutes.mock.calls.filter(([remote]) => remote === 'mf-events').length;
      await registry.owner('/events/b');
      expect(builtRoutes.mock.calls.filter(([remote]) => remote === 'mf-events')).toHaveLength(asked);
      // Nor is mf-content's asked again at every page while neither answers: once per TTL at most (1 s).
      expect(builtRoutes.mock.calls.filter(([remote]) => remote === 'mf-content')).toHaveLength(1);
    } finally {
      error.mockRestore();
    }
  });

  it('says once that a manifest could not be read, and asks again later', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      let broken = true;
      const fetchImpl = jest.fn(async (url: string) => (broken && url.includes('/browser/') ? { ok: false, status: 404, json: async () => ({}) } : serve(url)));
      write({ 'mf-content': { url: 'http://content.test' } });
      const registry = createRegistry({ source: file, ttlMs: 0, fetchImpl });
      await expect(registry.owner('/')).resolves.toBeNull();
      await expect(registry.owner('/')).resolves.toBeNull();
      expect(error.mock.calls).toEqual([['mf-content: the route manifest http://content.test/browser/routes.b-b1.json could not be read (answered 404); its pages are not routed until it is read']]);
      broken = false;
      const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 1001);
      await expect(registry.owner('/')).resolves.toBe('mf-content');
      clock.mockRestore();
    } finally {
      error.mockRestore();
    }
  });

  it('asks a remote which build it serves, and trusts the answer for the TTL', async () => {
    const fetchImpl = jest.fn().mockResolvedValue({ ok: true, status: 200, json: async () => info('b1') });
    const registry = createRegistry({ source: file, ttlMs: 60_000, fetchImpl });
    await expect(registry.status('mf-content')).resolves.toMatchObject({ up: true, browserBuild: 'b-b1' });
    await registry.status('mf-content');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledWith('http://content.test/build-info.json', expect.anything());
  });

  it('never loads a remote whose build cannot join the shell’s (another React, another contract): down, said once per build', async () => {
    const singletons = (react: string, range: string) => ({ react: { version: react, requiredVersion: range }, '@qf/shared': { version: '1.0.0', requiredVersion: '^1.0.0' } });
    const shellInfo = { name: 'shell', contractVersion: 1, shared: singletons('19.2.0', '^19.2.0') };
    let served: object = { ...info('c1'), contractVersion: 1, shared: singletons('18.3.1', '^18.2.0') };
    const fetchImpl = jest.fn(async () => ({ ok: true, status: 200, json: async () => served }));
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const registry = createRegistry({ source: file, ttlMs: 0, fetchImpl, shellInfo });
    const down = await registry.status('mf-content');
    expect(down).toEqual({ up: false, reason: 'incompatible with this shell: react: shell has 19.2.0, x requires ^18.2.0; react: x has 18.3.1, shell requires ^19.2.0' });
    await registry.status('mf-content');
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toMatch(/^mf-content build c1 is not loaded: incompatible with this shell: react: /);
    // Fixed and deployed again: it is up with its next poll.
    served = { ...info('c2'), contractVersion: 1, shared: singletons('19.2.1', '^19.2.0') };
    await expect(registry.status('mf-content')).resolves.toMatchObject({ up: true });
    error.mockRestore();
  });

  it('says when a remote goes down for the shell and when it is back, once each', async () => {
    let answer = (): Promise<unknown> => Promise.resolve({ ok: true, status: 200, json: async () => info('b1') });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const registry = createRegistry({ source: file, ttlMs: 0, fetchImpl: jest.fn(() => answer()) as unknown as typeof fetch });
    await registry.status('mf-content');
    expect(warn).not.toHaveBeenCalled();
    answer = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:3001'));
    await registry.status('mf-content');
    await registry.status('mf-content');
    answer = () => Promise.resolve({ ok: true, status: 200, json: async () => info('b2') });
    await registry.status('mf-content');
    expect(warn.mock.calls.map((c) => c[0])).toEqual(['mf-content went down for this shell: connect ECONNREFUSED 127.0.0.1:3001', 'mf-content is up again (build b2)']);
    warn.mockRestore();
  });

  it('keeps a remote that was up through two looks without an answer in time (load), not three; a refusal is down at once', async () => {
    const slow = () => Promise.reject(new NoAnswerInTime(1500));
    let answer = (): Promise<unknown> => Promise.resolve({ ok: true, status: 200, json: async () => info('b1') });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const registry = createRegistry({ source: file, ttlMs: 0, fetchImpl: jest.fn(() => answer()) as unknown as typeof fetch });
    await expect(registry.status('mf-content')).resolves.toMatchObject({ up: true });
    answer = slow;
    await expect(registry.status('mf-content')).resolves.toMatchObject({ up: true, info: { buildId: 'b1' } });
    await expect(registry.status('mf-content')).resolves.toMatchObject({ up: true, info: { buildId: 'b1' } });
    await expect(registry.status('mf-content')).resolves.toEqual({ up: false, reason: 'no answer within 1500 ms', unsure: true });
    expect(warn.mock.calls.map((c) => c[0])).toEqual([
      'mf-content did not say which build it serves (no answer within 1500 ms); still up for this shell (look 1 of 2 tolerated)',
      'mf-content did not say which build it serves (no answer within 1500 ms); still up for this shell (look 2 of 2 tolerated)',
      'mf-content went down for this shell: no answer within 1500 ms',
    ]);
    // Down stays down while the looks are slow; an answer brings it back and the count starts again.
    await expect(registry.status('mf-content')).resolves.toMatchObject({ up: false });
    answer = () => Promise.resolve({ ok: true, status: 200, json: async () => info('b1') });
    await expect(registry.status('mf-content')).resolves.toMatchObject({ up: true });
    answer = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:3001'));
    await expect(registry.status('mf-content')).resolves.toMatchObject({ up: false, reason: 'connect ECONNREFUSED 127.0.0.1:3001' });
    answer = slow;
    await expect(registry.status('mf-content')).resolves.toMatchObject({ up: false, unsure: true });
    warn.mockRestore();
  });

  it('keeps a remote that was up through two looks its proxy answered 502/503/504 (no instance answered that look), not three; another error answer is down at once', async () => {
    let answer = (): Promise<unknown> => Promise.resolve({ ok: true, status: 200, json: async () => info('b1') });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const registry = createRegistry({ source: file, ttlMs: 0, fetchImpl: jest.fn(() => answer()) as unknown as typeof fetch });
    await expect(registry.status('mf-content')).resolves.toMatchObject({ up: true });
    // The cluster: one instance killed, nginx met dead slots for one look and said 502, then 504.
    answer = () => Promise.resolve({ ok: false, status: 502, json: async () => ({}) });
    await expect(registry.status('mf-content')).resolves.toMatchObject({ up: true, info: { buildId: 'b1' } });
    answer = () => Promise.resolve({ ok: false, status: 504, json: async () => ({}) });
    await expect(registry.status('mf-content')).resolves.toMatchObject({ up: true, info: { buildId: 'b1' } });
    // A third look without an answer: down (a section really gone behind its proxy stays a 502).
    answer = () => Promise.resolve({ ok: false, status: 503, json: async () => ({}) });
    await expect(registry.status('mf-content')).resolves.toEqual({ up: false, reason: 'build-info answered 503', unsure: true });
    expect(warn.mock.calls.map((c) => c[0])).toEqual([
      'mf-content did not say which build it serves (build-info answered 502); still up for this shell (look 1 of 2 tolerated)',
      'mf-content did not say which build it serves (build-info answered 504); still up for this shell (look 2 of 2 tolerated)',
      'mf-content went down for this shell: build-info answered 503',
    ]);
    // Back up, then an answer that is the remote's own error (not a proxy's): down at once.
    answer = () => Promise.resolve({ ok: true, status: 200, json: async () => info('b1') });
    await expect(registry.status('mf-content')).resolves.toMatchObject({ up: true });
    answer = () => Promise.resolve({ ok: false, status: 404, json: async () => ({}) });
    await expect(registry.status('mf-content')).resolves.toEqual({ up: false, reason: 'build-info answered 404' });
    warn.mockRestore();
  });

  it('treats an unreachable remote, or one serving a version the registry does not pin, as down', async () => {
    const fetchImpl = jest.fn((url: string) => (url.startsWith('http://events.test') ? Promise.resolve({ ok: true, status: 200, json: async () => info('e1', '1.9.0') }) : Promise.reject(new Error('ECONNREFUSED'))));
    const registry = createRegistry({ source: file, ttlMs: 0, fetchImpl: fetchImpl as unknown as typeof fetch });
    await expect(registry.status('mf-events')).resolves.toMatchObject({ up: false, reason: 'serves 1.9.0, registry pins 2.0.0' });
    await expect(registry.status('mf-content')).resolves.toMatchObject({ up: false, reason: 'ECONNREFUSED' });
    await expect(registry.status('mf-forms')).resolves.toMatchObject({ up: false, reason: 'not in the registry' });
  });

  it('changes the composition hash when a remote serves a new build, not when it goes down', async () => {
    let answer = (): Promise<unknown> => Promise.resolve({ ok: true, status: 200, json: async () => info('b1') });
    const registry = createRegistry({ source: file, ttlMs: 0, fetchImpl: jest.fn(() => answer()) as unknown as typeof fetch });
    const first = await registry.compositionHash('shell1');
    answer = () => Promise.resolve({ ok: true, status: 200, json: async () => info('b2') });
    const second = await registry.compositionHash('shell1');
    expect(second).not.toBe(first);
    answer = () => Promise.reject(new Error('down'));
    await expect(registry.compositionHash('shell1')).resolves.toBe(second);
  });

  it('keeps its routes and composition hash while nothing changes, and makes them again once a remote serves a new build (its routes read from the new build)', async () => {
    let build = 'b1';
    const fetchImpl = jest.fn((url: string) => Promise.resolve(serve(url, build)));
    const registry = createRegistry({ source: file, ttlMs: 40, fetchImpl: fetchImpl as unknown as typeof fetch });
    try {
      const first = await registry.compositionHash('shell1');
      const routes = await registry.routing();
      expect(await registry.compositionHash('shell1')).toBe(first);
      expect((await registry.routing()).table).toBe(routes.table);
      build = 'b2';
      await until(async () => (await registry.compositionHash('shell1')) !== first);
      await until(async () => (await registry.routing()).table !== routes.table);
      expect(fetchImpl.mock.calls.map(([url]) => url)).toContain('http://content.test/browser/routes.b-b2.json');
      expect((await registry.routing()).table.owner('/stories/x')).toBe('mf-content');
    } finally {
      registry.close();
    }
  });

  it('answers at once what it knows within the TTL (a status, the routes, the hash), and sends to the promised reads once a look or a check is due', async () => {
    let now = 1_000_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const fetchImpl = jest.fn((url: string) => Promise.resolve(serve(url, 'b1')));
      const registry = createRegistry({ source: file, ttlMs: 500, keepFreshMs: 0, fetchImpl: fetchImpl as unknown as typeof fetch });
      // Nothing is known before the first asks.
      expect([registry.statusNow('mf-content'), registry.routingNow(), registry.compositionHashNow('shell1')]).toEqual([undefined, undefined, undefined]);
      const status = await registry.status('mf-content');
      await registry.routing();
      await registry.compositionHash('shell1');
      // Made again once the statuses they asked for are in, and kept from then on.
      const routes = await registry.routing();
      const hash = await registry.compositionHash('shell1');
      expect(registry.statusNow('mf-content')).toBe(status);
      expect(Object.keys(registry.registryNow()!.remotes).sort()).toEqual(['mf-content', 'mf-events', 'mf-media-center']);
      expect(registry.routingNow()).toBe(routes);
      expect(registry.compositionHashNow('shell1')).toBe(hash);
      // Another shell build's hash, a remote not in the registry: not known at once.
      expect(registry.compositionHashNow('shell2')).toBeUndefined();
      expect(registry.statusNow('mf-idkt')).toBeUndefined();
      const asked = fetchImpl.mock.calls.length;
      // Past the TTL a look and checks are due: only the promised reads (which start them) answer.
      now += 500;
      expect([registry.registryNow(), registry.statusNow('mf-content'), registry.routingNow(), registry.compositionHashNow('shell1')]).toEqual([undefined, undefined, undefined, undefined]);
      expect(fetchImpl.mock.calls.length).toBe(asked);
      await expect(registry.compositionHash('shell1')).resolves.toBe(hash);
      // Known at once again once the look and the checks it started are in.
      await until(async () => (await registry.compositionHash('shell1')) === hash && registry.compositionHashNow('shell1') === hash);
      expect(registry.statusNow('mf-content')).toEqual(status);
      expect(fetchImpl.mock.calls.length).toBeGreaterThan(asked);
    } finally {
      clock.mockRestore();
    }
  });

  it('looks at the registry document once for requests that need it at the same moment', async () => {
    const fetchImpl = jest.fn().mockResolvedValue({ ok: true, status: 200, json: async () => info('b1') });
    const registry = createRegistry({ source: 'http://registry.test/registry.json', ttlMs: 60_000, fetchImpl });
    fetchImpl.mockResolvedValueOnce({ ok: true, status: 200, json: async () => JSON.parse(readFileSync(file, 'utf8')) });
    const entries = await Promise.all(Array.from({ length: 20 }, () => registry.entry('mf-content')));
    expect(entries.every((e) => e?.url === 'http://content.test')).toBe(true);
    expect(fetchImpl.mock.calls.filter(([url]) => url === 'http://registry.test/registry.json')).toHaveLength(1);
  });

  it('once it has a document, never makes a request wait for a look: it answers from the document kept, and keeps it when a look fails', async () => {
    let now = 1_000_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const documents: Array<() => Promise<unknown>> = [];
      const fetchImpl = jest.fn((url: string) => (url.endsWith('registry.json') ? documents.shift()!() : Promise.resolve(serve(url))));
      const doc = (url: string) => async () => ({ ok: true, status: 200, json: async () => ({ remotes: { 'mf-content': { url } } }) });
      let release!: () => void;
      documents.push(doc('http://old.test'), async () => (await new Promise<void>((r) => (release = r)), doc('http://new.test')()), () => Promise.reject(new Error('registry unreachable')), () => Promise.reject(new Error('registry unreachable')));
      const registry = createRegistry({ source: 'http://registry.test/registry.json', ttlMs: 500, keepFreshMs: 0, fetchImpl: fetchImpl as unknown as typeof fetch });
      await expect(registry.entry('mf-content')).resolves.toMatchObject({ url: 'http://old.test' });
      now += 600;
      // The look is held: requests meanwhile get the document kept, at once, and start no other look.
      await expect(registry.entry('mf-content')).resolves.toMatchObject({ url: 'http://old.test' });
      await expect(registry.owner('/')).resolves.toBe('mf-content');
      expect(fetchImpl.mock.calls.filter(([url]) => url.endsWith('registry.json'))).toHaveLength(2);
      release();
      await until(async () => (await registry.entry('mf-content'))?.url === 'http://new.test');
      // Two failed looks: the document stays, said once.
      for (const _ of [1, 2]) {
        now += 600;
        await expect(registry.entry('mf-content')).resolves.toMatchObject({ url: 'http://new.test' });
        await until(async () => warn.mock.calls.length > 0);
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(fetchImpl.mock.calls.filter(([url]) => url.endsWith('registry.json'))).toHaveLength(4);
      expect(warn.mock.calls).toEqual([['registry http://registry.test/registry.json not read again, the document read before is kept: registry unreachable']]);
    } finally {
      clock.mockRestore();
      warn.mockRestore();
    }
  });

  it('after a quiet spell (no look tried for STALE_AFTER_TTLS TTLs), waits for the look: an idle shell never answers from a document deploys ago; a failed look is not waited for again', async () => {
    let now = 1_000_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const documents: Array<() => Promise<unknown>> = [];
      const fetchImpl = jest.fn((url: string) => (url.endsWith('registry.json') ? documents.shift()!() : Promise.resolve(serve(url))));
      const doc = (url: string) => async () => ({ ok: true, status: 200, json: async () => ({ remotes: { 'mf-content': { url } } }) });
      const failed = () => Promise.reject(new Error('registry unreachable'));
      documents.push(doc('http://canary.test'), doc('http://rolled-back.test'), failed, doc('http://later.test'));
      const registry = createRegistry({ source: 'http://registry.test/registry.json', ttlMs: 500, keepFreshMs: 0, fetchImpl: fetchImpl as unknown as typeof fetch });
      await expect(registry.entry('mf-content')).resolves.toMatchObject({ url: 'http://canary.test' });
      // Idle for STALE_AFTER_TTLS TTLs: the first request after it gets the document as it is now.
      now += 500 * STALE_AFTER_TTLS;
      await expect(registry.entry('mf-content')).resolves.toMatchObject({ url: 'http://rolled-back.test' });
      // Idle again, and the registry cannot be read: the kept document, once the look failed.
      now += 60_000;
      await expect(registry.entry('mf-content')).resolves.toMatchObject({ url: 'http://rolled-back.test' });
      expect(warn.mock.calls).toEqual([['registry http://registry.test/registry.json not read again, the document read before is kept: registry unreachable']]);
      // A look was tried a TTL ago: the next is not waited for (a registry down costs no request a timeout).
      now += 600;
      await expect(registry.entry('mf-content')).resolves.toMatchObject({ url: 'http://rolled-back.test' });
      await until(async () => (await registry.entry('mf-content'))?.url === 'http://later.test');
    } finally {
      clock.mockRestore();
      warn.mockRestore();
    }
  });

  it('without a TTL, gives an ask made after a change the new document, even while an older look is still out', async () => {
    const documents = [{ 'mf-content': { url: 'http://old.test' } }, { 'mf-content': { url: 'http://new.test' } }];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    const fetchImpl = jest.fn(async () => {
      const document = documents[asked++ === 0 ? 0 : 1]!;
      if (asked === 1) await held;
      return { ok: true, status: 200, json: async () => ({ remotes: document }) };
    });
    const registry = createRegistry({ source: 'http://registry.test/registry.json', ttlMs: 0, fetchImpl: fetchImpl as unknown as typeof fetch });
    // A look begins (the old document is what it will read), then the registry changes, then a request asks.
    const older = registry.entry('mf-content');
    const newer = registry.entry('mf-content');
    release();
    await expect(newer).resolves.toMatchObject({ url: 'http://new.test' });
    await expect(older).resolves.toMatchObject({ url: 'http://old.test' });
  });

  it('re-reads the registry document when it changes, so a deploy needs no restart', async () => {
    const registry = createRegistry({ source: file, ttlMs: 0, fetchImpl: async (url: string) => serve(url) });
    await expect(registry.owner('/idkt')).resolves.toBe('mf-content');
    write({ 'mf-content': { url: 'http://content.test' }, 'mf-idkt': { url: 'http://idkt.test' } });
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    await expect(registry.owner('/idkt')).resolves.toBe('mf-idkt');
  });

  it('asks the new server at once when a deploy switches a remote’s entry, whatever the old one said within the TTL', async () => {
    let now = 1_000_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const fetchImpl = jest.fn(async (url: string) => serve(url, url.includes('green') ? 'green' : 'blue'));
      write({ 'mf-content': { url: 'http://blue.test' } });
      const registry = createRegistry({ source: file, ttlMs: 500, keepFreshMs: 0, fetchImpl });
      await expect(registry.status('mf-content')).resolves.toMatchObject({ up: true, info: { buildId: 'blue' } });
      now += 501;
      await registry.owner('/');
      // The look that ask started (the document is older than the TTL) ends at this moment.
      await new Promise((r) => setTimeout(r, 20));
      now += 100;
      await expect(registry.status('mf-content')).resolves.toMatchObject({ info: { buildId: 'blue' } });
      write({ 'mf-content': { url: 'http://green.test' } });
      const later = new Date(Date.now() + 5000);
      utimesSync(file, later, later);
      now += 402;
      // The document is older than the TTL: the first ask is answered from it (blue, whose status is 402 ms
      // old, under the TTL) and starts a look; once the look is in, green's status is asked at once.
      await expect(registry.status('mf-content')).resolves.toMatchObject({ up: true, info: { buildId: 'blue' } });
      await until(async () => {
        const status = await registry.status('mf-content');
        return status.up && status.info.buildId === 'green';
      });
      expect(fetchImpl).toHaveBeenLastCalledWith('http://green.test/build-info.json', expect.anything());
    } finally {
      clock.mockRestore();
    }
  });

  it('follows a pinned release, never whichever instance answered: a rolling update cannot make it flip (issue 33, item 1)', async () => {
    const cdn = (build: string) => `http://cdn.test/mf-content/1.0.0+${build}`;
    // The section's address answers from an instance of either release, in turn, as a Service does during a rolling update.
    let answered = 0;
    const fetchImpl = jest.fn(async (url: string): Promise<{ ok: boolean; status: number; json(): Promise<unknown> }> => {
      const pinned = /^http:\/\/cdn\.test\/mf-content\/1\.0\.0\+(\w+)\/build-info\.json$/.exec(url);
      if (pinned) return { ok: true, status: 200, json: async () => ({ ...info(pinned[1]!), name: 'mf-content' }) };
      if (url.includes('/browser/routes.')) return serve(url);
      const served = answered++ % 2 ? 'new' : 'old';
      return { ok: true, status: 200, json: async () => ({ ...info(served), name: 'mf-content', contentVersion: `c-${served}` }) };
    });
    const pin = (build: string) => write({ 'mf-content': { url: 'http://content.test', manifest: `${cdn(build)}/browser/mf-manifest.b-${build}.json`, buildInfo: `${cdn(build)}/build-info.json` } });
    pin('old');
    const registry = createRegistry({ source: file, ttlMs: 0, keepFreshMs: 0, fetchImpl });
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const status = await registry.status('mf-content');
      if (!status.up) throw new Error(status.reason);
      seen.add(`${status.info.buildId} ${status.browserBuild} ${registry.manifestUrl((await registry.entry('mf-content'))!, status)}`);
    }
    expect([...seen]).toEqual([`old b-old ${cdn('old')}/browser/mf-manifest.b-old.json`]);
    const hash = await registry.compositionHash('s1');
    expect(await registry.compositionHash('s1')).toBe(hash);
    // The pinned build info is read once (a release never changes); each instance is still asked whether it is up.
    expect(fetchImpl.mock.calls.filter(([url]) => url.startsWith('http://cdn.test')).length).toBe(1);
    // The rollout completes: the pin moves, on the same address, and the shell follows it at once.
    pin('new');
    utimesSync(file, new Date(Date.now() + 3000), new Date(Date.now() + 3000));
    await expect(registry.status('mf-content')).resolves.toMatchObject({ up: true, info: { buildId: 'new' }, browserBuild: 'b-new' });
    expect(await registry.compositionHash('s1')).not.toBe(hash);
    // The status says which entry it was checked against: the code to load is that entry's, never one a later look gave.
    const status = await registry.status('mf-content');
    expect(status.up && status.entry?.buildInfo).toBe(`${cdn('new')}/build-info.json`);
    pin('old');
    utimesSync(file, new Date(Date.now() + 4500), new Date(Date.now() + 4500));
    await expect(statusAndEntry({ status: async () => status, entry: () => registry.entry('mf-content') }, 'mf-content')).resolves.toMatchObject({ entry: { buildInfo: `${cdn('new')}/build-info.json` } });
    // A pinned release the store cannot give is down (no render with a build nobody can load), and said why.
    write({ 'mf-content': { url: 'http://content.test', buildInfo: 'http://cdn.test/mf-content/gone/build-info.json' } });
    utimesSync(file, new Date(Date.now() + 6000), new Date(Date.now() + 6000));
    fetchImpl.mockImplementationOnce(async (url: string) => serve(url)).mockImplementationOnce(async () => ({ ok: false, status: 404, json: async () => ({}) }));
    await expect(registry.status('mf-content')).resolves.toEqual({ up: false, reason: 'the pinned build info http://cdn.test/mf-content/gone/build-info.json answered 404' });
  });

  it('keeps the statuses fresh in the background while requests come, so a request after a pause does not wait for a remote', async () => {
    let build = 'b1';
    let slow: ((v: unknown) => void) | undefined;
    const fetchImpl = jest.fn(() => Promise.resolve({ ok: true, status: 200, json: async () => info(build) }));
    const registry = createRegistry({ source: file, ttlMs: 40, fetchImpl: fetchImpl as unknown as typeof fetch, keepFreshMs: 400 });
    await expect(registry.status('mf-content')).resolves.toMatchObject({ info: { buildId: 'b1' } });
    // A new build is seen without a request asking for it, and a request after twice the TTL gets the
    // status at once (an answer that never comes would hold it).
    build = 'b2';
    await new Promise((r) => setTimeout(r, 100));
    fetchImpl.mockImplementation(() => new Promise((resolve) => (slow = resolve)) as never);
    const asked = registry.status('mf-content');
    const first = await Promise.race([asked, new Promise((r) => setTimeout(() => r('waited'), 15))]);
    expect(first).toMatchObject({ up: true, info: { buildId: 'b2' } });
    slow?.({ ok: true, status: 200, json: async () => info('b2') });
    // No request for longer than keepFreshMs: the refresh stops, and close() stops it for good.
    await new Promise((r) => setTimeout(r, 500));
    const calls = fetchImpl.mock.calls.length;
    await new Promise((r) => setTimeout(r, 150));
    expect(fetchImpl.mock.calls.length).toBe(calls);
    registry.close();
  });
});
