/** @jest-environment jsdom */
import { useEffect, useId } from 'react';
import { renderToString } from 'react-dom/server';
import { createServerRenderer } from '@qf/shared/render';
import { createBus } from '@qf/shared/bus';
import { createSectionParcel } from '@qf/shared/parcel';
import { SectionRoot, type SectionDefinition } from '@qf/shared/react';

function Hello({ data }: { data: { name: string } }) {
  return <h1>Hello {data.name}</h1>;
}
/** A view long enough to render that React, rendering it in a transition, yields to the browser midway. */
function Slow({ data }: { data: { name: string } }) {
  const Item = ({ n }: { n: number }) => {
    const until = performance.now() + 3;
    while (performance.now() < until);
    return <li>{n}</li>;
  };
  return (
    <>
      <h1>{data.name}</h1>
      <ul>{Array.from({ length: 20 }, (_, n) => <Item key={n} n={n} />)}</ul>
    </>
  );
}
function Broken(): never {
  throw new Error('a section bug');
}

function Labelled({ data }: { data: { label: string } }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{data.label}</h2>
    </section>
  );
}

const section: SectionDefinition = { name: 'demo', translations: { ns: 'demo', en: {}, ar: {} }, views: { hello: Hello as never, broken: Broken, labelled: Labelled as never, slow: Slow as never } };
const parcel = createSectionParcel(section);
const base = { bus: createBus(), host: {}, lang: 'en' as const, errorMessage: 'This part of the page could not be displayed.' };
const flush = () => new Promise((r) => setTimeout(r, 20));

describe('a section parcel', () => {
  it('lets single-spa warn only about a lifecycle that looks stuck, and never fail one for being slow', () => {
    // A mount fetches the section's code and hydrates in slices: seconds on a slow phone, not a fault.
    for (const lifecycle of ['bootstrap', 'mount', 'update', 'unmount'] as const) {
      expect(parcel.timeouts[lifecycle]).toEqual({ millis: 30_000, dieOnTimeout: false, warningMillis: 10_000 });
    }
  });

  it('gives two widgets of one page different ids, the same on the server and after hydration', async () => {
    const { render } = createServerRenderer(section);
    const els = ['a#home', 'b#story'].map((widgetKey) => {
      const el = document.createElement('div');
      el.innerHTML = render({ ...base, view: 'labelled', data: { label: widgetKey, widgetKey } });
      document.body.append(el);
      return { el, widgetKey, serverHtml: el.innerHTML };
    });
    const ids = els.map(({ el }) => el.querySelector('h2')!.id);
    expect(new Set(ids).size).toBe(2);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const [i, { el, widgetKey }] of els.entries()) {
      const props = { ...base, name: `w${i}`, domElement: el, view: 'labelled', data: { label: widgetKey, widgetKey }, hydrate: true };
      await parcel.mount(props);
    }
    await flush();
    expect(errors).not.toHaveBeenCalled();
    expect(els.map(({ el }) => el.querySelector('h2')!.id)).toEqual(ids);
    expect(els.map(({ el }) => el.querySelector('section')!.getAttribute('aria-labelledby'))).toEqual(ids);
    errors.mockRestore();
    for (const [i, { el }] of els.entries()) await parcel.unmount({ name: `w${i}`, domElement: el } as never);
  });

  it('hydrates server markup without a mismatch, then updates and unmounts', async () => {
    const el = document.createElement('div');
    document.body.append(el);
    el.innerHTML = renderToString(<SectionRoot section={section} view="hello" data={{ name: 'Doha' }} {...base} />);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const props = { ...base, name: 'p1', domElement: el, view: 'hello', data: { name: 'Doha' }, hydrate: true };
    await parcel.bootstrap(props as never);
    await parcel.mount(props);
    await flush();
    expect(el.textContent).toBe('Hello Doha');
    await parcel.update({ ...props, data: { name: 'الدوحة' }, hydrate: false } as never);
    expect(el.textContent).toBe('Hello الدوحة');
    await parcel.unmount(props as never);
    expect(el.textContent).toBe('');
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('resolves an update only once the new page is on screen, however long it takes to render', async () => {
    // The shell moves the focus to the new page's heading as soon as the update resolves (SPEC: focus
    // on route change): resolved before React's commit, it would focus the old heading, then lose it.
    const el = document.createElement('div');
    document.body.append(el);
    const props = { ...base, name: 'p5', domElement: el, view: 'hello', data: { name: 'Technology database' }, hydrate: false };
    await parcel.mount(props);
    await flush();
    await parcel.update({ ...props, view: 'slow', data: { name: 'Smart anti-corrosion coating for pipelines' } } as never);
    expect(el.querySelector('h1')?.textContent).toBe('Smart anti-corrosion coating for pipelines');
    expect(el.querySelectorAll('li')).toHaveLength(20);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await parcel.update({ ...props, view: 'broken', data: null } as never);
    expect(el.querySelector('[role="alert"]')?.textContent).toBe('This part of the page could not be displayed.');
    await parcel.update({ ...props, view: 'slow', data: { name: 'Lusail' } } as never);
    expect(el.querySelector('[role="alert"]')?.textContent).toBe('This part of the page could not be displayed.');
    await parcel.unmount(props as never);
  });

  it('makes a page hidden without running its effects, then shows what it made and runs them', async () => {
    const effects: string[] = [];
    function Next({ data }: { data: { name: string } }) {
      useEffect(() => {
        effects.push(`effect ${data.name}`);
      }, [data.name]);
      return <h1>{data.name}</h1>;
    }
    const withNext = createSectionParcel({ ...section, views: { ...section.views, next: Next as never } });
    expect(withNext.hiddenMount).toBe(true);
    const el = document.createElement('div');
    document.body.append(el);
    const props = { ...base, name: 'p7', domElement: el, view: 'next', data: { name: 'Events' }, hydrate: false, hidden: true };
    await withNext.mount(props);
    await flush();
    const heading = el.querySelector('h1');
    expect(heading?.textContent).toBe('Events');
    expect(heading?.style.display).toBe('none');
    expect(effects).toEqual([]);
    await withNext.update({ ...props, hidden: false } as never);
    await flush();
    // The element made hidden is the one shown (not made again), and its effects ran once.
    expect(el.querySelector('h1')).toBe(heading);
    expect(heading?.style.display).toBe('');
    expect(effects).toEqual(['effect Events']);
    await withNext.unmount(props as never);
  });

  it('tells of a view that threw while hidden through the callback it has once shown (a page never opened is not counted)', async () => {
    const el = document.createElement('div');
    const whileHidden = jest.fn();
    const shown = jest.fn();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const props = { ...base, name: 'p8', domElement: el, view: 'broken', data: null, hydrate: false, hidden: true, onRenderError: whileHidden };
    await parcel.mount(props);
    await flush();
    await parcel.update({ ...props, hidden: false, onRenderError: shown } as never);
    await flush();
    expect(el.querySelector('[role="alert"]')?.textContent).toBe('This part of the page could not be displayed.');
    expect(shown).toHaveBeenCalledTimes(1);
    await parcel.unmount(props as never);
    errors.mockRestore();
  });

  it('does not leave an update waiting when its root goes before it is on screen', async () => {
    const el = document.createElement('div');
    const props = { ...base, name: 'p6', domElement: el, view: 'hello', data: { name: 'Doha' }, hydrate: false };
    await parcel.mount(props);
    await flush();
    const early = parcel.update({ ...props, view: 'slow', data: { name: 'Lusail' } } as never);
    await parcel.unmount(props as never);
    await expect(early).resolves.toBeUndefined();
    // Unmounted at every point of the update's render: it settles each time.
    for (const wait of [0, 1, 5, 20]) {
      await parcel.mount(props);
      await flush();
      const late = parcel.update({ ...props, view: 'slow', data: { name: 'Lusail' } } as never);
      await new Promise((r) => setTimeout(r, wait));
      await parcel.unmount(props as never);
      await expect(late).resolves.toBeUndefined();
    }
  });

  it('reports a hydration mismatch (the check above can fail)', async () => {
    const el = document.createElement('div');
    el.innerHTML = renderToString(<SectionRoot section={section} view="hello" data={{ name: 'server' }} {...base} />);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const reported: string[] = [];
    const onError = (event: ErrorEvent) => {
      reported.push(String(event.error?.message ?? event.message));
      event.preventDefault();
    };
    window.addEventListener('error', onError);
    const told: [string, string | undefined][] = [];
    const props = { ...base, name: 'p2', domElement: el, view: 'hello', data: { name: 'browser' }, hydrate: true, onRenderError: (e: unknown, kind?: string) => told.push([String((e as Error).message), kind]) };
    await parcel.mount(props);
    await flush();
    window.removeEventListener('error', onError);
    expect([...reported, ...errors.mock.calls.flat().map(String)].join(' ')).toMatch(/Hydration failed/);
    // And the shell is told, for the release's health.
    expect(told.length).toBeGreaterThanOrEqual(1);
    expect(told[0]).toEqual([expect.stringMatching(/Hydration failed/), 'hydration']);
    expect(el.textContent).toBe('Hello browser');
    await parcel.unmount(props as never);
    errors.mockRestore();
  });

  it('shows its error message instead of blanking the page when a view throws', async () => {
    const el = document.createElement('div');
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const told: [string, string | undefined][] = [];
    const props = { ...base, name: 'p3', domElement: el, view: 'broken', data: null, hydrate: false, onRenderError: (e: unknown, kind?: string) => told.push([String((e as Error).message), kind]) };
    await parcel.mount(props);
    await flush();
    expect(el.querySelector('[role="alert"]')?.textContent).toBe('This part of the page could not be displayed.');
    expect(told).toEqual([['a section bug', 'render']]);
    await parcel.unmount(props as never);
  });
});

describe('a section parcel with views loaded on demand', () => {
  it('loads a view only when it is first shown, before rendering it', async () => {
    const loader = jest.fn(async () => Hello as never);
    const lazy = createSectionParcel({ name: 'lazy', translations: { ns: 'lazy', en: {}, ar: {} }, views: {} }, { hello: loader, other: jest.fn() });
    const el = document.createElement('div');
    const props = { ...base, name: 'p4', domElement: el, view: 'hello', data: { name: 'Lusail' }, hydrate: false };
    await lazy.bootstrap(props as never);
    await lazy.mount(props);
    await flush();
    expect(el.textContent).toBe('Hello Lusail');
    await lazy.update({ ...props, data: { name: 'Doha' } } as never);
    expect(loader).toHaveBeenCalledTimes(1);
    await lazy.unmount(props as never);
  });
});
