import { appDataSchema, askAnswerSchema, buildInfoSchema, isRemoteName, pageDataSchema, registrySchema, remoteNameSchema, resolvedPageSchema, routeManifestSchema } from '@qf/shared/contracts';
import { sectionNames } from '../../../scripts/workspaces.cjs';

const page = {
  path: '/ar/stories/a',
  componentChunkName: 'mf-content/story',
  webpackCompilationHash: 'abc',
  staticQueryHashes: [],
  slicesMap: {},
  result: {
    lang: 'ar',
    remote: 'mf-content',
    page: { template: 'story', head: { title: 'عنوان', description: 'وصف', alternatePath: '/stories/a' }, data: { any: 'thing' }, widgets: ['mf-forms/NewsletterSignup'], hydration: 'idle' },
    remotes: [{ name: 'mf-content', entry: 'http://127.0.0.1:3001/browser/remoteEntry.0123456789.js', buildId: 'b1', version: '1.0.0' }],
  },
};

describe('contracts', () => {
  it('accepts a page-data record of SPEC §3', () => {
    expect(pageDataSchema.parse(page)).toEqual(page);
  });

  it('rejects page data from a remote whose name is malformed or with a bad widget id', () => {
    expect(pageDataSchema.safeParse({ ...page, result: { ...page.result, remote: 'mf-sample' } }).success).toBe(true);
    expect(pageDataSchema.safeParse({ ...page, result: { ...page.result, remote: 'MF-X' } }).success).toBe(false);
    expect(pageDataSchema.safeParse({ ...page, result: { ...page.result, page: { ...page.result.page, widgets: ['newsletter'] } } }).success).toBe(false);
  });

  it('requires a hash in app data', () => {
    expect(appDataSchema.safeParse({ webpackCompilationHash: '' }).success).toBe(false);
    expect(appDataSchema.parse({ webpackCompilationHash: 'h' })).toEqual({ webpackCompilationHash: 'h' });
  });

  it('validates the repository registry, which names every section of the workspaces', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const registry = registrySchema.parse(require('../../../registry.json'));
    expect(Object.keys(registry.remotes).sort()).toEqual([...sectionNames].sort());
    expect(sectionNames).toContain('mf-content');
    // A workspace named mf-… is a section: its name must be one the contracts accept.
    expect(sectionNames.filter((name) => !isRemoteName(name))).toEqual([]);
  });

  describe('section names: a pattern, not a list (issue 33, item 5)', () => {
    const malformed = ['MF-X', 'mf-', 'mf', '../x', 'mf-a/b', 'mf-../x', 'mf-a b', 'mf-é', 'mf-1', 'mf--x', 'mf-a_b', 'shell', '__proto__', 'constructor', `mf-${'a'.repeat(61)}`, '', 42, null];

    it('accepts any well-formed name, one no build has heard of included', () => {
      for (const name of ['mf-content', 'mf-media-center', 'mf-sample', 'mf-a', 'mf-a-', `mf-${'a'.repeat(60)}`]) expect([name, isRemoteName(name), remoteNameSchema.safeParse(name).success]).toEqual([name, true, true]);
    });

    it('refuses a malformed one', () => {
      for (const name of malformed) expect([name, isRemoteName(name), remoteNameSchema.safeParse(name).success]).toEqual([name, false, false]);
    });

    it('a registry naming a section the shell was not built with is read whole; one with a malformed name is refused', () => {
      const entries = { 'mf-content': { url: 'http://content.test' }, 'mf-sample': { url: 'http://sample.test' } };
      expect(Object.keys(registrySchema.parse({ remotes: entries }).remotes).sort()).toEqual(['mf-content', 'mf-sample']);
      for (const name of malformed.filter((n): n is string => typeof n === 'string' && n !== '__proto__')) {
        expect([name, registrySchema.safeParse({ remotes: { ...entries, [name]: { url: 'http://x.test' } } }).success]).toEqual([name, false]);
      }
      // A key JSON spells __proto__ never becomes a section: zod leaves it out of what it parsed.
      const proto = registrySchema.parse(JSON.parse('{"remotes":{"mf-content":{"url":"http://content.test"},"__proto__":{"url":"http://x.test"}}}'));
      expect(Object.keys(proto.remotes)).toEqual(['mf-content']);
      expect(Object.getPrototypeOf(proto.remotes)).toBe(Object.prototype);
    });

    it('route manifests and route ids of a new section parse; a malformed owner does not', () => {
      expect(routeManifestSchema.safeParse({ contractVersion: 1, remote: 'mf-sample', routes: [{ template: 'landing', pattern: '/sample', hydration: 'idle' }], widgets: [], links: ['mf-sample/landing'] }).success).toBe(true);
      expect(routeManifestSchema.safeParse({ contractVersion: 1, remote: 'mf-a/b', routes: [], widgets: [] }).success).toBe(false);
      expect(routeManifestSchema.safeParse({ contractVersion: 1, remote: 'mf-sample', routes: [], widgets: [], links: ['mf-/landing'] }).success).toBe(false);
    });
  });

  it('pins a release by the build info in the browser-build store, for the entry and its canary (issue 33, item 1)', () => {
    const cdn = 'http://127.0.0.1:8080/cdn/mf-events/1.0.0+b2';
    const entry = { url: 'http://events.test', manifest: `${cdn}/browser/mf-manifest.b2.json`, serverEntry: `${cdn}/server/remoteEntry.js`, buildInfo: `${cdn}/build-info.json` };
    expect(registrySchema.parse({ remotes: { 'mf-events': { ...entry, canary: { ...entry, percent: 10 } } } }).remotes['mf-events']).toMatchObject({ buildInfo: entry.buildInfo, canary: { buildInfo: entry.buildInfo } });
    expect(registrySchema.safeParse({ remotes: { 'mf-events': { ...entry, buildInfo: 'build-info.json' } } }).success).toBe(false);
  });

  it('refuses a route manifest built for another contract version', () => {
    expect(routeManifestSchema.safeParse({ contractVersion: 2, remote: 'mf-events', routes: [], widgets: [] }).success).toBe(false);
    expect(routeManifestSchema.safeParse({ contractVersion: 1, remote: 'mf-events', routes: [{ template: 'events', pattern: 'events', hydration: 'idle' }], widgets: [] }).success).toBe(false);
  });

  it('reads a content version in build info when a remote reports one, and parses a remote that does not', () => {
    const info = { name: 'mf-events', version: '1.0.0', buildId: 'b1', builtAt: '2026-11-22T00:00:00Z' };
    expect(buildInfoSchema.parse(info).contentVersion).toBeUndefined();
    expect(buildInfoSchema.parse({ ...info, contentVersion: 'c42' }).contentVersion).toBe('c42');
    expect(buildInfoSchema.safeParse({ ...info, contentVersion: '' }).success).toBe(false);
    expect(buildInfoSchema.safeParse({ ...info, contentVersion: 42 }).success).toBe(false);
  });

  it('lets an owner say how long a time-dependent page holds, in whole positive seconds', () => {
    const resolved = page.result.page;
    expect(resolvedPageSchema.parse(resolved).maxAgeSeconds).toBeUndefined();
    expect(resolvedPageSchema.parse({ ...resolved, maxAgeSeconds: 60 }).maxAgeSeconds).toBe(60);
    for (const bad of [0, -5, 1.5, '60', null]) expect(resolvedPageSchema.safeParse({ ...resolved, maxAgeSeconds: bad }).success).toBe(false);
    expect(pageDataSchema.parse({ ...page, result: { ...page.result, page: { ...resolved, maxAgeSeconds: 30 } } }).result.page.maxAgeSeconds).toBe(30);
  });
});

describe('the assistant’s answer (askAnswerSchema)', () => {
  const item = { id: 'p', type: 'page', title: 'Pre-university scholarship', excerpt: '', url: '/pre-university-scholarship', matched: ['scholarship'] };
  it('accepts at most three pages of the site, each with the words it has or when it starts', () => {
    const answer = { items: [item, { ...item, id: 'e', type: 'event', matched: [], date: '2027-01-10T14:00:00.000Z' }], words: ['scholarship'], intents: ['apply'] };
    expect(askAnswerSchema.parse(answer)).toEqual(answer);
  });
  it('refuses a link off the site and a fourth page', () => {
    expect(askAnswerSchema.safeParse({ items: [{ ...item, url: 'https://example.com/' }], words: [], intents: [] }).success).toBe(false);
    expect(askAnswerSchema.safeParse({ items: [item, item, item, item], words: [], intents: [] }).success).toBe(false);
  });
});
