import { routeManifestSchema } from '@qf/shared/contracts';
import { matchPattern } from '@qf/shared/routing';
import { routes } from './routes';
import { section } from './section';

const samples: Record<string, string> = {
  events: '/events',
  event: '/events/education-city-speaker-series-future-of-learning',
  series: '/education-city-speaker-series',
};

describe('route manifest', () => {
  it('satisfies the contract', () => {
    expect(routeManifestSchema.parse(routes)).toEqual(routes);
  });

  it.each(routes.routes.map((r) => [r.template, r.pattern] as const))('%s matches its sample path', (template, pattern) => {
    expect(matchPattern(pattern, samples[template]!)).not.toBeNull();
  });

  it('does not confuse the list with an event page', () => {
    expect(matchPattern('/events', samples.event!)).toBeNull();
    expect(matchPattern('/events/:slug', samples.events!)).toBeNull();
  });

  it('owns the series page itself, not what lies under it', () => {
    expect(matchPattern('/education-city-speaker-series', '/education-city-speaker-series/nope')).toBeNull();
  });

  it('has a view for every template', () => {
    for (const r of routes.routes) expect(section.views[r.template]).toBeDefined();
  });
});
