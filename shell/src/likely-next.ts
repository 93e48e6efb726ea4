// The page a visitor is likely to open next, which the app makes ahead (slots.prepare): then a tap only
// shows it, as a browser shows a prerendered page (issue 34: a navigation once the code runs).

/** How long a phone's page stays still after a scroll before the link in the middle of its screen is taken. */
export const SETTLE_MS = 500;

/**
 * The link nearest the screen's middle line, within its middle third (from top to bottom), and of the
 * links on that line the one nearest its middle: what a reader of a phone has scrolled to where they
 * look. Not the language switch (the same page in the other language is seldom the next one); none
 * when no link is near the middle.
 */
export function linkAtMiddle(doc: Document, win: Pick<Window, 'innerWidth' | 'innerHeight'>): HTMLAnchorElement | undefined {
  const x = win.innerWidth / 2;
  const y = win.innerHeight / 2;
  const band = win.innerHeight / 6;
  let best: HTMLAnchorElement | undefined;
  let bestDistance = Infinity;
  for (const anchor of doc.querySelectorAll<HTMLAnchorElement>('a[href]:not([data-language-switch])')) {
    const box = anchor.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || box.bottom < y - band || box.top > y + band) continue;
    const dx = Math.max(box.left - x, 0, x - box.right);
    const dy = Math.max(box.top - y, 0, y - box.bottom);
    // Up and down first (a reader scrolls what they read next to eye level), then across.
    const distance = dy * win.innerWidth + dx;
    if (distance < bestDistance) {
      best = anchor;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Tells `choose` of each link the visitor is likely to open next: one they press (pointerdown: the
 * page is made while the finger is down) and, on a touch screen, the link in the middle of the screen
 * once the page has been still for `settleMs` after a scroll. Returns a function that stops watching.
 */
export function watchLikelyNext(doc: Document, win: Window, choose: (anchor: HTMLAnchorElement) => void, settleMs = SETTLE_MS): () => void {
  const touch = win.matchMedia?.('(pointer: coarse)').matches ?? false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settled = () => {
    timer = undefined;
    const anchor = linkAtMiddle(doc, win);
    if (anchor) choose(anchor);
  };
  const onScroll = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(settled, settleMs);
  };
  const onPress = (event: Event) => {
    // The main button or a touch: another button opens a menu, not the page.
    if ((event as PointerEvent).button > 0) return;
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (anchor) choose(anchor as HTMLAnchorElement);
  };
  if (touch) win.addEventListener('scroll', onScroll, { passive: true });
  doc.addEventListener('pointerdown', onPress, { passive: true, capture: true });
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    win.removeEventListener('scroll', onScroll);
    doc.removeEventListener('pointerdown', onPress, { capture: true });
  };
}
