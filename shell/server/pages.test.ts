import type { PageData, RemoteName, ViewProps } from '@qf/shared/contracts';
import type { ServerRemotes } from './federation';
import type { ManifestReader } from './assets';
import { NoAnswerInTime } from './http-get';
import { siteRoutes, type SiteRoutes } from '@qf/shared/section';
import { createPageResolver, createWidgetCache, pageLinks, renderSection, UNAVAILABLE_LOG_MS } from './pages';
import { standInRoutes } from './test-build';
import type { RegistryClient } from './registry';

/** Sections' Node builds stood in: the owner places widgets through the host, as a real one does. */
function setup() {
  const builds: Record<string, string> = { 'mf-content': 'c1', 'mf-forms': 'f1' };
  const rendered: string[] = [];
  const registry = {
    status: async (name: RemoteName) => ({ up: true, info: { name, version: '1', buildId: builds[name], builtAt: '' }, browserBuild: builds[name] }),
    entry: async () => ({ url: 'http://127.0.0.1:1' }),
  } as unknown as RegistryClient;
  const modules: Record<string, (props: ViewProps) => string> = {
    'mf-content': ({ data, host }) => `<main>${(data as { widgets: { id: string; props: Record<string, unknown> }[] }).widgets.map((w) => host.renderWidget!(w.id as never, w.props)).join('')}</main>`,
    'mf-forms': ({ view, data, lang, host }) => {
      rendered.push(`${view} ${lang} ${JSON.stringify(data)}`);
      // The poll places the newsletter form under it (a widget placing a widget).
      const inner = view === 'Poll' ? host.renderWidget!('mf-forms/NewsletterSignup', { widgetKey: 'under-poll' }) : '';
      return `<form data-view="${view}" data-lang="${lang}" data-build="${builds['mf-forms']}">${JSON.stringify(data)}${inner}</form>`;
    },
  };
  const remotes = {
    get: async (name: RemoteName, _entry: unknown, buildId: string) => ({
      buildId,
      server: { render: modules[name] },
      routes: { contractVersion: 1, remote: name, routes: [], widgets: [{ name: 'NewsletterSignup', hydration: 'interaction' }, { name: 'Poll', hydration: 'visible' }] },
    }),
  } as unknown as ServerRemotes;
  const page = (lang: 'en' | 'ar', widgets: { id: string; props: Record<string, unknown> }[]): PageData =>
    ({
      path: '/stories/a',
      componentChunkName: 'mf-content/story',
      webpackCompilationHash: 'h',
      staticQueryHashes: [],
      slicesMap: {},
      result: { lang, remote: 'mf-content', page: { template: 'story', head: { title: 't', description: '', alternatePath: '/ar/stories/a' }, data: { widgets }, widgets: widgets.map((w) => w.id), hydration: 'idle' }, remotes: [] },
    }) as unknown as PageData;
  return { builds, rendered, deps: { registry, remotes, onWidgetError: (e: unknown) => { throw e; }, widgetCache: createWidgetCache() }, page };
}

describe('widgets rendered into a page', () => {
  it('renders a widget once per build, language and props, and lists it on every page that places it', async () => {
    const { builds, rendered, deps, page } = setup();
    const newsletter = { id: 'mf-forms/NewsletterSignup', props: { widgetKey: 'story-end' } };
    const first = await renderSection(page('en', [newsletter]), deps);
    const second = await renderSection(page('en', [newsletter]), deps);
    expect(second.html).toBe(first.html);
    expect(second.widgets).toEqual([{ key: 'story-end', id: 'mf-forms/NewsletterSignup', props: { widgetKey: 'story-end' }, hydration: 'interaction' }]);
    expect(rendered).toEqual(['NewsletterSignup en {"widgetKey":"story-end"}']);
    // Other props, another language, another build of the widget's section: rendered again.
    await renderSection(page('en', [{ ...newsletter, props: { widgetKey: 'home' } }]), deps);
    expect((await renderSection(page('ar', [newsletter]), deps)).html).toContain('data-lang="ar"');
    builds['mf-forms'] = 'f2';
    expect((await renderSection(page('en', [newsletter]), deps)).html).toContain('data-build="f2"');
    expect(rendered).toHaveLength(4);
  });

  it('renders again a widget that placed widgets (its placeholders are numbered for its page), and fills them', async () => {
    const { rendered, deps, page } = setup();
    const poll = { id: 'mf-forms/Poll', props: { widgetKey: 'poll-1' } };
    const first = await renderSection(page('en', [{ id: 'mf-forms/NewsletterSignup', props: { widgetKey: 'top' } }, poll]), deps);
    const second = await renderSection(page('en', [poll]), deps);
    for (const { html } of [first, second]) {
      expect(html).toContain('<form data-view="Poll"');
      expect(html).toContain('{"widgetKey":"under-poll"}');
      expect(html).not.toContain('qf-widget:');
    }
    expect(rendered.filter((r) => r.startsWith('Poll'))).toHaveLength(2);
    expect(rendered.filter((r) => r.includes('under-poll'))).toHaveLength(1);
  });
});

describe('a page its owner leaves unavailable', () => {
  it('is a 503 whose reason is logged, once per owner in UNAVAILABLE_LOG_MS, with how many pages followed', async () => {
    let up = true;
    let clock = 0;
    const lines: string[] = [];
    const registry = {
      routing: async () => ({ table: { owner: (p: string) => (p.startsWith('/events') ? 'mf-events' : 'mf-content'), query: () => [] }, unrouted: [] }),
      status: async (name: RemoteName) => (up || name !== 'mf-events' ? { up: true, info: { name, version: '1', buildId: 'b', builtAt: '' }, browserBuild: 'b' } : { up: false, reason: 'connect ECONNREFUSED' }),
      entry: async () => ({ url: 'http://127.0.0.1:1' }),
    } as unknown as RegistryClient;
    const resolve = createPageResolver({
      registry,
      manifests: {} as ManifestReader,
      shellBuild: 's',
      timeoutMs: 3000,
      get: async () => Promise.reject(new NoAnswerInTime(3000)),
      warn: (line) => lines.push(line),
      now: () => clock,
    });
    expect(await resolve('/ar/stories/a')).toMatchObject({ status: 'unavailable', lang: 'ar' });
    expect(lines).toEqual(['"/ar/stories/a" answered 503: mf-content did not answer: TimeoutError: no answer within 3000 ms']);
    await resolve('/stories/b');
    await resolve('/stories/c');
    up = false;
    await resolve('/events');
    expect(lines.slice(1)).toEqual(['"/events" answered 503: mf-events is down for this shell: connect ECONNREFUSED']);
    clock += UNAVAILABLE_LOG_MS;
    await resolve('/stories/d');
    expect(lines.slice(2)).toEqual(['"/stories/d" answered 503: mf-content did not answer: TimeoutError: no answer within 3000 ms (and 2 more of its pages since the last line)']);
    // A visitor's address with a line break (decoded from %0A) stays on the one line.
    clock += UNAVAILABLE_LOG_MS;
    await resolve('/stories/x\nforged line');
    expect(lines.slice(3)).toEqual(['"/stories/x\\nforged line" answered 503: mf-content did not answer: TimeoutError: no answer within 3000 ms']);
  });
});

describe('a page nobody has', () => {
  const resolverWith = (unrouted: RemoteName[], lines: string[] = []) =>
    createPageResolver({
      registry: {
        routing: async () => ({ table: { owner: (p: string) => (p.startsWith('/events') ? 'mf-events' : null), query: () => [] }, unrouted }),
        status: async (name: RemoteName) => ({ up: true, info: { name, version: '1', buildId: 'b', builtAt: '' }, browserBuild: 'b' }),
        entry: async () => ({ url: 'http://127.0.0.1:1' }),
      } as unknown as RegistryClient,
      manifests: {} as ManifestReader,
      shellBuild: 's',
      timeoutMs: 3000,
      get: async () => ({ ok: false, status: 404, json: async () => ({ found: false }) }),
      warn: (line) => lines.push(line),
    });

  it('is a 404, whether no section covers its path or its owner says so', async () => {
    const resolve = resolverWith([]);
    expect(await resolve('/ar/no-such-page')).toEqual({ status: 'not-found', lang: 'ar' });
    expect(await resolve('/events/no-such-event')).toEqual({ status: 'not-found', lang: 'en' });
  });

  it('is a 503 while a section’s routes are not known: it may be one of its pages, and a 404 would tell search engines it is gone', async () => {
    const lines: string[] = [];
    const resolve = resolverWith(['mf-idkt'], lines);
    expect(await resolve('/idkt')).toMatchObject({ status: 'unavailable', lang: 'en' });
    expect(await resolve('/events/no-such-event')).toMatchObject({ status: 'unavailable' });
    expect(lines).toEqual(['"/idkt" answered 503: not found, but the routes of mf-idkt are not known to this shell yet']);
  });
});

/** A resolver over `table` with every section up, whose owners answer through `get`. */
const upResolver = (table: SiteRoutes, get: (url: string) => Promise<unknown>) =>
  createPageResolver({
    registry: {
      routing: async () => ({ table, unrouted: [] }),
      status: async (name: RemoteName) => ({ up: true, info: { name, version: '1', buildId: 'b', builtAt: '' }, browserBuild: 'b' }),
      entry: async () => ({ url: 'http://127.0.0.1:1' }),
      compositionHash: async () => 'h',
      manifestUrl: () => 'http://127.0.0.1:1/browser/mf-manifest.b.json',
    } as unknown as RegistryClient,
    manifests: { entryOf: async () => 'http://127.0.0.1:1/browser/remoteEntry.js' } as unknown as ManifestReader,
    shellBuild: 's',
    timeoutMs: 3000,
    get: get as never,
  });

describe('links across sections', () => {
  const withLinks = (remote: RemoteName, patterns: string[], links: string[] = []) => ({ ...standInRoutes(remote, patterns), links });
  const table = siteRoutes([
    withLinks('mf-content', ['/', '/:slug', '/stories/:slug']),
    withLinks('mf-events', ['/events', '/events/:slug'], ['mf-content/page1']),
    withLinks('mf-idkt', ['/idkt'], ['mf-content/page2', 'mf-events/page0', 'mf-media-center/page0']),
  ]);

  it('gives a page the patterns of what its owner and the sections it places link to, and renders them in its language', async () => {
    const resolve = upResolver(table, async () => ({
      ok: true,
      status: 200,
      json: async () => ({ found: true, page: { template: 'page1', head: { title: 'Idkt', description: '', alternatePath: '/ar/idkt' }, data: {}, widgets: [], hydration: 'idle', chrome: { footer: { id: 'mf-idkt/IdktFooter', props: {} } } } }),
    }));
    const outcome = await resolve('/ar/events');
    if (outcome.status !== 'ok') throw new Error(outcome.status);
    // mf-events owns the page and mf-idkt's footer is on it; mf-media-center publishes nothing, so it is left out.
    expect(outcome.pageData.result.links).toEqual({ 'mf-content/page1': ['/:slug'], 'mf-content/page2': ['/stories/:slug'], 'mf-events/page0': ['/events'] });
    const href = pageLinks(outcome.pageData);
    expect(href('mf-content/page2', { slug: 'a b' })).toBe('/ar/stories/a%20b');
    expect(href('mf-events/page0')).toBe('/ar/events');
    expect(href('mf-content/page2')).toBeUndefined();
    expect(href('mf-media-center/page0')).toBeUndefined();
  });
});

describe('the query a page is asked with', () => {
  it('reaches the owner with only the parameters its template reads, ordered by name', async () => {
    const asked: string[] = [];
    const table = siteRoutes([standInRoutes('mf-content', ['/', '/:slug', '/program'], { '/program': ['school', 'degree'] })]);
    const resolve = upResolver(table, async (url: string) => {
      const u = new URL(url);
      asked.push(`${u.searchParams.get('path')}?${u.searchParams.get('query') ?? ''}`);
      return { ok: true, status: 200, json: async () => ({ found: true, page: { template: 'page2', head: { title: 'P', description: '', alternatePath: '/ar/program' }, data: {}, widgets: [], hydration: 'idle' } }) };
    });
    await resolve('/program', '?utm_source=mail&school=cmu&degree=bsc&fbclid=1');
    await resolve('/ar/about', '?school=cmu');
    expect(asked).toEqual(['/program?degree=bsc&school=cmu', '/about?']);
  });
});
