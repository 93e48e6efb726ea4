import * as z from '@qf/shared/zod';
import type { Bus } from '@qf/shared/bus';
import type { Lang } from '@qf/shared/i18n';
import type { WidgetId } from './page-data';

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
}

const fn = z.custom<(...args: never[]) => unknown>((v) => typeof v === 'function', 'must be a function');

export const remoteServerModuleSchema = z.object({ render: fn });

/**
 * single-spa lifecycles exposed as `./parcel` in the browser build, and optionally `preload(view)`:
 * fetch a view's code ahead of its mount (the shell calls it for a page the visitor points at).
 */
export const parcelConfigSchema = z.object({ bootstrap: fn, mount: fn, unmount: fn, update: z.optional(fn), preload: z.optional(fn) });
