import { routeManifestSchema } from '@qf/shared/contracts';
import { matchPattern } from '@qf/shared/routing';
import { routes } from './routes';

const samples: Record<string, [string, Record<string, string>]> = {
  landing: ['/idkt', {}],
  subpage: ['/idkt/for-industry', { slug: 'for-industry' }],
  technologies: ['/idkt/technologies', {}],
  technology: ['/idkt/technologies/some-tech', { slug: 'some-tech' }],
  infoBank: ['/idkt/info-bank', {}],
  document: ['/idkt/info-bank/some-guide', { slug: 'some-guide' }],
};

describe('routes', () => {
  it('is a valid route manifest for mf-idkt', () => {
    const parsed = routeManifestSchema.parse(routes);
    expect(parsed.remote).toBe('mf-idkt');
    expect(parsed.routes.map((r) => r.template)).toEqual(['landing', 'subpage', 'technologies', 'technology', 'infoBank', 'document']);
    expect(parsed.widgets).toEqual([{ name: 'IdktFooter', hydration: 'visible' }]);
  });

  it.each(routes.routes.map((r) => [r.template, r] as const))('%s matches its sample path', (template, route) => {
    const sample = samples[template];
    expect(sample).toBeDefined();
    expect(matchPattern(route.pattern, sample![0])).toEqual(sample![1]);
  });

  it('hydrates the landing page when the visitor interacts with it', () => {
    expect(routes.routes[0].hydration).toBe('interaction');
  });

  it('leaves deeper IDKT paths to later templates', () => {
    expect(matchPattern(routes.routes[0].pattern, '/idkt/technologies')).toBeNull();
    expect(matchPattern(routes.routes[1].pattern, '/idkt/technologies/some-tech')).toBeNull();
  });
});
