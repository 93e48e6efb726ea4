import { renderToString } from 'react-dom/server';
import type { Lang } from '@qf/shared/i18n';
import { ChromeContext, type ChromeHtml } from '../src/chrome-widgets';
import { parts, rootIdPrefix, type PartProps } from '../src/parts';
import type { RootName } from '../src/boot/protocol';
import type { ShellState } from '../src/state';
import { createStore, type ViewState } from '../src/store';
import { renderPart } from './document';
import { createGlobalsReader } from './globals';
import { createMenuReader } from './menu';
import { partsContent, partsPageData, storyViewState } from './parts-fixture';

// The server reuses a chrome part rendered for the same inputs (document.tsx, parts.tsx `partInputs`).
// Rendered in a sequence of states where each input, and each field that is not one, changes in turn,
// every part must come out as a fresh render of that state would: an input missing from a part's key
// would give an earlier state's HTML.

const content = partsContent;
const names = Object.keys(parts) as RootName[];

const fresh = (name: RootName, props: PartProps, chromeHtml: ChromeHtml): string => {
  const Part = parts[name];
  return renderToString(
    <ChromeContext.Provider value={{ html: chromeHtml }}>
      <Part {...props} />
    </ChromeContext.Provider>,
    { identifierPrefix: rootIdPrefix(name) },
  );
};

const pageData = partsPageData;

describe('chrome parts kept by their inputs', () => {
  it('renders every part as a fresh render would, whatever changed between two pages', async () => {
    const globals = createGlobalsReader(content);
    const menus = createMenuReader(content);
    const g: Record<Lang, ShellState['globals']> = { en: await globals('en'), ar: await globals('ar') };
    const m: Record<Lang, NonNullable<ShellState['menu']>> = { en: await menus('en'), ar: await menus('ar') };
    const base: ViewState = storyViewState(g.en, m.en);
    const steps: Array<[string, Partial<ViewState>, ChromeHtml?]> = [
      ['a story', {}],
      ['the same again', {}],
      ['another path', { path: '/education' }],
      ['another path, tap story', { path: '/stories/tap' }],
      ['another title', { pageData: pageData('Another story', '/ar/stories/a') }],
      ['another alternate path', { pageData: pageData('Another story', '/ar/stories/other') }],
      ['light theme', { theme: 'light' }],
      ['info bar', { globals: { ...g.en, infoBar: 'Campus closed on Sunday' } }],
      ['featured story', { globals: { ...g.en, featuredStoryPath: '/stories/featured' } }],
      ['assistant', { assistantScript: 'https://assistant.example/a.js' }],
      ['maps key', { mapsApiKey: 'key-1' }],
      ['another maps key', { mapsApiKey: 'key-2' }],
      ['another menu', { menu: { ...m.en } }],
      ['Arabic', { lang: 'ar', path: '/ar/stories/a', globals: g.ar, menu: m.ar, pageData: pageData('قصة', '/stories/a') }],
      ['not found', { status: 'not-found', pageData: null }],
      ['unavailable', { status: 'unavailable', pageData: null }],
      ['Arabic unavailable', { lang: 'ar', path: '/ar', globals: g.ar, menu: m.ar, status: 'unavailable', pageData: null }],
      ['a footer widget without its HTML', { path: '/idkt', pageData: pageData('IDKT', '/ar/idkt', 'mf-idkt/footer') }],
      ['a footer widget with its HTML', { path: '/idkt', pageData: pageData('IDKT', '/ar/idkt', 'mf-idkt/footer') }, { footer: '<footer>IDKT one</footer>' }],
      ['its HTML changed', { path: '/idkt', pageData: pageData('IDKT', '/ar/idkt', 'mf-idkt/footer') }, { footer: '<footer>IDKT two</footer>' }],
      ['another footer widget', { path: '/idkt', pageData: pageData('IDKT', '/ar/idkt', 'mf-idkt/other') }, { footer: '<footer>IDKT two</footer>' }],
      ['what no part reads', { compositionHash: 'h2', widgets: [{ id: 'mf-forms/newsletter', html: '' }] as unknown as ViewState['widgets'] }],
    ];
    let state = base;
    const seen = new Map<RootName, Set<string>>(names.map((n) => [n, new Set()]));
    for (const [step, patch, chromeHtml = {}] of steps) {
      state = { ...base, ...patch };
      const props: PartProps = { store: createStore(state), onToggleTheme: () => undefined, onSearch: () => undefined };
      for (const name of names) {
        const expected = fresh(name, props, chromeHtml);
        expect({ step, name, html: renderPart(name, props, chromeHtml).toString('utf8') }).toEqual({ step, name, html: expected });
        seen.get(name)!.add(expected);
      }
    }
    // The sequence did change every part (else it would prove nothing about its key).
    for (const name of names) expect({ name, distinct: seen.get(name)!.size > 2 }).toEqual({ name, distinct: true });
  });
});
