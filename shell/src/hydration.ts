import type { Hydration } from '@qf/shared/contracts';

/**
 * Run `start` when the slot's hydration policy says: at once, when the page is idle or when the slot
 * scrolls into view (or earlier if the visitor interacts with the slot), or only when the visitor
 * interacts with it (pointer down, focus, a key). Returns a cancel.
 */
export function schedule(policy: Hydration, element: HTMLElement, start: () => void): () => void {
  let done = false;
  const cleanups: (() => void)[] = [];
  const run = () => {
    if (done) return;
    done = true;
    for (const c of cleanups) c();
    // A mark per slot start: benchmarks and performance panels see when each section's code was asked for.
    performance.mark?.(`qf:hydrate:${policy}`);
    start();
  };
  if (policy === 'eager') {
    run();
    return () => undefined;
  }
  const onInteract = () => run();
  for (const type of ['pointerdown', 'focusin', 'keydown'] as const) {
    element.addEventListener(type, onInteract, { once: true, passive: true });
    cleanups.push(() => element.removeEventListener(type, onInteract));
  }
  if (policy === 'interaction') {
    // nothing else starts it
  } else if (policy === 'visible' && 'IntersectionObserver' in window) {
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) run();
    }, { rootMargin: '200px' });
    observer.observe(element);
    cleanups.push(() => observer.disconnect());
  } else {
    const idle = () => {
      if ('requestIdleCallback' in window) {
        const id = window.requestIdleCallback(run, { timeout: 5000 });
        cleanups.push(() => window.cancelIdleCallback(id));
      } else {
        const id = setTimeout(run, 1500);
        cleanups.push(() => clearTimeout(id));
      }
    };
    if (document.readyState === 'complete') idle();
    else {
      window.addEventListener('load', idle, { once: true });
      cleanups.push(() => window.removeEventListener('load', idle));
    }
  }
  return () => {
    done = true;
    for (const c of cleanups) c();
  };
}
