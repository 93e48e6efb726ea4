import type { PageData, RemoteServerModule, RouteManifest } from '@qf/shared/contracts';
import { renderChrome } from './chrome';
import type { ServerRemotes } from './federation';
import type { RegistryClient } from './registry';
import type { Globals } from '../src/state';

const globals: Globals = { tagline: '', copyright: '© 2026 QF', email: '', phone: '', footer: { pressEmail: '', smallLinks: '[Terms](/terms-of-use)', assistantName: '', socials: [], secondary: [] } };

const pageData = (chrome?: object): PageData =>
  ({
    path: '/ar/idkt',
    componentChunkName: 'mf-idkt/landing',
    webpackCompilationHash: 'h',
    staticQueryHashes: [],
    slicesMap: {},
    result: { lang: 'ar', remote: 'mf-idkt', page: { template: 'landing', head: { title: 't', description: '', alternatePath: '/idkt' }, data: {}, widgets: [], hydration: 'idle', chrome }, remotes: [] },
  }) as PageData;

function deps(render: RemoteServerModule['render'], up = true, widgets: RouteManifest['widgets'] = [{ name: 'IdktFooter', hydration: 'visible' }]) {
  const errors: unknown[] = [];
  const registry = {
    status: async () => (up ? { up: true, info: { name: 'mf-idkt', version: '1', buildId: 'b1', builtAt: '' }, browserBuild: 'b1' } : { up: false, reason: 'down' }),
    entry: async () => ({ url: 'http://127.0.0.1:1' }),
  } as unknown as RegistryClient;
  const remotes = { get: async () => ({ buildId: 'b1', server: { render }, routes: { contractVersion: 1, remote: 'mf-idkt', routes: [], widgets } }) } as unknown as ServerRemotes;
  return { registry, remotes, onError: (e: unknown) => errors.push(e), errors };
}

describe('chrome widgets rendered by the shell', () => {
  it('renders the footer the page asks for through its section, with the site lines added', async () => {
    const render = jest.fn(() => '<footer>IDKT</footer>');
    const d = deps(render);
    const html = await renderChrome(pageData({ footer: { id: 'mf-idkt/IdktFooter', props: { email: 'idkt@qf.org.qa' } } }), globals, d);
    expect(html).toEqual({ footer: '<footer>IDKT</footer>' });
    expect(render).toHaveBeenCalledWith(expect.objectContaining({ view: 'IdktFooter', lang: 'ar', data: { email: 'idkt@qf.org.qa', site: { copyright: '© 2026 QF', smallLinks: '[Terms](/terms-of-use)' } } }));
  });

  it('renders nothing for pages without chrome', async () => {
    const render = jest.fn(() => 'x');
    expect(await renderChrome(pageData(), globals, deps(render))).toEqual({});
    expect(render).not.toHaveBeenCalled();
  });

  it.each([
    ['the section is down', deps(() => 'x', false)],
    ['the render throws', deps(() => { throw new Error('bad props'); })],
    ['the section does not expose the widget', deps(() => 'x', true, [])],
  ])('leaves the part to the shell when %s', async (_case, d) => {
    expect(await renderChrome(pageData({ footer: { id: 'mf-idkt/IdktFooter', props: {} } }), globals, d)).toEqual({});
    expect(d.errors).toHaveLength(1);
  });
});
