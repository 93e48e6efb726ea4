import { routeManifestSchema } from '@qf/shared/contracts';
import { matchPattern } from '@qf/shared/routing';
import { routes } from './routes';

const samples: Record<string, string> = { landing: '/idkt' };

describe('routes', () => {
  it('is a valid route manifest for mf-idkt', () => {
    const parsed = routeManifestSchema.parse(routes);
    expect(parsed.remote).toBe('mf-idkt');
    expect(parsed.routes.map((r) => r.template)).toEqual(['landing']);
    expect(parsed.widgets).toEqual([]);
  });

  it.each(routes.routes.map((r) => [r.template, r] as const))('%s matches its sample path', (template, route) => {
    const sample = samples[template];
    expect(sample).toBeDefined();
    expect(matchPattern(route.pattern, sample!)).toEqual({});
  });

  it('hydrates the landing page when idle', () => {
    expect(routes.routes[0].hydration).toBe('idle');
  });

  it('does not claim the other IDKT pages', () => {
    expect(matchPattern(routes.routes[0].pattern, '/idkt/technologies')).toBeNull();
  });
});
