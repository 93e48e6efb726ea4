import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import Fastify from 'fastify';
import { createRedirects, registerRedirects } from './redirects';

const root = path.resolve(__dirname, '../..');
const content = path.join(root, 'content');

describe('the site’s redirect rules', () => {
  it('compile without an unsafe rule, a loop or a chain', async () => {
    const problems: string[] = [];
    const redirects = createRedirects(
      { siteUrl: 'https://www.qf.org.qa', file: path.join(content, 'redirects.json'), legacyHosts: ['radio.qf.org.qa'], convocationHost: 'convocation.qf.org.qa', allowedHosts: [] },
      createFileStore(content),
      (p) => problems.push(...p),
    );
    const compiled = await redirects.get();
    expect(problems).toEqual([]);
    const stories = await createFileStore(content).entries('article');
    expect(compiled.size).toBeGreaterThanOrEqual(stories.length * 6);
    expect(compiled.rules.filter((r) => r.toPath.includes('/ar/ar'))).toEqual([]);
  });

  it('export as a CDN _redirects file and nginx maps, the legacy hosts included', () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'qf-redirects-'));
    try {
      const run = spawnSync(process.execPath, ['-r', './scripts/ts-register.cjs', 'shell/scripts/export-redirects.ts', '--out', out], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, SITE_URL: 'https://www.qf.org.qa', LEGACY_HOSTS: 'radio.qf.org.qa,renad.qf.org.qa', CONVOCATION_HOST: 'convocation.qf.org.qa' },
      });
      expect(run.status).toBe(0);
      const netlify = readFileSync(path.join(out, '_redirects'), 'utf8');
      expect(netlify).toContain('/rec / 301!\n');
      expect(netlify).toContain('/ar/community/qatar-foundation-opens-new-learning-commons /ar/stories/qatar-foundation-opens-new-learning-commons 301!');
      expect(readFileSync(path.join(out, 'redirects.nginx.conf'), 'utf8')).toContain('"~*^/ar/qaderaward/?$" "/ar";');
      // Whole hosts first (a CDN applies the first rule that matches), to the same path or to one page.
      expect(netlify.startsWith('https://radio.qf.org.qa/* https://www.qf.org.qa/:splat 301!\n')).toBe(true);
      expect(netlify).toContain('https://convocation.qf.org.qa/* https://www.qf.org.qa/convocation 301!\n');
      const hosts = readFileSync(path.join(out, 'hosts.nginx.conf'), 'utf8');
      expect(hosts).toContain('"renad.qf.org.qa" "https://www.qf.org.qa$request_uri";');
      expect(hosts).toContain('"convocation.qf.org.qa" "https://www.qf.org.qa/convocation";');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe('the redirect step of every request', () => {
  const app = Fastify();
  beforeAll(async () => {
    const redirects = createRedirects(
      { siteUrl: 'https://www.qf.org.qa', file: path.join(content, 'redirects.json'), legacyHosts: ['radio.qf.org.qa'], convocationHost: 'convocation.qf.org.qa', allowedHosts: [] },
      createFileStore(content),
    );
    registerRedirects(app, redirects);
    for (const url of ['/*', '/api/*', '/_shell/*']) app.all(url, async () => 'answered here');
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers an old path and a legacy host with 301 before anything else', async () => {
    const old = await app.inject('/rec');
    expect([old.statusCode, old.headers.location]).toEqual([301, '/']);
    const story = await app.inject('/ar/community/qatar-foundation-opens-new-learning-commons');
    expect([story.statusCode, story.headers.location]).toEqual([301, '/ar/stories/qatar-foundation-opens-new-learning-commons']);
    const host = await app.inject({ url: '/about?x=1', headers: { host: 'radio.qf.org.qa' } });
    expect(host.statusCode).toBe(301);
    expect(host.headers.location).toMatch(/^https:\/\/www\.qf\.org\.qa\//);
  });

  it('sends page data of an old path to the page data of the new one, keeping its query', async () => {
    const res = await app.inject('/page-data/ar/community/qatar-foundation-opens-new-learning-commons/page-data.json?v=1');
    expect([res.statusCode, res.headers.location]).toEqual([301, '/page-data/ar/stories/qatar-foundation-opens-new-learning-commons/page-data.json?v=1']);
  });

  it('answers an error, and keeps serving, when the rules cannot be compiled at all (a first compile that fails)', async () => {
    const failing = Fastify();
    registerRedirects(failing, createRedirects({ siteUrl: 'https://www.qf.org.qa', file: path.join(content, 'no-such-redirects.json'), legacyHosts: [], allowedHosts: [] }, createFileStore(content)));
    failing.all('/*', async () => 'answered here');
    await failing.ready();
    try {
      expect((await failing.inject('/rec')).statusCode).toBe(500);
      expect((await failing.inject({ url: '/rec', method: 'POST' })).body).toBe('answered here');
    } finally {
      await failing.close();
    }
  });

  it('leaves the API, the shell’s files, other methods and pages without a rule alone', async () => {
    for (const request of [{ url: '/api/rec' }, { url: '/_shell/rec' }, { url: '/rec', method: 'POST' as const }, { url: '/stories/a' }, { url: '/page-data/stories/a/page-data.json' }]) {
      const res = await app.inject(request);
      expect([request.url, res.statusCode, res.body]).toEqual([request.url, 200, 'answered here']);
    }
  });
});


describe('the rules as the content changes (issue 35: a publish at 100,000 entries)', () => {
  const story = (id: string, slug: string, title = 'A story') => ({ sys: { id, contentType: 'article' }, fields: { slug: { 'en-US': slug }, title: { 'en-US': title } } });

  it('are compiled again only when a story’s slug changes, and requests meanwhile get the rules before', async () => {
    let version = 1;
    let stories = [story('s1', 'first-story')];
    let asked = 0;
    let release: () => void = () => undefined;
    let held: Promise<void> | undefined = undefined;
    const source = {
      entries: async () => {
        asked++;
        await held;
        return stories;
      },
      entry: async () => undefined,
      version: async () => String(version),
    };
    const redirects = createRedirects({ siteUrl: 'https://www.qf.org.qa', file: path.join(content, 'redirects.json'), legacyHosts: [], allowedHosts: [] }, source);
    const oldPath = (compiled: Awaited<ReturnType<typeof redirects.get>>, slug: string) => compiled.lookup({ path: `/community/${slug}` })?.location;
    expect(oldPath(await redirects.get(), 'first-story')).toBe('/stories/first-story');
    const first = await redirects.get();
    const start = Date.now();
    const now = jest.spyOn(Date, 'now');
    const later = (ms: number) => now.mockReturnValue(start + ms);

    // A title edited: a new version, the same slugs: the compiled rules stay.
    version = 2;
    stories = [story('s1', 'first-story', 'Edited')];
    later(1500);
    await redirects.get();
    await new Promise((r) => setImmediate(r));
    later(3000);
    expect(await redirects.get()).toBe(first);
    await new Promise((r) => setTimeout(r, 10));

    // A story published: while its rules are compiled, a request gets the rules before.
    version = 3;
    stories = [story('s1', 'first-story'), story('s2', 'second-story')];
    held = new Promise((r) => (release = r));
    later(4500);
    const during = await redirects.get();
    expect(during).toBe(first);
    expect(oldPath(during, 'second-story')).toBeUndefined();
    release();
    await new Promise((r) => setTimeout(r, 10));
    later(6000);
    expect(oldPath(await redirects.get(), 'second-story')).toBe('/stories/second-story');
    expect(asked).toBe(3);
    now.mockRestore();
  });
});
