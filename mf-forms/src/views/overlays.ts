import { useEffect, useState } from 'react';

/**
 * SPEC overlays rule: "A prompt never covers an open dialog or menu and waits until it closes."
 *
 * The survey prompts read what the page already says in its DOM (no new channel between the shell and
 * the sections is needed; every signal is the shell's own, documented where it is set):
 * - the cookie banner `[data-qf-cookies]` (shell `boot/chrome.ts`): shown while not `hidden` (its
 *   `data-state` is `shown`, then `leaving` while it slides out); due while it is hidden, has not
 *   gone (`data-state="gone"`) and no consent is stored (SPEC §9: the key below, value 1), since the
 *   shell shows it 2 s after load then;
 * - an open menu: `data-qf-scroll-locked` on `<html>` (shell `menu/scroll-lock.ts`: set while the
 *   main menu, the mega menu or the mobile drawer is open);
 * - an open dialog: any `[aria-modal="true"]` or `dialog[open]` on screen (the shell's panels, the
 *   mobile drawer, another widget's dialog), except those inside `own` (the prompt's own dialog). The
 *   mobile drawer and the search panel are popovers: they open and close without an attribute
 *   changing, and say so with a `toggle` event (which does not bubble: heard while it is captured).
 */
export const CONSENT_KEY = 'qf_cookie_consent';

function consentStored(win: Window): boolean {
  try {
    return win.localStorage.getItem(CONSENT_KEY) === '1';
  } catch {
    return false;
  }
}

function onScreen(el: Element): boolean {
  if (el.closest('[hidden]')) return false;
  const check = (el as Element & { checkVisibility?: () => boolean }).checkVisibility;
  return typeof check === 'function' ? check.call(el) : true;
}

/** What a prompt is waiting for now, or null when nothing it could cover is open. */
export function openOverlay(doc: Document = document, own?: (el: Element) => boolean): 'cookie-banner' | 'menu' | 'dialog' | null {
  const banner = doc.querySelector<HTMLElement>('[data-qf-cookies]');
  if (banner && (!banner.hidden || (banner.dataset.state !== 'gone' && doc.defaultView && !consentStored(doc.defaultView)))) return 'cookie-banner';
  if (doc.documentElement.hasAttribute('data-qf-scroll-locked')) return 'menu';
  for (const el of doc.querySelectorAll('[aria-modal="true"], dialog[open]')) if (!own?.(el) && onScreen(el)) return 'dialog';
  return null;
}

const WATCHED = ['hidden', 'data-state', 'data-qf-scroll-locked', 'open', 'aria-modal'];

/**
 * Calls `onChange` with whether the page is clear of overlays now and each time that may have changed
 * (an attribute above, such as the cookie banner's as it leaves, a dialog added or removed, consent given in another tab). Returns the stop.
 */
export function watchOverlays(onChange: (clear: boolean) => void, own?: (el: Element) => boolean, doc: Document = document): () => void {
  const win = doc.defaultView;
  let last: boolean | undefined;
  let queued = false;
  const check = () => {
    queued = false;
    const clear = openOverlay(doc, own) === null;
    if (clear !== last) onChange((last = clear));
  };
  const soon = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(check);
  };
  const observer = new MutationObserver(soon);
  observer.observe(doc.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: WATCHED });
  win?.addEventListener('storage', soon);
  doc.addEventListener('toggle', soon, true);
  check();
  return () => {
    observer.disconnect();
    win?.removeEventListener('storage', soon);
    doc.removeEventListener('toggle', soon, true);
  };
}

/**
 * True while no cookie banner, menu or dialog is open; false on the server and until checked. A prompt
 * shows only while it is true; a dialog the prompt itself opened keeps it (the caller's own state).
 */
export function useNoOverlay(enabled: boolean): boolean {
  const [clear, setClear] = useState(false);
  useEffect(() => (enabled ? watchOverlays(setClear) : undefined), [enabled]);
  return clear;
}
