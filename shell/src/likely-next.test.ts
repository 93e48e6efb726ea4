/** @jest-environment jsdom */
import { linkAtMiddle, SETTLE_MS, watchLikelyNext } from './likely-next';

/** A phone's screen 400 x 800 with links at the boxes given (left, top, width, height). */
function screen(links: Record<string, [number, number, number, number]>) {
  document.body.innerHTML = Object.keys(links)
    .map((href) => `<a href="${href}"${href.startsWith('/ar') ? ' data-language-switch' : ''}>${href}</a>`)
    .join('');
  for (const a of document.querySelectorAll('a')) {
    const [left, top, width, height] = links[a.getAttribute('href')!]!;
    a.getBoundingClientRect = () => ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top, toJSON: () => ({}) });
  }
  return { innerWidth: 400, innerHeight: 800 };
}
const hrefOf = (a: HTMLAnchorElement | undefined) => a?.getAttribute('href');

describe('the link a reader of a phone is likely to open next', () => {
  it('is the one on the middle line of the screen, then the nearest its middle', () => {
    const win = screen({ '/about': [0, 100, 200, 40], '/events': [20, 390, 100, 30], '/media-centre': [180, 440, 100, 30], '/experts': [150, 392, 60, 26] });
    // The events and experts links both cross the middle line (y 400): experts is nearer its middle.
    expect(hrefOf(linkAtMiddle(document, win))).toBe('/experts');
  });

  it('is none when no link is within the middle third, and never the language switch or a link not shown', () => {
    expect(linkAtMiddle(document, screen({ '/about': [0, 100, 200, 40], '/contact': [0, 700, 200, 40] }))).toBeUndefined();
    expect(linkAtMiddle(document, screen({ '/ar/events': [0, 390, 200, 30], '/hidden': [0, 395, 0, 0] }))).toBeUndefined();
  });

  it('is told on a press of the main button, and on a touch screen once the page is still after a scroll', () => {
    jest.useFakeTimers();
    const win = screen({ '/events': [0, 390, 200, 30], '/about': [0, 100, 200, 40] });
    Object.assign(window, win, { matchMedia: (query: string) => ({ matches: query === '(pointer: coarse)' }) });
    const chosen: string[] = [];
    const stop = watchLikelyNext(document, window, (a) => chosen.push(a.getAttribute('href')!));
    document.querySelector('a[href="/about"]')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(chosen).toEqual(['/about']);
    // A right click opens the browser's menu, not the page.
    document.querySelector('a[href="/events"]')!.dispatchEvent(Object.assign(new Event('pointerdown', { bubbles: true }), { button: 2 }));
    expect(chosen).toEqual(['/about']);
    window.dispatchEvent(new Event('scroll'));
    jest.advanceTimersByTime(SETTLE_MS - 100);
    // Still scrolling: the wait starts again.
    window.dispatchEvent(new Event('scroll'));
    jest.advanceTimersByTime(SETTLE_MS - 100);
    expect(chosen).toEqual(['/about']);
    jest.advanceTimersByTime(100);
    expect(chosen).toEqual(['/about', '/events']);
    stop();
    window.dispatchEvent(new Event('scroll'));
    jest.advanceTimersByTime(SETTLE_MS);
    document.querySelector('a[href="/about"]')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(chosen).toEqual(['/about', '/events']);
    jest.useRealTimers();
  });

  it('is not guessed from scrolling with a mouse (the pointer says more there: hover prefetches)', () => {
    jest.useFakeTimers();
    Object.assign(window, screen({ '/events': [0, 390, 200, 30] }), { matchMedia: () => ({ matches: false }) });
    const chosen: string[] = [];
    const stop = watchLikelyNext(document, window, (a) => chosen.push(a.getAttribute('href')!));
    window.dispatchEvent(new Event('scroll'));
    jest.advanceTimersByTime(SETTLE_MS * 2);
    expect(chosen).toEqual([]);
    stop();
    jest.useRealTimers();
  });
});
