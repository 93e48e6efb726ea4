import type { Bus } from '@qf/shared/bus';
import { reportFailure } from './release-beacon';
import type { Lang } from '@qf/shared/i18n';
import { createChromeMount, type ChromeHtml, type ChromeMount } from './chrome-widgets';
import type { LinkBook } from './links';
import type { RemoteLoader } from './remotes';
import { globalsSchema, type Globals } from './state';
import type { Store } from './store';

/** Site globals of a language (`GET /globals.json?lang=`), validated. */
export async function loadGlobals(lang: Lang, fetchImpl: typeof fetch = fetch): Promise<Globals> {
  const res = await fetchImpl(`/globals.json?lang=${lang}`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`/globals.json answered ${res.status}`);
  return globalsSchema.parse(await res.json());
}

/**
 * Keeps the site globals (footer, area bars, IDKT footer's site lines) in the page's language after a
 * client-side language change; until they arrive the previous ones stay on screen.
 */
export function followLanguage(store: Store, fetchGlobals: (lang: Lang) => Promise<Globals> = loadGlobals, onError: (error: unknown) => void = console.error): () => void {
  let globalsLang = store.get().lang;
  return store.subscribe(() => {
    const lang = store.get().lang;
    if (lang === globalsLang) return;
    globalsLang = lang;
    fetchGlobals(lang).then((globals) => {
      if (store.get().lang === lang) store.set({ globals });
    }, onError);
  });
}

/**
 * The browser side of the chrome this module family owns: the server HTML of chrome widgets
 * (captured before hydration), their mount, and globals that follow the language.
 */
export function setupChrome({ store, loader, bus, errorMessage, links }: { store: Store; loader: RemoteLoader; bus: Bus; errorMessage: (lang: Lang) => string; links: LinkBook }): { html: ChromeHtml; mount: ChromeMount } {
  const footer = document.querySelector<HTMLElement>('[data-qf-chrome="footer"]');
  const html: ChromeHtml = footer ? { footer: footer.innerHTML } : {};
  followLanguage(store);
  return { html, mount: createChromeMount({ loader, bus, errorMessage, onError: reportFailure, links }) };
}
