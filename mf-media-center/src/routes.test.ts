import { routeManifestSchema } from '@qf/shared/contracts';
import { matchPattern } from '@qf/shared/routing';
import { routes } from './routes';

const samples: Record<string, { path: string; params: Record<string, string> }> = {
  experts: { path: '/media-center/experts', params: {} },
  expert: { path: '/media-center/experts/noor-al-mansoori', params: { slug: 'noor-al-mansoori' } },
  galleries: { path: '/media-center/media-galleries', params: {} },
  gallery: { path: '/media-center/media-galleries/convocation-2026', params: { slug: 'convocation-2026' } },
  news: { path: '/media-center/news', params: {} },
  pressRelease: { path: '/media-center/news/a-release', params: { slug: 'a-release' } },
  mentions: { path: '/media-center/media-mentions', params: {} },
  landing: { path: '/media-center', params: {} },
};

describe('route manifest', () => {
  it('satisfies the contract', () => {
    const manifest = routeManifestSchema.parse(routes);
    expect(manifest.remote).toBe('mf-media-center');
    expect(manifest.widgets).toEqual([]);
    expect(manifest.routes.map((r) => [r.template, r.hydration])).toEqual([
      ['experts', 'interaction'],
      ['expert', 'interaction'],
      ['galleries', 'interaction'],
      ['gallery', 'interaction'],
      ['news', 'interaction'],
      ['pressRelease', 'interaction'],
      ['mentions', 'interaction'],
      ['landing', 'interaction'],
    ]);
  });

  it.each(routes.routes.map((r) => [r.template, r.pattern] as const))('%s matches its sample path (%s)', (template, pattern) => {
    const sample = samples[template]!;
    expect(matchPattern(pattern, sample.path)).toEqual(sample.params);
  });

  it('keeps the list and the profiles apart', () => {
    expect(matchPattern('/media-center/experts/:slug', '/media-center/experts')).toBeNull();
    expect(matchPattern('/media-center/experts', '/media-center/experts/noor-al-mansoori')).toBeNull();
  });
});
