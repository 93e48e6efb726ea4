import type * as SingleSpa from 'single-spa';
import type { Parcel, ParcelConfig } from 'single-spa';
import type { Bus } from '@qf/shared/bus';
import type { Hydration, PageData, RemoteName, WidgetHost, WidgetId } from '@qf/shared/contracts';
import type { Lang } from '@qf/shared/i18n';
import type { LinkBook } from './links';
import type { RemoteLoader } from './remotes';
import { SECTION_ATTR } from './state-ids';
import type { RenderedWidget } from './state';

interface SlotsOptions {
  /** The main slot; the server puts the owner's HTML in a `[data-qf-section]` element inside it. */
  element: HTMLElement;
  loader: RemoteLoader;
  bus: Bus;
  /** The translated text each parcel's error boundary shows. */
  errorMessage: (lang: Lang) => string;
  /** Server HTML of widget slots, captured before anything hydrated (captureWidgets). */
  widgetHtml: CapturedWidgets;
  /** Runs `start` when the policy of `key` fires (the boot's triggers, shared with what fetched the app). */
  schedule: (key: string, policy: Hydration, element: HTMLElement, start: () => void) => () => void;
  /** A failure, and when it is a remote's (its code did not mount, or its view threw): which, and how. */
  onError: (error: unknown, failure?: RemoteFailure) => void;
  /** Links to other sections' pages (WidgetHost.href), learnt from each page's data. */
  links: LinkBook;
}

/** A section or widget of a remote that failed in this browser: what release health counts (issue 12). */
export interface RemoteFailure {
  remote: RemoteName;
  kind: 'mount' | 'render' | 'hydration';
}

/** A widget slot's server HTML, captured before anything hydrated, with what the server rendered it for. */
export interface CapturedWidget {
  html: string;
  lang: Lang;
  props: Record<string, unknown>;
}
export type CapturedWidgets = ReadonlyMap<string, CapturedWidget>;

/** JSON with object keys sorted: the same props give the same text whatever order they were built in. */
const stableJson = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );

/**
 * The widget slots of the server's page (`[data-qf-widget]` in `slot`) with the language and props
 * the server rendered each for (the state's widgets); a slot the state does not describe is left out.
 */
export function captureWidgets(slot: ParentNode, lang: Lang, widgets: readonly RenderedWidget[]): Map<string, CapturedWidget> {
  const captured = new Map<string, CapturedWidget>();
  slot.querySelectorAll<HTMLElement>('[data-qf-widget]').forEach((el) => {
    const key = el.dataset.qfKey ?? '';
    const widget = widgets.find((w) => w.key === key);
    if (widget) captured.set(key, { html: el.innerHTML, lang, props: widget.props });
  });
  return captured;
}

/**
 * The server HTML of a widget slot for a placement in `lang` with `props`: only when the server
 * rendered it so. A later page (client-side navigation) placing the same widget under the same key in
 * the other language or with other props must neither show it nor hydrate against it (the English
 * newsletter form came back on the Arabic home page, and React's hydration failed: error 418).
 */
export function capturedHtml(captured: CapturedWidgets, key: string, lang: Lang, props?: Record<string, unknown>): string | undefined {
  const widget = captured.get(key);
  if (!widget || widget.lang !== lang) return undefined;
  if (props !== undefined && stableJson(props) !== stableJson(widget.props)) return undefined;
  return widget.html;
}

interface WidgetMount {
  id: WidgetId;
  propsKey: string;
  stop: () => void;
}

/** Performance marks (detail: the page's path) of a page made ahead (`prepare`), and of one shown so. */
export const MADE_AHEAD_MARK = 'qf:page-made-ahead';
export const SHOWN_AHEAD_MARK = 'qf:page-shown-made-ahead';

/** single-spa is needed only once a section mounts, which pages that hydrate on idle do late. */
let singleSpa: Promise<typeof SingleSpa> | undefined;
const loadSingleSpa = () => (singleSpa ??= import(/* webpackChunkName: "single-spa" */ 'single-spa'));

const widgetRemote = (id: WidgetId) => {
  const [remote, view] = id.split('/') as [RemoteName, string];
  return { remote, view };
};

/**
 * Mounts, updates and unmounts the parcels of the page: the owner's in the main slot and the widgets
 * it places. Every mount sits behind a boundary: a failure leaves the server HTML (or an inline
 * message) in that slot and nothing else.
 */
export function createSlots({ element, loader, bus, errorMessage, widgetHtml, schedule, onError, links }: SlotsOptions) {
  let current: { remote: RemoteName; parcel: Parcel; container: HTMLElement } | undefined;
  let cancelPending: (() => void) | undefined;
  const widgetMounts = new WeakMap<HTMLElement, WidgetMount>();
  const widgetPolicies = new Map<string, Hydration>();
  let earlyWidgets: HTMLElement[] = [];
  const hosts = new Map<Lang, WidgetHost>();
  const hydratedWidgets = new Set<string>();

  function startWidget(el: HTMLElement, id: WidgetId, props: Record<string, unknown>, lang: Lang): () => void {
    const key = String(props.widgetKey ?? '');
    const captured = capturedHtml(widgetHtml, key, lang, props);
    // Only the first mount of a widget meets its server HTML; the captured HTML stays readable so the
    // owner's later hydration renders exactly what the server sent.
    const hydrate = captured !== undefined && captured !== '' && !hydratedWidgets.has(key) && el.innerHTML === captured;
    hydratedWidgets.add(key);
    const { remote, view } = widgetRemote(id);
    let parcel: Parcel | undefined;
    let stopped = false;
    const begin = (start: () => void) => (hydrate ? schedule(`widget:${key}`, widgetPolicies.get(key) ?? 'eager', el, start) : (start(), () => undefined));
    const cancel = begin(() => {
      Promise.all([loader.parcel(remote), loadSingleSpa()]).then(
        ([config, spa]) => {
          if (stopped) return;
          parcel = spa.mountRootParcel<Record<string, unknown>>(config as ParcelConfig<Record<string, unknown>>, { domElement: el, view, data: props, lang, bus, host: hostFor(lang), hydrate, errorMessage: errorMessage(lang), onRenderError: renderFailed(remote) });
          // The boot holds a form of this widget sent before now, and sends it again once this is set.
          parcel.mountPromise.then(() => void (!stopped && el.setAttribute('data-qf-mounted', '')), (error: unknown) => onError(error, { remote, kind: 'mount' }));
        },
        (error: unknown) => {
          onError(error, { remote, kind: 'mount' });
          if (!hydrate) el.textContent = '';
        },
      );
    });
    return () => {
      stopped = true;
      cancel();
      el.removeAttribute('data-qf-mounted');
      const mounted = parcel;
      mounted?.mountPromise.then(() => (mounted.getStatus() === 'MOUNTED' ? mounted.unmount() : undefined)).catch(onError);
    };
  }

  function hostFor(lang: Lang): WidgetHost {
    let host = hosts.get(lang);
    if (!host) {
      host = {
        serverHtml: (key, props) => capturedHtml(widgetHtml, key, lang, props),
        href: links.hrefFor(lang),
        mountWidget(el, id, props) {
          const propsKey = JSON.stringify(props);
          const existing = widgetMounts.get(el);
          if (existing && existing.id === id && existing.propsKey === propsKey) {
            earlyWidgets = earlyWidgets.filter((e) => e !== el);
          } else {
            existing?.stop();
            widgetMounts.set(el, { id, propsKey, stop: startWidget(el, id, props, lang) });
          }
          return () => {
            widgetMounts.get(el)?.stop();
            widgetMounts.delete(el);
          };
        },
      };
      hosts.set(lang, host);
    }
    return host;
  }

  function stopEarlyWidgets() {
    for (const el of earlyWidgets) {
      widgetMounts.get(el)?.stop();
      widgetMounts.delete(el);
    }
    earlyWidgets = [];
  }

  /** The section container of the server's HTML (created around the slot's content if missing). */
  function serverContainer(): HTMLElement {
    const existing = element.querySelector<HTMLElement>(`:scope > [${SECTION_ATTR}]`);
    if (existing) return existing;
    const container = document.createElement('div');
    container.setAttribute(SECTION_ATTR, '');
    container.append(...element.childNodes);
    element.append(container);
    return container;
  }

  async function unmount(section: { parcel: Parcel; container: HTMLElement } | undefined) {
    if (!section) return;
    // A parcel still mounting is unmounted once mounted: two roots must never share a container.
    await section.parcel.mountPromise.catch(() => undefined);
    if (section.parcel.getStatus() === 'MOUNTED') await section.parcel.unmount();
    section.container.remove();
  }

  function leaveServerPage() {
    cancelPending?.();
    cancelPending = undefined;
    stopEarlyWidgets();
  }

  /** What a parcel calls when a view of `remote` threw while rendering, or its hydration did not match. */
  const renderFailed = (remote: RemoteName) => (error: unknown, kind: 'render' | 'hydration' = 'render') => onError(error, { remote, kind });

  /** Incremented by every navigation: a mount started for an older page gives up at its next step. */
  let generation = 0;

  type Section = { remote: RemoteName; parcel: Parcel; container: HTMLElement };

  /** The props of a page's parcel (`hidden`: made before it is shown, see `prepare`). */
  const pageProps = (pageData: PageData, container: HTMLElement, hydrate: boolean, hidden?: boolean) => {
    const { remote, page, lang } = pageData.result;
    // A view that throws while its page is hidden is told of when the page is shown (the update's
    // callback): a page never opened counts no failure for its release.
    const onRenderError = hidden ? () => undefined : renderFailed(remote);
    return { domElement: container, view: page.template, data: page.data, lang, bus, host: hostFor(lang), hydrate, errorMessage: errorMessage(lang), onRenderError, ...(hidden === undefined ? {} : { hidden }) };
  };

  /**
   * Mounts a page's parcel; undefined when a later navigation began meanwhile (`gen`), or, for a page
   * made ahead (`hidden`, no generation), when its section cannot render a page hidden.
   */
  async function mount(pageData: PageData, container: HTMLElement, hydrate: boolean, gen: number | 'ahead'): Promise<Section | undefined> {
    const { remote } = pageData.result;
    const [config, spa] = await Promise.all([loader.parcel(remote), loadSingleSpa()]);
    if (gen === 'ahead' ? (config as { hiddenMount?: boolean }).hiddenMount !== true : gen !== generation) return undefined;
    const parcel = spa.mountRootParcel<Record<string, unknown>>(config as ParcelConfig<Record<string, unknown>>, pageProps(pageData, container, hydrate, gen === 'ahead' ? true : undefined));
    const section = { remote, parcel, container };
    await parcel.mountPromise;
    return section;
  }

  /** The page made ahead (`prepare`), hidden and outside the document until it is shown or given up. */
  let prepared: { pageData: PageData; section: Promise<Section | undefined> } | undefined;

  /** Gives up the page made ahead: its parcel is unmounted (its container, never in the document, goes with it). */
  function giveUpPrepared() {
    const ahead = prepared;
    prepared = undefined;
    if (!ahead) return;
    void ahead.section.then((section) => unmount(section));
  }

  /** The page's section takes the place of the page on screen (the one before is unmounted). */
  function swapIn(section: Section) {
    leaveServerPage();
    const previous = current;
    const shown = [...element.querySelectorAll<HTMLElement>(`:scope > [${SECTION_ATTR}]`)].filter((c) => c !== section.container);
    for (const c of shown) c.hidden = true;
    if (section.container.parentElement !== element) element.append(section.container);
    section.container.hidden = false;
    section.container.setAttribute('data-qf-mounted', '');
    current = section;
    void unmount(previous);
    // The server's section, never hydrated, has no parcel: its HTML just goes.
    for (const c of shown) if (c !== previous?.container) c.remove();
  }

  return {
    /**
     * First load: the server HTML is already on screen. Widgets and the owner's parcel hydrate it when
     * their policies say; until then links and text work as plain HTML.
     */
    hydrate(pageData: PageData, widgets: readonly RenderedWidget[]): Promise<void> {
      links.learn(pageData);
      for (const w of widgets) widgetPolicies.set(w.key, w.hydration);
      for (const w of widgets) {
        const el = element.querySelector<HTMLElement>(`[data-qf-key="${CSS.escape(w.key)}"]`);
        if (!el) continue;
        earlyWidgets.push(el);
        hostFor(pageData.result.lang).mountWidget!(el, w.id, w.props);
      }
      const gen = generation;
      const container = serverContainer();
      return new Promise<void>((resolve) => {
        cancelPending = schedule('slot:main', pageData.result.page.hydration, element, () => {
          cancelPending = undefined;
          mount(pageData, container, true, gen)
            .then((section) => {
              if (!section) return;
              // For tests and tools: the server's section is interactive.
              section.container.setAttribute('data-qf-mounted', '');
              if (gen !== generation) return void unmount(section);
              current = section;
            }, (error: unknown) => onError(error, { remote: pageData.result.remote, kind: 'mount' }))
            .finally(resolve);
        });
      });
    },

    /** Fetch the code of the section that renders this page (a link the visitor points at). */
    preload(pageData: PageData) {
      const { remote, page } = pageData.result;
      loader.ensure(pageData.result.remotes);
      loader
        .parcel(remote)
        .then((config) => (config as { preload?: (view: string) => Promise<void> }).preload?.(page.template))
        .catch(() => undefined);
    },

    /**
     * Client-side navigation: the owner's parcel updates in place; another section renders off screen
     * and takes the place of the page on screen only once it has rendered (the visitor never sees an
     * empty page while its code loads). Resolves after the swap.
     */
    async show(pageData: PageData) {
      links.learn(pageData);
      const gen = ++generation;
      const { remote } = pageData.result;
      // The page made ahead, if it is this one (the same page data): shown as it was made.
      const ahead = prepared?.pageData === pageData ? prepared : undefined;
      if (ahead) prepared = undefined;
      else giveUpPrepared();
      const made = ahead && (await ahead.section);
      if (ahead && gen !== generation) return void unmount(made);
      if (ahead && made?.parcel.getStatus() === 'MOUNTED' && made.parcel.update) {
        await made.parcel.update(pageProps(pageData, made.container, false, false));
        if (gen !== generation) return void unmount(made);
        swapIn(made);
        // For tools and tests: this navigation showed a page made ahead.
        performance.mark?.(SHOWN_AHEAD_MARK, { detail: pageData.path });
        return;
      }
      if (ahead) void unmount(made);
      if (gen !== generation) return;
      if (current && current.remote === remote && current.parcel.getStatus() === 'MOUNTED' && current.parcel.update) {
        await current.parcel.update(pageProps(pageData, current.container, false));
        return;
      }
      const next = document.createElement('div');
      next.setAttribute(SECTION_ATTR, '');
      next.hidden = true;
      element.append(next);
      let section: Awaited<ReturnType<typeof mount>>;
      try {
        section = await mount(pageData, next, false, gen);
      } catch (error) {
        next.remove();
        throw error;
      }
      if (!section || gen !== generation) {
        void unmount(section ?? undefined).finally(() => next.remove());
        return;
      }
      swapIn(section);
    },

    /**
     * Makes a page before it is opened (the one the visitor is likely to open next, its data and code
     * fetched): its section renders it hidden, outside the document, at React's lowest priority and
     * without its effects; `show` of the same page data then only shows it. One page at a time: making
     * another gives the first up. Nothing for a section that cannot render a page hidden.
     */
    prepare(pageData: PageData) {
      if (prepared?.pageData === pageData) return;
      giveUpPrepared();
      // What its render needs, as a navigation gives it before showing a page: its links to other
      // sections' pages and the remotes of its widgets.
      links.learn(pageData);
      loader.ensure(pageData.result.remotes);
      // Outside the document until it is shown: nothing of it is laid out, announced, found by a query or
      // a hydrating server page, and a page given up leaves nothing behind.
      const container = document.createElement('div');
      container.setAttribute(SECTION_ATTR, '');
      container.hidden = true;
      const section = mount(pageData, container, false, 'ahead').catch(() => undefined);
      prepared = { pageData, section };
      // For tools and tests: the page is made (its section mounted it hidden).
      void section.then((made) => made && performance.mark?.(MADE_AHEAD_MARK, { detail: pageData.path }));
    },

    /** The page is a shell page (404, 500, 503): no section is mounted. */
    async clear() {
      ++generation;
      giveUpPrepared();
      leaveServerPage();
      const previous = current;
      current = undefined;
      await unmount(previous);
      element.replaceChildren();
    },
  };
}

export type Slots = ReturnType<typeof createSlots>;

