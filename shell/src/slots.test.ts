/** @jest-environment jsdom */
import type { PageData } from '@qf/shared/contracts';
import { createBus } from '@qf/shared/bus';
import { captureWidgets, capturedHtml, createSlots, MADE_AHEAD_MARK, SHOWN_AHEAD_MARK } from './slots';

describe('the server HTML of widget slots', () => {
  const newsletter = { key: 'mf-forms/NewsletterSignup#default', id: 'mf-forms/NewsletterSignup' as const, hydration: 'visible' as const };
  const page = () => {
    const slot = document.createElement('div');
    slot.innerHTML = `
      <div data-qf-widget="mf-forms/NewsletterSignup" data-qf-key="mf-forms/NewsletterSignup#default"><form><label>Email</label></form></div>
      <div data-qf-widget="mf-forms/Poll" data-qf-key="mf-forms/Poll#default"><p>A poll the state does not describe</p></div>`;
    return slot;
  };

  it('is given back for the language and props the server rendered it with, whatever the order of the props', () => {
    const captured = captureWidgets(page(), 'en', [{ ...newsletter, props: { list: 'general', widgetKey: newsletter.key } }]);
    expect(capturedHtml(captured, newsletter.key, 'en', { widgetKey: newsletter.key, list: 'general' })).toBe('<form><label>Email</label></form>');
    // A caller that cannot say the props gets it for the language alone.
    expect(capturedHtml(captured, newsletter.key, 'en')).toBe('<form><label>Email</label></form>');
  });

  it('is not given to a later page that places the same widget in the other language or with other props', () => {
    const captured = captureWidgets(page(), 'en', [{ ...newsletter, props: { list: 'general', widgetKey: newsletter.key } }]);
    expect(capturedHtml(captured, newsletter.key, 'ar', { list: 'general', widgetKey: newsletter.key })).toBeUndefined();
    expect(capturedHtml(captured, newsletter.key, 'ar')).toBeUndefined();
    expect(capturedHtml(captured, newsletter.key, 'en', { list: 'idkt-quarterly', widgetKey: newsletter.key })).toBeUndefined();
  });

  it('leaves out a slot the state does not describe, and knows no other key', () => {
    const captured = captureWidgets(page(), 'en', [{ ...newsletter, props: { widgetKey: newsletter.key } }]);
    expect([...captured.keys()]).toEqual([newsletter.key]);
    expect(capturedHtml(captured, 'mf-forms/Poll#default', 'en')).toBeUndefined();
    expect(capturedHtml(captured, 'mf-events/Countdown#default', 'en')).toBeUndefined();
  });
});

describe('a page made before it is opened', () => {
  const page = (path: string, template: string, remote: 'mf-events' | 'mf-content' = 'mf-events'): PageData => ({
    path,
    componentChunkName: `${remote}/${template}`,
    webpackCompilationHash: 'h',
    staticQueryHashes: [],
    slicesMap: {},
    result: { lang: 'en', remote, page: { template, head: { title: template, description: '', alternatePath: `/ar${path}` }, data: { title: template }, widgets: [], hydration: 'idle' }, remotes: [] },
  });
  type Props = { domElement: HTMLElement; view: string; data: { title: string }; hidden?: boolean; name: string; onRenderError: (error: unknown) => void };
  /** A section's parcel that writes its page's title, hidden while `hidden` says so, and records what it was asked. */
  function section(hiddenMount: boolean) {
    const calls: string[] = [];
    const write = (props: Props) => {
      // A broken view tells of its failure each time it renders (as the parcel's error boundary does).
      if (props.view === 'broken') props.onRenderError(new Error('a section bug'));
      props.domElement.innerHTML = `<h1 style="${props.hidden ? 'display: none' : ''}">${props.data.title}</h1>`;
    };
    const config = {
      ...(hiddenMount ? { hiddenMount: true } : {}),
      bootstrap: async () => undefined,
      mount: async (props: Props) => {
        calls.push(`mount ${props.view}${props.hidden === undefined ? '' : ` hidden=${String(props.hidden)}`}`);
        write(props);
      },
      update: async (props: Props) => {
        calls.push(`update ${props.view}${props.hidden === undefined ? '' : ` hidden=${String(props.hidden)}`}`);
        write(props);
      },
      unmount: async (props: Props) => {
        calls.push(`unmount ${props.view}`);
        props.domElement.innerHTML = '';
      },
    };
    return { calls, config };
  }
  function setUp(hiddenMount = true) {
    document.body.innerHTML = '<main><div id="slot"><div data-qf-section=""><h1>A story</h1></div></div></main>';
    const element = document.getElementById('slot')!;
    const { calls, config } = section(hiddenMount);
    const failures: string[] = [];
    const slots = createSlots({
      element,
      loader: { parcel: async () => config, ensure: () => undefined } as never,
      bus: createBus(),
      errorMessage: () => 'This part of the page could not be displayed.',
      widgetHtml: new Map(),
      schedule: () => () => undefined,
      onError: (_error, failure) => void failures.push(`${failure?.remote ?? ''} ${failure?.kind ?? ''}`),
      links: { learn: () => undefined, hrefFor: () => () => undefined } as never,
    });
    const onScreen = () => [...element.querySelectorAll<HTMLElement>(':scope > [data-qf-section]')].filter((c) => !c.hidden).map((c) => c.textContent);
    return { element, calls, slots, onScreen, failures };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

  it('is made hidden, outside the document, and only shown when the visitor opens it', async () => {
    // What tools read on the page's performance timeline (jsdom keeps no marks).
    const marks: [string, unknown][] = [];
    performance.mark = ((name: string, options?: PerformanceMarkOptions) => void marks.push([name, options?.detail])) as unknown as typeof performance.mark;
    const { calls, slots, onScreen } = setUp();
    const events = page('/events', 'events');
    slots.prepare(events);
    await settle();
    expect(calls).toEqual(['mount events hidden=true']);
    // The page on screen is untouched; the one made ahead waits outside the document (no second h1 in it).
    expect(onScreen()).toEqual(['A story']);
    expect([...document.querySelectorAll('h1')].map((h) => h.textContent)).toEqual(['A story']);
    expect(marks).toEqual([[MADE_AHEAD_MARK, '/events']]);
    await slots.show(events);
    expect(calls).toEqual(['mount events hidden=true', 'update events hidden=false']);
    expect(marks).toEqual([[MADE_AHEAD_MARK, '/events'], [SHOWN_AHEAD_MARK, '/events']]);
    expect(onScreen()).toEqual(['events']);
    expect([...document.querySelectorAll('h1')].map((h) => [h.textContent, h.style.display])).toEqual([['events', '']]);
  });

  it('is given up (unmounted, its element gone) when the visitor opens another page, which is made as before', async () => {
    const { calls, slots, onScreen } = setUp();
    slots.prepare(page('/events', 'events'));
    await settle();
    await slots.show(page('/experts', 'experts'));
    await settle();
    expect(calls).toEqual(['mount events hidden=true', 'unmount events', 'mount experts']);
    expect(onScreen()).toEqual(['experts']);
    expect([...document.querySelectorAll('h1')].map((h) => h.textContent)).toEqual(['experts']);
  });

  it('is one page at a time: making another gives up the first', async () => {
    const { element, calls, slots } = setUp();
    slots.prepare(page('/events', 'events'));
    const experts = page('/experts', 'experts');
    slots.prepare(experts);
    slots.prepare(experts);
    await settle();
    expect(calls).toEqual(['mount events hidden=true', 'mount experts hidden=true', 'unmount events']);
    expect(element.querySelectorAll('[data-qf-section]')).toHaveLength(1);
  });

  it('counts a view that fails while hidden for its release only once the page is shown', async () => {
    const { slots, failures } = setUp();
    const broken = page('/events', 'broken');
    slots.prepare(broken);
    await settle();
    expect(failures).toEqual([]);
    await slots.show(broken);
    expect(failures).toEqual(['mf-events render']);
  });

  it('is never made by a section that cannot render a page hidden (it would run the page’s effects)', async () => {
    const { calls, slots, onScreen } = setUp(false);
    const events = page('/events', 'events');
    slots.prepare(events);
    await settle();
    expect(calls).toEqual([]);
    await slots.show(events);
    expect(calls).toEqual(['mount events']);
    expect(onScreen()).toEqual(['events']);
  });
});
