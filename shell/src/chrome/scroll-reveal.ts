import { REVEAL_ATTR } from '@qf/shared/contracts';
import { motionAllowed } from './motion';

/** Sections mark elements that fade in as they come into view with this attribute (`revealMark`). */
export { REVEAL_ATTR };
/**
 * Set on the body once reveal runs: without it (no JavaScript, reduced motion) nothing is ever hidden.
 * With it, only an element the observer has seen out of view (`data-qf-reveal-from`) is hidden.
 */
export const REVEAL_READY_CLASS = 'qf-reveal-ready';

interface RevealEnv {
  doc: Document;
  win: Window;
  IntersectionObserver: typeof IntersectionObserver;
  MutationObserver: typeof MutationObserver;
  frame: (fn: () => void) => void;
}

/**
 * Scroll reveal (SPEC §4, §9: 400 ms ease-in-out opacity, direction following the scroll): an element
 * entering the viewport while the page scrolls down rises from below, while it scrolls up drops from
 * above. It hides again when it leaves, so it reveals again from the side it comes back from. Off under
 * prefers-reduced-motion and when the visitor paused animations.
 */
export function startScrollReveal(env: RevealEnv = defaultEnv()): () => void {
  const { doc, win } = env;
  if (!motionAllowed(win)) return () => undefined;
  let lastY = win.scrollY;
  let direction: 'down' | 'up' = 'down';
  const onScroll = () => {
    const y = win.scrollY;
    if (y !== lastY) direction = y > lastY ? 'down' : 'up';
    lastY = y;
  };
  win.addEventListener('scroll', onScroll, { passive: true });

  const io = new env.IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const el = entry.target as HTMLElement;
        const from = direction === 'down' ? 'below' : 'above';
        if (entry.isIntersecting) {
          if (el.hasAttribute('data-qf-revealed')) continue;
          // Never hidden (no side yet): on screen when reveal started, it stays as it is, no flash.
          if (!el.dataset.qfRevealFrom) {
            el.setAttribute('data-qf-revealed', '');
            continue;
          }
          // The starting side is set first without a transition, the reveal on the next frame.
          el.dataset.qfRevealFrom = from;
          env.frame(() => el.setAttribute('data-qf-revealed', ''));
        } else {
          // Out of view: hidden (a side is what the stylesheet hides), to fade in when it comes back.
          el.dataset.qfRevealFrom = from;
          el.removeAttribute('data-qf-revealed');
        }
      }
    },
    { threshold: 0.1 },
  );
  const observe = (root: Document | Element) => {
    if (root instanceof Element && root.hasAttribute(REVEAL_ATTR)) io.observe(root);
    root.querySelectorAll(`[${REVEAL_ATTR}]`).forEach((el) => io.observe(el));
  };
  observe(doc);
  // Client-side navigations and widgets bring new marked elements.
  const mo = new env.MutationObserver((records) => {
    for (const r of records) r.addedNodes.forEach((n) => n instanceof Element && observe(n));
  });
  mo.observe(doc.body, { childList: true, subtree: true });
  doc.body.classList.add(REVEAL_READY_CLASS);
  return () => {
    io.disconnect();
    mo.disconnect();
    win.removeEventListener('scroll', onScroll);
    doc.body.classList.remove(REVEAL_READY_CLASS);
  };
}

function defaultEnv(): RevealEnv {
  return { doc: document, win: window, IntersectionObserver, MutationObserver, frame: (fn) => window.requestAnimationFrame(fn) };
}
