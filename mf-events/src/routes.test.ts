import { routeManifestSchema } from '@qf/shared/contracts';
import { contentPath, contentRoutes, matchPattern } from '@qf/shared/routing';
import { routes } from './routes';
import { section } from './section';

const samples: Record<string, string> = {
  events: '/events',
  event: '/events/education-city-speaker-series-future-of-learning',
  series: '/education-city-speaker-series',
  speakers: '/education-city-speaker-series/experts',
  speaker: '/education-city-speaker-series/experts/layla-al-mansouri',
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

  it('puts the speakers where the shared content routes say spokes_people live', () => {
    const speaker = routes.routes.find((r) => r.template === 'speaker')!;
    expect(matchPattern(speaker.pattern, contentPath('spokes_people', 'layla-al-mansouri'))).toEqual({ slug: 'layla-al-mansouri' });
    expect(routes.routes.find((r) => r.template === 'speakers')?.pattern).toBe(contentRoutes.spokes_people);
  });

  it('has a view for every template', () => {
    for (const r of routes.routes) expect(section.views[r.template]).toBeDefined();
  });
});
