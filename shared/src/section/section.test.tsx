import { createBus } from '@qf/shared/bus';
import { routeManifestSchema } from '@qf/shared/contracts';
import { normalizePath } from '@qf/shared/routing';
import { createServerRenderer } from '@qf/shared/render';
import { useT, type ViewComponentProps } from '@qf/shared/react';
import { definePages, defineRoutes, defineSection, lazyView, routePrefixes, sectionProblems, sitemapProblems, specificity, type SectionPages } from '@qf/shared/section';

const routes = defineRoutes(
  'mf-idkt',
  {
    // Declared before the more specific pages on purpose: precedence does not depend on the order.
    subpage: { pattern: '/idkt/:slug', hydration: 'interaction' },
    landing: { pattern: '/idkt', hydration: 'visible' },
    technologies: { pattern: '/idkt/technologies', hydration: 'interaction' },
    technology: { pattern: '/idkt/technologies/:slug', hydration: 'interaction', query: ['q'] },
    area: { pattern: ['/idkt/industry', '/idkt/research'], hydration: 'interaction' },
  },
  { IdktFooter: { hydration: 'visible' } },
);

const translations = { ns: 'probe', en: { hello: 'Hello' }, ar: { hello: 'مرحبا' } };
function Hello({ data }: ViewComponentProps<{ name: string }>) {
  const t = useT();
  return (
    <p>
      {t('hello')} {data.name}
    </p>
  );
}

const pagesOf = (answers: Partial<Record<string, string | null>> = {}): SectionPages =>
  definePages(routes, {
    subpage: { resolve: ({ params, query }) => page(answers.subpage, `${params.slug}${query.size ? `?${query}` : ''}`), paths: () => [{ en: '/idkt/about', ar: '/ar/idkt/about' }] },
    landing: { resolve: () => page(answers.landing, 'landing'), paths: () => [{ en: '/idkt', ar: '/ar/idkt', listing: true }] },
    technologies: { resolve: () => page(answers.technologies, 'technologies'), paths: async () => [] },
    technology: { resolve: async ({ params, lang, query }) => page(answers.technology, `${params.slug}/${lang}/${query.get('q') ?? ''}`), paths: () => [] },
    area: { resolve: ({ path, pattern }) => page(answers.area, `${path} by ${pattern}`), paths: () => [] },
  });

/** A page whose title says which resolver answered and what it was given; `null` when told so. */
function page(answer: string | null | undefined, said: string) {
  if (answer === null) return null;
  return { head: { title: answer ?? said, description: '', alternatePath: '/' }, data: { said }, widgets: [] };
}

describe('defineRoutes', () => {
  it('is a route manifest the shell parses, most specific patterns first', () => {
    const manifest = routeManifestSchema.parse(routes);
    expect(manifest.routes.map((r) => r.pattern)).toEqual(['/idkt', '/idkt/technologies', '/idkt/industry', '/idkt/research', '/idkt/:slug', '/idkt/technologies/:slug']);
    expect(manifest.routes.find((r) => r.template === 'landing')?.hydration).toBe('visible');
    expect(manifest.widgets).toEqual([{ name: 'IdktFooter', hydration: 'visible' }]);
    expect(manifest.remote).toBe('mf-idkt');
  });

  it('ranks fixed text above a parameter at the first place two patterns differ', () => {
    expect(specificity('/idkt/technologies') < specificity('/idkt/:slug')).toBe(true);
    expect(specificity('/education') < specificity('/:slug')).toBe(true);
    expect(specificity('/a/:b/c') < specificity('/a/:b/:c')).toBe(true);
    expect(specificity('/:a/b') > specificity('/a/:b')).toBe(true);
  });

  it('lists every template a path matches, most specific first, with its parameters decoded', () => {
    expect(routes.match('/idkt/technologies').map((m) => m.template)).toEqual(['technologies', 'subpage']);
    expect(routes.match('/idkt/technologies/solar%20glass')).toEqual([{ template: 'technology', pattern: '/idkt/technologies/:slug', hydration: 'interaction', params: { slug: 'solar glass' }, query: ['q'] }]);
    expect(routes.match('/idkt/research').map((m) => m.template)).toEqual(['area', 'subpage']);
    expect(routes.match('/events')).toEqual([]);
  });

  /** The plain reading of a pattern, segment by segment: what the routes' matcher must agree with. */
  const matchPattern = (pattern: string, path: string): Record<string, string> | null => {
    const a = normalizePath(pattern).split('/');
    const b = normalizePath(path).split('/');
    if (a.length !== b.length) return null;
    const params: Record<string, string> = {};
    for (const [i, seg] of a.entries()) {
      const val = b[i]!;
      if (!seg.startsWith(':')) {
        if (seg !== val) return null;
        continue;
      }
      if (!val) return null;
      try {
        params[seg.slice(1)] = decodeURIComponent(val);
      } catch {
        return null;
      }
    }
    return params;
  };

  it('matches exactly the paths a plain segment-by-segment reading matches, with the same parameters', () => {
    const paths = ['/', '/idkt', '/idkt/', '//idkt//technologies', '/idkt/technologies/a%20b', '/idkt/technologies/%E0%A4%A', '/idkt/research', '/idkt/x/y/z', '/ar/idkt', '/idkt/index.html', '/IDKT'];
    for (const p of paths) {
      const expected = routes.routes.flatMap((r) => {
        const params = matchPattern(r.pattern, p);
        return params ? [{ template: r.template, pattern: r.pattern, hydration: r.hydration, params, query: r.query ?? [] }] : [];
      });
      expect([p, routes.match(p)]).toEqual([p, expected]);
    }
  });

  it('builds links from the patterns, in either language, encoding parameters', () => {
    expect(routes.path('technology', { slug: 'solar glass' })).toBe('/idkt/technologies/solar%20glass');
    expect(routes.href('ar', 'technology', { slug: 'x' })).toBe('/ar/idkt/technologies/x');
    expect(routes.href('en', 'landing')).toBe('/idkt');
    expect(routes.href('ar', 'landing')).toBe('/ar/idkt');
    // @ts-expect-error a template at several patterns has no link from parameters alone
    expect(() => routes.path('area')).toThrow('mf-idkt: no single pattern for template "area"');
    // @ts-expect-error the slug is required
    expect(() => routes.path('technology', {})).toThrow('mf-idkt: a link to "technology" needs its slug');
  });

  it('covers its patterns with the fewest prefixes', () => {
    expect(routePrefixes(routes)).toEqual(['/idkt']);
    const events = defineRoutes('mf-events', { a: { pattern: '/events/:slug', hydration: 'visible' }, b: { pattern: '/series/experts/:slug', hydration: 'visible' }, c: { pattern: '/series', hydration: 'visible' } });
    expect(routePrefixes(events)).toEqual(['/events', '/series']);
    const content = defineRoutes('mf-content', { a: { pattern: '/stories/:slug', hydration: 'visible' }, b: { pattern: ['/', '/:slug'], hydration: 'visible' } });
    expect(routePrefixes(content)).toEqual(['/']);
    expect(routePrefixes({ routes: [] })).toEqual([]);
  });

  it('refuses two templates at the same paths, naming both', () => {
    expect(() => defineRoutes('mf-events', { a: { pattern: '/events/:slug', hydration: 'visible' }, b: { pattern: '/events/:id', hydration: 'visible' } })).toThrow(
      'mf-events: the pattern /events/:id of template "b" matches the same paths as that of template "a"',
    );
  });

  it('refuses a pattern that is not a normal path, and a widget named like a template', () => {
    expect(() => defineRoutes('mf-events', { a: { pattern: '/events/', hydration: 'visible' } })).toThrow('mf-events: template "a" has the pattern "/events/", which is not a normal path (/events)');
    expect(() => defineRoutes('mf-events', { a: { pattern: [], hydration: 'visible' } })).toThrow('mf-events: template "a" has no pattern');
    expect(() => defineRoutes('mf-forms', { Poll: { pattern: '/poll', hydration: 'visible' } }, { Poll: { hydration: 'visible' } })).toThrow('mf-forms: "Poll" is both a template and a widget');
  });
});

describe('definePages', () => {
  it('asks the most specific template first and fills in its template and hydration', async () => {
    const page = await pagesOf().resolve('/idkt/technologies', 'en');
    expect(page).toMatchObject({ template: 'technologies', hydration: 'interaction', head: { title: 'technologies' } });
    expect((await pagesOf().resolve('/idkt', 'ar'))?.hydration).toBe('visible');
  });

  it('gives a resolver its parameters, language and query', async () => {
    const page = await pagesOf().resolve('/idkt/technologies/solar', 'ar', new URLSearchParams('q=glass'));
    expect(page?.data).toEqual({ said: 'solar/ar/glass' });
  });

  it('gives a resolver only the query parameters its template declares, ordered by name', async () => {
    const page = await pagesOf().resolve('/idkt/technologies/solar', 'en', new URLSearchParams('utm_source=mail&q=glass&q=wind'));
    expect(page?.data).toEqual({ said: 'solar/en/glass' });
    expect(routeManifestSchema.parse(routes).routes.find((r) => r.template === 'technology')?.query).toEqual(['q']);
    // A template that declares none reads none: /idkt/about?q=1 is /idkt/about.
    expect((await pagesOf().resolve('/idkt/about', 'en', new URLSearchParams('q=1')))?.data).toEqual({ said: 'about' });
  });

  it('refuses a query parameter name that is not a plain name', () => {
    expect(() => defineRoutes('mf-idkt', { list: { pattern: '/idkt/x', hydration: 'idle', query: ['a b'] } })).toThrow('reads the query parameter "a b"');
  });

  it('tells a template at several patterns which one matched', async () => {
    expect((await pagesOf().resolve('/idkt/research', 'en'))?.data).toEqual({ said: '/idkt/research by /idkt/research' });
  });

  it('tries the next template when one says there is no such page, and answers null when none has it', async () => {
    const page = await pagesOf({ technologies: null }).resolve('/idkt/technologies', 'en');
    expect(page).toMatchObject({ template: 'subpage', data: { said: 'technologies' } });
    expect(await pagesOf({ technologies: null, subpage: null }).resolve('/idkt/technologies', 'en')).toBeNull();
    expect(await pagesOf().resolve('/media-center', 'en')).toBeNull();
  });

  it('lists the sitemap paths of every template in the order they are declared', async () => {
    expect(await pagesOf().paths()).toEqual([
      { en: '/idkt/about', ar: '/ar/idkt/about' },
      { en: '/idkt', ar: '/ar/idkt', listing: true },
    ]);
    // Of some templates only (mf-content's search asks its listing templates'); the others' are not made.
    const made: string[] = [];
    const pages = definePages(routes, {
      subpage: { resolve: () => null, paths: () => (made.push('subpage'), [{ en: '/idkt/about', ar: '/ar/idkt/about' }]) },
      landing: { resolve: () => null, paths: () => (made.push('landing'), [{ en: '/idkt', ar: '/ar/idkt', listing: true }]) },
      technologies: { resolve: () => null, paths: () => (made.push('technologies'), []) },
      technology: { resolve: () => null, paths: () => (made.push('technology'), []) },
      area: { resolve: () => null, paths: () => (made.push('area'), []) },
    });
    expect(await pages.paths(['landing'])).toEqual([{ en: '/idkt', ar: '/ar/idkt', listing: true }]);
    expect(made).toEqual(['landing']);
  });
});

describe('defineSection', () => {
  const load = jest.fn(async () => Hello);
  const section = defineSection(routes, {
    translations,
    views: { subpage: Hello, landing: Hello, technologies: lazyView(load), technology: Hello, area: Hello, IdktFooter: Hello },
  });

  it('keeps lazy views out until they are loaded, then renders them on the server', async () => {
    expect(section.views.technologies).toBeUndefined();
    expect(Object.keys(section.loaders)).toEqual(['technologies']);
    const server = createServerRenderer(section);
    await server.ready();
    expect(load).toHaveBeenCalledTimes(1);
    const html = server.render({ view: 'technologies', data: { name: 'Solar' }, lang: 'ar', bus: createBus(), host: {} });
    expect(html).toBe('<p>مرحبا<!-- --> <!-- -->Solar</p>');
  });

  it('keeps its contract: a view and a resolver per template, a view per widget', () => {
    expect(sectionProblems({ routes, section, pages: pagesOf() })).toEqual([]);
  });

  it('names what is missing or left over', () => {
    const views = { ...section.views } as Record<string, unknown>;
    delete views.landing;
    delete views.technologies;
    delete views.IdktFooter;
    views.orphan = Hello;
    const broken = { ...section, views, loaders: {} } as unknown as typeof section;
    const pages = { ...pagesOf(), templates: ['subpage', 'landing', 'technology', 'area', 'gone'] };
    expect(sectionProblems({ routes, section: broken, pages })).toEqual([
      'template "landing" has no view',
      'template "technologies" has no view',
      'template "technologies" has no resolver',
      'widget "IdktFooter" has no view',
      'view "orphan" is neither a template nor a widget',
      'resolver "gone" has no template',
    ]);
  });
});

describe('sitemapProblems', () => {
  it('names a template that lists nothing and a listed page its template does not answer', async () => {
    expect(await sitemapProblems({ routes, pages: pagesOf({ landing: null }) })).toEqual([
      'template "technologies" lists no page',
      'template "technology" lists no page',
      'template "area" lists no page',
      '/idkt (en) is answered by nothing, not "landing"',
      '/idkt (ar) is answered by nothing, not "landing"',
    ]);
  });
});
