/** @jest-environment jsdom */
import { Profiler } from 'react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { parts } from '../src/parts';
import type { RootName } from '../src/boot/protocol';
import { createStore, type ViewState } from '../src/store';
import { createGlobalsReader } from './globals';
import { createMenuReader } from './menu';
import { partsContent, partsPageData, storyViewState } from './parts-fixture';

// In the browser each chrome part re-renders when one of its inputs (parts.tsx `partInputs`) changes,
// and for nothing else: a navigation sets `loading`, may set `slow`, then its announcement, and each
// of those re-rendered every part (the header with its menus) on the phone's main thread. Here in
// jsdom (the content readers are the server's: this test lives beside parts-cache.test.tsx).

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const names = Object.keys(parts) as RootName[];
const pageData = partsPageData;

describe('chrome parts in the browser', () => {
  it('render again for a change of what they show, never for a navigation’s loading, notice or announcement', async () => {
    const store = createStore(storyViewState(await createGlobalsReader(partsContent)('en'), await createMenuReader(partsContent)('en')));
    const renders = new Map<RootName, number>(names.map((n) => [n, 0]));
    const roots = names.map((name) => {
      const Part = parts[name];
      const root = createRoot(document.body.appendChild(document.createElement('div')));
      act(() =>
        root.render(
          <Profiler id={name} onRender={() => renders.set(name, renders.get(name)! + 1)}>
            <Part store={store} onToggleTheme={() => undefined} onSearch={() => undefined} />
          </Profiler>,
        ),
      );
      return root;
    });
    const after = (patch: Partial<ViewState>) => {
      const before = new Map(renders);
      act(() => store.set(patch));
      return Object.fromEntries(names.map((n) => [n, renders.get(n)! - before.get(n)!]));
    };
    expect(after({ loading: true })).toEqual({ header: 0, subheader: 0, status: 0, footer: 0 });
    expect(after({ slow: true })).toEqual({ header: 0, subheader: 0, status: 0, footer: 0 });
    // The new page: the header (its current link) and the breadcrumb follow; the footer shows the same.
    expect(after({ path: '/events', pageData: pageData('Events', '/ar/events'), loading: false, slow: false })).toEqual({ header: 1, subheader: 1, status: 0, footer: 0 });
    expect(after({ announcement: 'Events' })).toEqual({ header: 0, subheader: 0, status: 0, footer: 0 });
    // The theme is the header's (its toggle's label): only the header follows.
    expect(after({ theme: 'light' })).toEqual({ header: expect.any(Number), subheader: 0, status: 0, footer: 0 });
    expect(renders.get('header')).toBeGreaterThan(2);
    // A status page: its own part, the breadcrumb (gone) and the header (no alternate page for the language switch).
    expect(after({ status: 'not-found', pageData: null })).toEqual({ header: 1, subheader: 1, status: 1, footer: 0 });
    act(() => roots.forEach((r) => r.unmount()));
  });
});
