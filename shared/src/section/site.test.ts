import { routeManifestSchema, type RouteManifest } from '@qf/shared/contracts';
import { defineRoutes, routeConflicts, siteRoutes } from '@qf/shared/section';

const manifest = (routes: RouteManifest): RouteManifest => routeManifestSchema.parse(routes);

const content = manifest(
  defineRoutes('mf-content', {
    home: { pattern: '/', hydration: 'interaction' },
    story: { pattern: '/stories/:slug', hydration: 'interaction' },
    stories: { pattern: '/stories', hydration: 'interaction', query: ['tag', 'page', 'tag'] },
    page: { pattern: ['/about/:slug', '/:slug'], hydration: 'interaction' },
  }),
);
const events = manifest(
  defineRoutes('mf-events', {
    events: { pattern: '/events', hydration: 'interaction', query: ['location'] },
    event: { pattern: '/events/:slug', hydration: 'interaction' },
    series: { pattern: '/education-city-speaker-series', hydration: 'visible' },
  }),
);
const idkt = manifest(defineRoutes('mf-idkt', { landing: { pattern: '/idkt', hydration: 'visible' }, subpage: { pattern: '/idkt/:slug', hydration: 'interaction' } }));

describe('siteRoutes', () => {
  const site = siteRoutes([content, events, idkt]);

  it('gives a path to the section with the most specific pattern, whatever the order of the manifests', () => {
    for (const table of [site, siteRoutes([idkt, events, content])]) {
      expect(table.owner('/')).toBe('mf-content');
      expect(table.owner('/about-us')).toBe('mf-content');
      expect(table.owner('/events')).toBe('mf-events');
      expect(table.owner('/events/a-lecture')).toBe('mf-events');
      expect(table.owner('/education-city-speaker-series')).toBe('mf-events');
      expect(table.owner('/idkt')).toBe('mf-idkt');
      expect(table.owner('/idkt/technologies')).toBe('mf-idkt');
      expect(table.owner('/stories/tap')).toBe('mf-content');
    }
  });

  it('names the route a path is answered by with its pattern, never the path itself (logs and metrics)', () => {
    expect(site.route('/stories/a-story')).toEqual({ remote: 'mf-content', pattern: '/stories/:slug' });
    expect(site.route('/about-us')).toEqual({ remote: 'mf-content', pattern: '/:slug' });
    expect(site.route('/events')).toEqual({ remote: 'mf-events', pattern: '/events' });
    expect(site.route('/events/a/b')).toEqual({ remote: 'mf-events', pattern: '/events/*' });
    expect(site.route('/no/such/page')).toEqual({ remote: 'mf-content', pattern: '/*' });
    expect(siteRoutes([events, idkt]).route('/no-such-page')).toBeNull();
  });

  it("says which query parameters the page at a path reads: its template's, sorted, none elsewhere", () => {
    expect(content.routes.find((r) => r.template === 'stories')?.query).toEqual(['page', 'tag']);
    expect(site.query('/stories')).toEqual(['page', 'tag']);
    expect(site.query('/events')).toEqual(['location']);
    expect(site.query('/stories/a-story')).toEqual([]);
    expect(site.query('/about-us')).toEqual([]);
    expect(site.query('/no/such/page')).toEqual([]);
    // A manifest from before query keys declares nothing: the whole query is the page's.
    const older = { ...events, routes: events.routes.map(({ query: _query, ...route }) => route) };
    expect(siteRoutes([content, older]).query('/events')).toBeUndefined();
  });

  it('gives a path no pattern matches to the section with the longest prefix, so it answers its own 404', () => {
    expect(site.owner('/events/a/b')).toBe('mf-events');
    expect(site.owner('/idkt/technologies/x/y')).toBe('mf-idkt');
    expect(site.owner('/no/such/page')).toBe('mf-content');
    expect(siteRoutes([events, idkt]).owner('/no-such-page')).toBeNull();
  });

  it('normalises the path first', () => {
    expect(site.owner('/events/')).toBe('mf-events');
    expect(site.owner('//idkt')).toBe('mf-idkt');
  });
});

describe('routeConflicts', () => {
  it('finds none between sections whose patterns only overlap', () => {
    expect(routeConflicts(events, [content, idkt])).toEqual([]);
    expect(routeConflicts(content, [events, idkt])).toEqual([]);
  });

  it('names both sides of a pattern another section has in the same shape', () => {
    const thief = manifest(defineRoutes('mf-media-center', { news: { pattern: '/events/:id', hydration: 'interaction' }, own: { pattern: '/media-center', hydration: 'interaction' } }));
    expect(routeConflicts(thief, [content, events])).toEqual([
      `mf-media-center's pattern /events/:id (template "news") matches the same paths as mf-events's /events/:slug (template "event")`,
    ]);
  });

  it('ignores a section’s own earlier manifest (a new release of the same section)', () => {
    expect(routeConflicts(events, [events, content])).toEqual([]);
  });
});

describe('links across sections', () => {
  const named = manifest(
    defineRoutes('mf-content', {
      area: { pattern: { education: '/education', research: '/research' }, hydration: 'interaction' },
      page: { pattern: ['/about/:slug', '/:slug'], hydration: 'interaction' },
    }),
  );
  const linking = manifest(
    defineRoutes('mf-idkt', { landing: { pattern: '/idkt', hydration: 'visible' } }, {}, { links: ['mf-content/area.research', 'mf-content/page', 'mf-events/event', 'mf-events/gone'] }),
  );
  const site = siteRoutes([named, events, linking]);

  it('publishes the links a section declares and the names of named patterns in its manifest', () => {
    expect(linking.links).toEqual(['mf-content/area.research', 'mf-content/page', 'mf-events/event', 'mf-events/gone']);
    expect(named.routes.filter((r) => r.template === 'area')).toEqual([
      { template: 'area', pattern: '/education', hydration: 'interaction', name: 'education', query: [] },
      { template: 'area', pattern: '/research', hydration: 'interaction', name: 'research', query: [] },
    ]);
  });

  it('gives the sections of a page the patterns of the route ids they link to, leaving out those nobody publishes', () => {
    expect(site.linksOf(['mf-idkt', 'mf-events'])).toEqual({ 'mf-content/area.research': ['/research'], 'mf-content/page': ['/:slug', '/about/:slug'], 'mf-events/event': ['/events/:slug'] });
    expect(site.linksOf(['mf-events'])).toEqual({});
    expect(site.brokenLinks()).toEqual(['mf-idkt links to mf-events/gone, which no section publishes']);
  });

  it('builds a link from the first pattern that takes exactly its parameters, in the language, encoded', () => {
    expect(site.href('en', 'mf-content/area.research')).toBe('/research');
    expect(site.href('ar', 'mf-content/page', { slug: 'about' })).toBe('/ar/about');
    expect(site.href('en', 'mf-events/event', { slug: 'a b' })).toBe('/events/a%20b');
    expect(site.href('en', 'mf-events/event')).toBeUndefined();
    expect(site.href('en', 'mf-content/area')).toBe('/education');
    expect(site.href('en', 'mf-events/gone')).toBeUndefined();
  });

  it('refuses a link that is not a route id or is the section’s own page', () => {
    expect(() => defineRoutes('mf-idkt', {}, {}, { links: ['mf-content/area research' as 'mf-content/area'] })).toThrow('mf-idkt: "mf-content/area research" is not a route id');
    expect(() => defineRoutes('mf-idkt', {}, {}, { links: ['mf-idkt/landing'] })).toThrow('mf-idkt: "mf-idkt/landing" is one of its own pages: link to it with routes.path or routes.href');
  });
});
