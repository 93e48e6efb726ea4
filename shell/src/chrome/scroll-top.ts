import { motionAllowed } from './motion';

/** SPEC §9: scroll-to-top takes 0.5 s. */
export const SCROLL_TOP_MS = 500;

const easeInOut = (x: number) => (x < 0.5 ? 2 * x * x : 1 - (-2 * x + 2) ** 2 / 2);

type ScrollWindow = Pick<Window, 'scrollY' | 'scrollTo' | 'requestAnimationFrame' | 'matchMedia'> & { document: Document };

/**
 * Back to the top in 0.5 s, eased; at once under prefers-reduced-motion or paused animations. Resolves
 * when the page is at the top.
 */
export function scrollToTop(win: ScrollWindow = window, now: () => number = () => performance.now()): Promise<void> {
  const from = win.scrollY;
  if (from <= 0 || !motionAllowed(win)) {
    win.scrollTo(0, 0);
    return Promise.resolve();
  }
  const start = now();
  return new Promise((resolve) => {
    const frame = () => {
      const progress = Math.min(1, (now() - start) / SCROLL_TOP_MS);
      win.scrollTo(0, Math.round(from * (1 - easeInOut(progress))));
      if (progress < 1) win.requestAnimationFrame(frame);
      else resolve();
    };
    win.requestAnimationFrame(frame);
  });
}
