import * as z from '@qf/shared/zod';
import type { Bus } from '@qf/shared/bus';
import type { Lang } from '@qf/shared/i18n';
import type { WidgetId } from './page-data';
import type { RouteId } from './remotes';

/** How a section reaches widgets of other sections: always through the shell, never directly. */
export interface WidgetHost {
  /** Server: the HTML of a widget, rendered by the section that owns it ('' when unavailable). */
  renderWidget?: (id: WidgetId, props: Record<string, unknown>) => string;
  /**
   * Browser: the server HTML of a widget slot, captured before hydration, when the server rendered it
   * with these props (`widgetKey` included) in this host's language; undefined otherwise.
   */
  serverHtml?: (key: string, props?: Record<string, unknown>) => string | undefined;
  /** Browser: mount the widget into its slot element; returns the unmount. */
  mountWidget?: (element: HTMLElement, id: WidgetId, props: Record<string, unknown>) => () => void;
  /**
   * Server and browser: the address, in the page's language, of another section's page by its route id
   * (declared in the section's `defineRoutes` links) and its parameters; undefined when that page is not
   * known (its section publishes no such route, or a parameter is missing). The shell resolves it from
   * the sections' route manifests, so no section types out another's paths.
   */
  href?: (route: RouteId, params?: Readonly<Record<string, string>>) => string | undefined;
}

/** Props of every view a section renders, on the server and in the browser (the parcel's props). */
export interface ViewProps {
  /** A page template or a widget name of the section. */
  view: string;
  data: unknown;
  lang: Lang;
  bus: Bus;
  host: WidgetHost;
}

/** What a remote exposes as `./server` in its Node build. */
export interface RemoteServerModule {
  render(props: ViewProps): string;
  /**
   * Resolves once every view can render (views in chunks of their own are loaded first): the shell
   * awaits it after loading the module, before its first render. Optional: older builds have none.
   */
  ready?(): Promise<void>;
}

const fn = z.custom<(...args: never[]) => unknown>((v) => typeof v === 'function', 'must be a function');

export const remoteServerModuleSchema = z.object({ render: fn, ready: z.optional(fn) });

/**
 * How long single-spa lets a lifecycle run before it warns in the console. Its defaults warn after 1 s
 * of a mount (and say "3000 ms"), but a mount here includes fetching the section's code from its own
 * server and hydrating it in slices that yield to the browser: on a slow phone or a busy machine that
 * takes seconds without anything being wrong (CI runs under load met it: `events-series`). Warn only
 * when a lifecycle looks stuck; never fail one for being slow. A remote's `./parcel` carries them as
 * `timeouts`; the shell gives these to one that does not.
 */
export const LIFECYCLE_TIMEOUTS = {
  bootstrap: { millis: 30_000, dieOnTimeout: false, warningMillis: 10_000 },
  mount: { millis: 30_000, dieOnTimeout: false, warningMillis: 10_000 },
  update: { millis: 30_000, dieOnTimeout: false, warningMillis: 10_000 },
  unmount: { millis: 30_000, dieOnTimeout: false, warningMillis: 10_000 },
  unload: { millis: 30_000, dieOnTimeout: false, warningMillis: 10_000 },
} as const;

const milliseconds = z.optional(z.number().check(z.positive()));
const lifecycleTimeout = z.object({ millis: milliseconds, dieOnTimeout: z.optional(z.boolean()), warningMillis: milliseconds });

/**
 * single-spa lifecycles exposed as `./parcel` in the browser build, optionally `preload(view)`: fetch a
 * view's code ahead of its mount (the shell calls it for a page the visitor points at), `timeouts`, and
 * `hiddenMount: true` when its mount takes `hidden` (a page made before it is opened, its effects held
 * until an update shows it: the shell makes the page a visitor is likely to open next only then).
 */
export const parcelConfigSchema = z.object({
  hiddenMount: z.optional(z.literal(true)),
  bootstrap: fn,
  mount: fn,
  unmount: fn,
  update: z.optional(fn),
  preload: z.optional(fn),
  timeouts: z.optional(z.partialRecord(z.enum(['bootstrap', 'mount', 'unmount', 'update', 'unload']), lifecycleTimeout)),
});
