/** @jest-environment jsdom */
import { REVEAL_READY_CLASS, startScrollReveal } from './scroll-reveal';

class FakeObserver {
  static last: FakeObserver;
  observed = new Set<Element>();
  constructor(public callback: IntersectionObserverCallback) {
    FakeObserver.last = this;
  }
  observe(el: Element) {
    this.observed.add(el);
  }
  disconnect() {
    this.observed.clear();
  }
  fire(el: Element, isIntersecting: boolean) {
    this.callback([{ target: el, isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

const env = (reduce: boolean) => {
  Object.defineProperty(window, 'matchMedia', { configurable: true, value: (q: string) => ({ matches: reduce && q.includes('reduce') }) });
  return { doc: document, win: window, IntersectionObserver: FakeObserver as unknown as typeof IntersectionObserver, MutationObserver, frame: (fn: () => void) => fn() };
};
const scrollTo = (y: number) => {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
};

describe('scroll reveal (SPEC §4, §9)', () => {
  beforeEach(() => {
    document.body.innerHTML = '<section data-qf-reveal id="a"></section><p id="plain"></p>';
    scrollTo(0);
  });

  it('reveals marked elements from the side the page scrolls towards', () => {
    const stop = startScrollReveal(env(false));
    const a = document.getElementById('a')!;
    expect(document.body.classList.contains(REVEAL_READY_CLASS)).toBe(true);
    expect([...FakeObserver.last.observed]).toEqual([a]);
    // The observer's first report: below the screen.
    FakeObserver.last.fire(a, false);
    scrollTo(400);
    FakeObserver.last.fire(a, true);
    expect(a.dataset.qfRevealFrom).toBe('below');
    expect(a.hasAttribute('data-qf-revealed')).toBe(true);
    FakeObserver.last.fire(a, false);
    expect(a.hasAttribute('data-qf-revealed')).toBe(false);
    scrollTo(100);
    FakeObserver.last.fire(a, true);
    expect(a.dataset.qfRevealFrom).toBe('above');
    stop();
    expect(document.body.classList.contains(REVEAL_READY_CLASS)).toBe(false);
  });

  it('leaves what is on screen when it starts as it is (no flash), and hides only what it has seen out of view', () => {
    document.body.innerHTML = '<section data-qf-reveal id="seen"></section><section data-qf-reveal id="below"></section>';
    const stop = startScrollReveal(env(false));
    const seen = document.getElementById('seen')!;
    const below = document.getElementById('below')!;
    FakeObserver.last.fire(seen, true);
    FakeObserver.last.fire(below, false);
    expect(seen.hasAttribute('data-qf-revealed')).toBe(true);
    expect(seen.dataset.qfRevealFrom).toBeUndefined();
    expect(below.dataset.qfRevealFrom).toBe('below');
    expect(below.hasAttribute('data-qf-revealed')).toBe(false);
    scrollTo(300);
    FakeObserver.last.fire(below, true);
    expect(below.hasAttribute('data-qf-revealed')).toBe(true);
    stop();
  });

  it('watches elements that arrive later (client-side navigation)', async () => {
    const stop = startScrollReveal(env(false));
    const later = document.createElement('div');
    later.innerHTML = '<article data-qf-reveal id="b"></article>';
    document.body.append(later);
    await Promise.resolve();
    expect(FakeObserver.last.observed.has(document.getElementById('b')!)).toBe(true);
    stop();
  });

  it('does nothing under prefers-reduced-motion: nothing is hidden', () => {
    const before = FakeObserver.last;
    const stop = startScrollReveal(env(true));
    expect(document.body.classList.contains(REVEAL_READY_CLASS)).toBe(false);
    expect(FakeObserver.last).toBe(before);
    stop();
  });
});
