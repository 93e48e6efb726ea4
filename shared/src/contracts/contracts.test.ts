import { appDataSchema, buildInfoSchema, pageDataSchema, registrySchema, resolvedPageSchema, routeManifestSchema } from '@qf/shared/contracts';

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

  it('rejects page data from an unknown remote or with a bad widget id', () => {
    expect(pageDataSchema.safeParse({ ...page, result: { ...page.result, remote: 'mf-unknown' } }).success).toBe(false);
    expect(pageDataSchema.safeParse({ ...page, result: { ...page.result, page: { ...page.result.page, widgets: ['newsletter'] } } }).success).toBe(false);
  });

  it('requires a hash in app data', () => {
    expect(appDataSchema.safeParse({ webpackCompilationHash: '' }).success).toBe(false);
    expect(appDataSchema.parse({ webpackCompilationHash: 'h' })).toEqual({ webpackCompilationHash: 'h' });
  });

  it('validates the repository registry', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const registry = registrySchema.parse(require('../../../registry.json'));
    expect(Object.keys(registry.remotes).sort()).toEqual(['mf-content', 'mf-events', 'mf-forms', 'mf-idkt', 'mf-media-center']);
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
