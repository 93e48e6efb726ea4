import { createContext } from 'react';
import type { Parcel, ParcelConfig } from 'single-spa';
import type { Bus } from '@qf/shared/bus';
import type { ChromeSite, ChromeSlot, ChromeWidget, RemoteName } from '@qf/shared/contracts';
import type { Lang } from '@qf/shared/i18n';
import { schedule } from './hydration';
import type { LinkBook } from './links';
import type { RemoteLoader } from './remotes';
import type { RemoteFailure } from './slots';
import type { Globals } from './state';

/** The `site` prop every chrome widget gets (contracts: chromeSiteSchema); the server and the browser compute it alike. */
export const chromeSite = (globals: Globals): ChromeSite => ({ copyright: globals.copyright, smallLinks: globals.footer?.smallLinks ?? '' });

export type ChromeHtml = Partial<Record<ChromeSlot, string>>;

/**
 * What the chrome's widget slots get from the document (server) or the bootstrap (browser): the HTML
 * the server rendered for each part, and the browser's mount.
 */
export const ChromeContext = createContext<{ html: ChromeHtml; mount?: ChromeMount }>({ html: {} });

/**
 * Mounts a chrome widget into its element; `onFail` is called when a widget without server HTML
 * cannot be shown (the shell then shows its own part). Returns the unmount.
 */
export type ChromeMount = (element: HTMLElement, widget: ChromeWidget, lang: Lang, hydrate: boolean, onFail: () => void) => () => void;

/**
 * Chrome widgets hydrate when they come into view (a footer is the last thing on the page); one
 * mounted after a client-side navigation has no server HTML and renders at once. A widget whose
 * code fails to load keeps its server HTML, which works as plain links.
 */
export function createChromeMount({
  loader,
  bus,
  errorMessage,
  onError,
  links,
}: {
  loader: RemoteLoader;
  bus: Bus;
  errorMessage: (lang: Lang) => string;
  onError: (error: unknown, failure?: RemoteFailure) => void;
  /** Links to other sections' pages (WidgetHost.href), as the page's data gives them. */
  links?: LinkBook;
}): ChromeMount {
  return (element, widget, lang, hydrate, onFail) => {
    const [remote, view] = widget.id.split('/') as [RemoteName, string];
    let parcel: Parcel | undefined;
    let stopped = false;
    const failed = (error: unknown) => {
      onError(error, { remote, kind: 'mount' });
      if (!hydrate && !stopped) onFail();
    };
    const cancel = schedule(hydrate ? 'visible' : 'eager', element, () => {
      Promise.all([loader.parcel(remote), import(/* webpackChunkName: "single-spa" */ 'single-spa')]).then(([config, spa]) => {
        if (stopped) return;
        parcel = spa.mountRootParcel<Record<string, unknown>>(config as ParcelConfig<Record<string, unknown>>, { domElement: element, view, data: widget.props, lang, bus, host: links ? { href: links.hrefFor(lang) } : {}, hydrate, errorMessage: errorMessage(lang), onRenderError: (error: unknown, kind: 'render' | 'hydration' = 'render') => onError(error, { remote, kind }) });
        parcel.mountPromise.catch(failed);
      }, failed);
    });
    return () => {
      stopped = true;
      cancel();
      const mounted = parcel;
      mounted?.mountPromise.then(() => (mounted.getStatus() === 'MOUNTED' ? mounted.unmount() : undefined)).catch(onError);
    };
  };
}
