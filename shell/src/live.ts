import type { TFunction } from 'i18next';
import type { Lang } from '@qf/shared/i18n';
import { T_ATTR, T_LABEL_ATTR } from './components/ChromeMarkup';
import type { Store } from './store';

interface LiveElements {
  main: HTMLElement;
  slot: HTMLElement;
  /** The navigation progress bar (the boot's, which may have started it before the app arrived). */
  progress: (active: boolean) => void;
  t: (lang: Lang) => TFunction;
}

/**
 * The chrome that is plain server HTML follows the app's state: `<main>` is busy while a navigation
 * loads, the section slot gives way to a status page (404, 503), the delayed-load notice (SPEC §9) and
 * the live region speak, and every translated string of that HTML follows a language change.
 */
export function followLiveRegions(store: Store, { main, slot, progress, t }: LiveElements, doc: Document = document): () => void {
  const delayed = doc.querySelector<HTMLElement>('[data-qf-delayed]');
  const announcer = doc.querySelector<HTMLElement>('[data-qf-announcer]');
  let last = store.get();
  const apply = () => {
    const s = store.get();
    if (s.loading !== last.loading) {
      progress(s.loading);
      main.setAttribute('aria-busy', String(s.loading));
    }
    if (s.status !== last.status) slot.hidden = s.status !== 'ok';
    if (s.pageData !== last.pageData || s.status !== last.status) main.dataset.qfPage = s.pageData?.result.page.template ?? s.status;
    if (delayed && s.slow !== last.slow) {
      delayed.className = s.slow ? 'qf-delayed-notice' : 'qf-visually-hidden';
      delayed.textContent = s.slow ? t(s.lang)('offline.slowNotice') : '';
    }
    if (announcer && s.announcement !== last.announcement) announcer.textContent = s.announcement ?? '';
    if (s.lang !== last.lang) {
      const tl = t(s.lang);
      doc.querySelectorAll<HTMLElement>(`[${T_ATTR}]`).forEach((el) => (el.textContent = tl(el.getAttribute(T_ATTR) ?? '')));
      doc.querySelectorAll<HTMLElement>(`[${T_LABEL_ATTR}]`).forEach((el) => el.setAttribute('aria-label', tl(el.getAttribute(T_LABEL_ATTR) ?? '')));
    }
    last = s;
  };
  return store.subscribe(apply);
}
