import { motionAllowed } from '../chrome/motion';
import { BANNER_SLIDE_MS, CONSENT_ASK_ATTR, hasConsent, storeConsent } from '../chrome/consent';
import { scrollProgress } from '../chrome/header-rules';
import { scrollToTop } from '../chrome/scroll-top';
import { EARLY_STATEMENT_GLOBAL } from './protocol';

/**
 * The chrome's behaviours that need no React: the server renders their markup (ChromeMarkup.tsx) and
 * these few lines drive it from the page's first script, so none of them waits for, or pulls in, the
 * app. Each returns its stop function.
 */

type Win = Window & typeof globalThis;

const storageOf = (win: Win, kind: 'localStorage' | 'sessionStorage'): Storage | undefined => {
  try {
    return win[kind];
  } catch {
    return undefined;
  }
};

/**
 * The page's heading (or `<main>`) takes focus: after a client-side navigation, after scrolling to the
 * top, or when a pressed control goes away. The heading shown: after a navigation to another section the
 * page left is still in `<main>`, hidden, until it unmounts, and its heading came first (focus went
 * nowhere and stayed on the link the visitor followed; issue 38, item 2).
 */
export function focusPage(doc: Document, heading = true): void {
  const shown = heading ? [...doc.querySelectorAll<HTMLElement>('main h1')].find((h) => !h.closest('[hidden]')) : undefined;
  const target = shown ?? doc.getElementById('main');
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/** The 3 px page progress bar while scrolling (SPEC §2, §9), never on the home pages. */
export function startScrollProgress(doc: Document, win: Win): () => void {
  const bar = doc.querySelector<HTMLElement>('.qf-scroll-progress');
  if (!bar) return () => undefined;
  let queued = false;
  const measure = () => {
    queued = false;
    const { visible, percent } = scrollProgress(win.location.pathname, win.scrollY, doc.documentElement.scrollHeight, win.innerHeight);
    bar.hidden = !visible;
    // Through the CSSOM, never a style attribute: the CSP allows no inline styles in the HTML.
    bar.style.setProperty('inline-size', `${percent}%`);
    bar.dataset.percent = String(percent);
  };
  const onScroll = () => {
    if (queued) return;
    queued = true;
    win.requestAnimationFrame(measure);
  };
  win.addEventListener('scroll', onScroll, { passive: true });
  win.addEventListener('resize', onScroll);
  // Started by the visitor's first scroll (the boot comes with it): that scroll counts.
  if (win.scrollY > 0) onScroll();
  return () => {
    win.removeEventListener('scroll', onScroll);
    win.removeEventListener('resize', onScroll);
  };
}

/** The scroll-to-top button: shown a screen below the top; back up in 0.5 s, then the heading takes focus. */
export function startToTop(doc: Document, win: Win): () => void {
  const button = doc.querySelector<HTMLButtonElement>('[data-qf-to-top]');
  if (!button) return () => undefined;
  const onScroll = () => {
    const shown = win.scrollY > win.innerHeight;
    if (button.hidden === shown) button.hidden = !shown;
  };
  const onClick = () => void scrollToTop(win).then(() => focusPage(doc));
  win.addEventListener('scroll', onScroll, { passive: true });
  button.addEventListener('click', onClick);
  onScroll();
  return () => {
    win.removeEventListener('scroll', onScroll);
    button.removeEventListener('click', onClick);
  };
}

/**
 * SPEC §4: the cookie banner slides in after 2 s when no consent is stored; its button stores consent
 * (value 1) and slides it out in 0.5 s (what waits for it, mf-forms' prompts, watches its attributes). It never takes focus, and focus
 * on its button goes to the page when it leaves.
 */
export function startCookieBanner(doc: Document, win: Win): () => void {
  const banner = doc.querySelector<HTMLElement>('[data-qf-cookies]');
  const button = banner?.querySelector('button');
  const storage = storageOf(win, 'localStorage');
  if (!banner || !button) return () => undefined;
  if (hasConsent(storage)) {
    // Asked by the page's first script, which could not read storage then, although consent is stored:
    // not asked after all.
    doc.documentElement.removeAttribute(CONSENT_ASK_ATTR);
    return () => undefined;
  }
  // Shown at once: the stylesheet keeps it out of sight and out of reach until 2 s after the page was
  // first shown, then slides it in (SPEC §4). The page's first script asked for the same
  // (CONSENT_ASK_ATTR), so this goes on with the animation already running rather than starting it.
  doc.documentElement.setAttribute(CONSENT_ASK_ATTR, 'ask');
  banner.hidden = false;
  banner.dataset.state = 'shown';
  const gone = () => {
    const hadFocus = banner.contains(doc.activeElement);
    banner.hidden = true;
    banner.dataset.state = 'gone';
    doc.documentElement.removeAttribute(CONSENT_ASK_ATTR);
    if (hadFocus || doc.activeElement === doc.body) focusPage(doc, false);
  };
  const accept = () => {
    storeConsent(storage);
    button.disabled = true;
    if (!motionAllowed(win)) return gone();
    banner.dataset.state = 'leaving';
    win.setTimeout(gone, BANNER_SLIDE_MS);
  };
  button.addEventListener('click', accept, { once: true });
  return () => button.removeEventListener('click', accept);
}

export const STATEMENT_URL = '/statement-notification.json';
export const STATEMENT_DISMISSED_KEY = 'qf_statement_dismissed';

/**
 * SPEC §4: the statement notification flag starts false and is read when the layout loads; when true,
 * a dismissible notice links to the statements site. Dismissal holds for the browser session. Any
 * failure (or an answer that is not a flag and an http(s) link) leaves it off.
 */
export function startStatement(doc: Document, win: Win, fetchImpl: typeof fetch = win.fetch.bind(win)): Promise<void> {
  const notice = doc.querySelector<HTMLElement>('[data-qf-statement]');
  const link = notice?.querySelector('a');
  const dismiss = notice?.querySelector('button');
  const session = storageOf(win, 'sessionStorage');
  if (!notice || !link || !dismiss || session?.getItem(STATEMENT_DISMISSED_KEY) === '1') return Promise.resolve();
  // The page's inline loader asked when the page loaded: its answer, not a second request.
  const asked = (win as unknown as Record<string, Promise<unknown> | undefined>)[EARLY_STATEMENT_GLOBAL];
  return (asked ?? fetchImpl(STATEMENT_URL, { headers: { accept: 'application/json' } }).then((res) => (res.ok ? (res.json() as Promise<unknown>) : null)))
    .then((body) => {
      const answer = body as { show?: unknown; url?: unknown } | null;
      if (answer?.show !== true || typeof answer.url !== 'string' || !/^https?:\/\//i.test(answer.url)) return;
      link.href = answer.url;
      notice.hidden = false;
      dismiss.addEventListener(
        'click',
        () => {
          try {
            session?.setItem(STATEMENT_DISMISSED_KEY, '1');
          } catch {
            // storage disabled: dismissed for this page only
          }
          notice.hidden = true;
          focusPage(doc, false);
        },
        { once: true },
      );
    })
    .catch(() => undefined);
}
