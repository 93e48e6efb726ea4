import type * as SingleSpa from 'single-spa';
import type { Parcel, ParcelConfig } from 'single-spa';
import type { Bus } from '@qf/shared/bus';
import type { Hydration, PageData, RemoteName, WidgetHost, WidgetId } from '@qf/shared/contracts';
import type { Lang } from '@qf/shared/i18n';
import { schedule } from './hydration';
import type { RemoteLoader } from './remotes';
import type { RenderedWidget } from './state';

interface SlotsOptions {
  element: HTMLElement;
  loader: RemoteLoader;
  bus: Bus;
  /** The translated text each parcel's error boundary shows. */
  errorMessage: (lang: Lang) => string;
  /** Server HTML of widget slots, captured before anything hydrated. */
  widgetHtml: Map<string, string>;
  onError: (error: unknown) => void;
}

interface WidgetMount {
  id: WidgetId;
  propsKey: string;
  stop: () => void;
}

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
export function createSlots({ element, loader, bus, errorMessage, widgetHtml, onError }: SlotsOptions) {
  let current: { remote: RemoteName; parcel: Parcel } | undefined;
  let cancelPending: (() => void) | undefined;
  const widgetMounts = new WeakMap<HTMLElement, WidgetMount>();
  const widgetPolicies = new Map<string, Hydration>();
  let earlyWidgets: HTMLElement[] = [];
  const hosts = new Map<Lang, WidgetHost>();
  const hydratedWidgets = new Set<string>();

  function startWidget(el: HTMLElement, id: WidgetId, props: Record<string, unknown>, lang: Lang): () => void {
    const key = String(props.widgetKey ?? '');
    const captured = widgetHtml.get(key);
    // Only the first mount of a widget meets its server HTML; the captured HTML stays readable so the
    // owner's later hydration renders exactly what the server sent.
    const hydrate = captured !== undefined && captured !== '' && !hydratedWidgets.has(key) && el.innerHTML === captured;
    hydratedWidgets.add(key);
    const { remote, view } = widgetRemote(id);
    let parcel: Parcel | undefined;
    let stopped = false;
    const cancel = schedule(hydrate ? (widgetPolicies.get(key) ?? 'eager') : 'eager', el, () => {
      Promise.all([loader.parcel(remote), loadSingleSpa()]).then(
        ([config, spa]) => {
          if (stopped) return;
          parcel = spa.mountRootParcel<Record<string, unknown>>(config as ParcelConfig<Record<string, unknown>>, { domElement: el, view, data: props, lang, bus, host: hostFor(lang), hydrate, errorMessage: errorMessage(lang) });
          parcel.mountPromise.catch(onError);
        },
        (error: unknown) => {
          onError(error);
          if (!hydrate) el.textContent = '';
        },
      );
    });
    return () => {
      stopped = true;
      cancel();
      const mounted = parcel;
      mounted?.mountPromise.then(() => (mounted.getStatus() === 'MOUNTED' ? mounted.unmount() : undefined)).catch(onError);
    };
  }

  function hostFor(lang: Lang): WidgetHost {
    let host = hosts.get(lang);
    if (!host) {
      host = {
        serverHtml: (key) => widgetHtml.get(key),
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

  async function unmountCurrent() {
    cancelPending?.();
    cancelPending = undefined;
    stopEarlyWidgets();
    if (current) {
      const { parcel } = current;
      current = undefined;
      // A parcel still mounting is unmounted once mounted: two roots must never share the slot.
      await parcel.mountPromise.catch(() => undefined);
      if (parcel.getStatus() === 'MOUNTED') await parcel.unmount();
    }
  }

  /** Incremented by every navigation: a mount started for an older page gives up at its next step. */
  let generation = 0;

  async function mount(pageData: PageData, hydrate: boolean, gen: number) {
    const { remote, page, lang } = pageData.result;
    const [config, spa] = await Promise.all([loader.parcel(remote), loadSingleSpa()]);
    if (gen !== generation) return;
    const parcel = spa.mountRootParcel<Record<string, unknown>>(config as ParcelConfig<Record<string, unknown>>, {
      domElement: element,
      view: page.template,
      data: page.data,
      lang,
      bus,
      host: hostFor(lang),
      hydrate,
      errorMessage: errorMessage(lang),
    });
    current = { remote, parcel };
    await parcel.mountPromise;
  }

  return {
    /**
     * First load: the server HTML is already on screen. Widgets and the owner's parcel hydrate it when
     * their policies say; until then links and text work as plain HTML.
     */
    hydrate(pageData: PageData, widgets: readonly RenderedWidget[]) {
      for (const w of widgets) widgetPolicies.set(w.key, w.hydration);
      for (const w of widgets) {
        const el = element.querySelector<HTMLElement>(`[data-qf-key="${CSS.escape(w.key)}"]`);
        if (!el) continue;
        earlyWidgets.push(el);
        hostFor(pageData.result.lang).mountWidget!(el, w.id, w.props);
      }
      const gen = generation;
      cancelPending = schedule(pageData.result.page.hydration, element, () => {
        cancelPending = undefined;
        mount(pageData, true, gen).catch(onError);
      });
    },

    /** Client-side navigation: update the owner's parcel in place, or swap sections. */
    async show(pageData: PageData) {
      const gen = ++generation;
      const { remote, page, lang } = pageData.result;
      if (current && current.remote === remote && current.parcel.getStatus() === 'MOUNTED' && current.parcel.update) {
        await current.parcel.update({ domElement: element, view: page.template, data: page.data, lang, bus, host: hostFor(lang), hydrate: false, errorMessage: errorMessage(lang) });
        return;
      }
      await unmountCurrent();
      if (gen !== generation) return;
      element.innerHTML = '';
      await mount(pageData, false, gen);
    },

    /** The page is a shell page (404, 500, 503): no section is mounted. */
    async clear() {
      ++generation;
      await unmountCurrent();
      element.innerHTML = '';
    },
  };
}

export type Slots = ReturnType<typeof createSlots>;
