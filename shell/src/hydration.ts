import type { Hydration } from '@qf/shared/contracts';
import { EARLY_ACTIVITY_GLOBAL } from './boot/protocol';
import { startsNavigation } from './link-target';

/** What counts as the visitor interacting with a slot: pointing at it, pressing, touching, focusing, typing. */
export const INTERACTION_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
/**
 * How long after the visitor's first use of the page an idle slot waits before its code is fetched: a
 * visitor who scrolls to a link and taps it within this time finds the network free for the next page
 * (a download started for this page would only delay it; issue 34).
 */
export const ACTIVITY_SETTLE_MS = 2000;
/** What counts as the visitor using the page at all. */
export const ACTIVITY_EVENTS = ['scroll', 'wheel', 'pointermove', 'pointerdown', 'touchstart', 'keydown'] as const;

interface ScheduleEnv {
  win: Window & typeof globalThis;
  doc: Document;
}

const defaultEnv = (): ScheduleEnv => ({ win: window, doc: document });

/**
 * Run `start` when the slot's hydration policy says (see `hydrationSchema`): at once; in the first idle
 * period after the visitor starts using the page; when the slot comes near the viewport; or only when
 * the visitor interacts with it. Every policy also starts on interaction with the slot. Returns a cancel.
 */
export function schedule(policy: Hydration, element: HTMLElement, start: () => void, env: ScheduleEnv = defaultEnv()): () => void {
  const { win, doc } = env;
  let done = false;
  const cleanups: (() => void)[] = [];
  const run = () => {
    if (done) return;
    done = true;
    for (const c of cleanups) c();
    // A mark per slot start: benchmarks and performance panels see when each section's code was asked for.
    win.performance?.mark?.(`qf:hydrate:${policy}`);
    start();
  };
  const fragment = policy === 'fragment' && (win.location.hash.length > 1 || win.location.search.length > 1);
  if (policy === 'eager' || fragment) {
    run();
    return () => undefined;
  }
  // A touch, press or pointer on a link to another page starts a navigation, not a use of this one:
  // code fetched for it would only compete with the next page for the network.
  const onInteract = (event: Event) => {
    if (!startsNavigation(event.target, win.location)) run();
  };
  for (const type of INTERACTION_EVENTS) {
    element.addEventListener(type, onInteract, { passive: true });
    cleanups.push(() => element.removeEventListener(type, onInteract));
  }
  if (policy === 'visible' && 'IntersectionObserver' in win) {
    const observer = new win.IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) run();
    }, { rootMargin: '200px' });
    // An element without a box of its own (`display: contents`, as the shell's roots) never
    // intersects: its children say when it is in view.
    const boxless = win.getComputedStyle?.(element).display === 'contents';
    for (const target of boxless ? Array.from(element.children) : [element]) observer.observe(target);
    cleanups.push(() => observer.disconnect());
  } else if (policy === 'idle' || policy === 'visible') {
    cleanups.push(afterActivity(win, doc, run));
  }
  return () => {
    done = true;
    for (const c of cleanups) c();
  };
}

/**
 * Calls `fn` in the first idle period ACTIVITY_SETTLE_MS after the page has loaded and the visitor has started using it.
 * A page that is only looked at runs nothing; one that is read (scrolled) catches up in the gaps.
 */
function afterActivity(win: ScheduleEnv['win'], doc: Document, fn: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  const idle = () => {
    if (typeof win.requestIdleCallback === 'function') {
      const id = win.requestIdleCallback(fn, { timeout: 2000 });
      cancelIdle = () => win.cancelIdleCallback(id);
    } else {
      const id = win.setTimeout(fn, 200);
      cancelIdle = () => win.clearTimeout(id);
    }
  };
  const loaded = () => (doc.readyState === 'complete' ? Promise.resolve() : new Promise<void>((resolve) => win.addEventListener('load', () => resolve(), { once: true })));
  let stopped = false;
  const onActivity = (event?: Event) => {
    if (event && startsNavigation(event.target, win.location)) return;
    for (const type of ACTIVITY_EVENTS) win.removeEventListener(type, onActivity);
    void loaded().then(() => {
      if (stopped) return;
      const id = win.setTimeout(() => !stopped && idle(), ACTIVITY_SETTLE_MS);
      cancelIdle = () => win.clearTimeout(id);
    });
  };
  for (const type of ACTIVITY_EVENTS) win.addEventListener(type, onActivity, { passive: true });
  // The page's inline loader saw the visitor use the page before this code arrived (its use is what
  // brought the code): that activity counts.
  if ((win as unknown as Record<string, unknown>)[EARLY_ACTIVITY_GLOBAL]) onActivity();
  return () => {
    stopped = true;
    for (const type of ACTIVITY_EVENTS) win.removeEventListener(type, onActivity);
    cancelIdle?.();
  };
}
