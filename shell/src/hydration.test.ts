/** @jest-environment jsdom */
import { ACTIVITY_SETTLE_MS, schedule } from './hydration';
import { EARLY_ACTIVITY_GLOBAL } from './boot/protocol';

describe('slot hydration policies', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts an eager slot at once', () => {
    const start = jest.fn();
    schedule('eager', document.createElement('div'), start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('defers an idle slot until the visitor has started using the loaded page and the browser is idle', async () => {
    const start = jest.fn();
    schedule('idle', document.createElement('div'), start);
    jest.advanceTimersByTime(60_000);
    // A page that is only looked at runs nothing.
    expect(start).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('scroll'));
    await Promise.resolve();
    expect(start).not.toHaveBeenCalled();
    // A moment after that first use (a tap on a link then finds the network free), when idle.
    jest.advanceTimersByTime(ACTIVITY_SETTLE_MS);
    expect(start).not.toHaveBeenCalled();
    jest.advanceTimersByTime(200);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('does not count a touch or a press on a link to another page as a use of this one (it starts a navigation)', async () => {
    const start = jest.fn();
    const el = document.createElement('div');
    el.innerHTML = '<a href="/events">Events</a><a href="?page=2">More</a>';
    document.body.append(el);
    schedule('idle', el, start);
    for (const type of ['touchstart', 'pointerdown', 'pointerover']) el.querySelector('a')!.dispatchEvent(new Event(type, { bubbles: true }));
    await Promise.resolve();
    jest.advanceTimersByTime(60_000);
    expect(start).not.toHaveBeenCalled();
    // A link to this same page ("more" in place) is the page's use.
    el.querySelectorAll('a')[1]!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await Promise.resolve();
    jest.advanceTimersByTime(ACTIVITY_SETTLE_MS + 200);
    expect(start).toHaveBeenCalledTimes(1);
    el.remove();
  });

  it('counts the use of the page the inline loader saw before this code came (the use that brought it)', async () => {
    (window as unknown as Record<string, unknown>)[EARLY_ACTIVITY_GLOBAL] = 1;
    const start = jest.fn();
    schedule('idle', document.createElement('div'), start);
    await Promise.resolve();
    jest.advanceTimersByTime(ACTIVITY_SETTLE_MS + 200);
    expect(start).toHaveBeenCalledTimes(1);
    delete (window as unknown as Record<string, unknown>)[EARLY_ACTIVITY_GLOBAL];
  });

  it('starts a fragment slot at once when the address carries state the server did not render, else on interaction', () => {
    const start = jest.fn();
    const el = document.createElement('div');
    schedule('fragment', el, start);
    jest.advanceTimersByTime(60_000);
    expect(start).not.toHaveBeenCalled();
    el.dispatchEvent(new Event('pointerover'));
    expect(start).toHaveBeenCalledTimes(1);
    window.history.replaceState(null, '', '/search#s=library');
    const withHash = jest.fn();
    schedule('fragment', document.createElement('div'), withHash);
    expect(withHash).toHaveBeenCalledTimes(1);
    window.history.replaceState(null, '', '/');
  });

  it('starts an idle slot early when the visitor interacts with it, and only once', () => {
    const start = jest.fn();
    const el = document.createElement('div');
    schedule('idle', el, start);
    el.dispatchEvent(new Event('focusin'));
    jest.advanceTimersByTime(5000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it.each(['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'])('starts an interaction slot on the first %s in it, never by itself', (type) => {
    const start = jest.fn();
    const el = document.createElement('div');
    document.body.append(el);
    schedule('interaction', el, start);
    window.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(60_000);
    document.body.dispatchEvent(new Event(type));
    expect(start).not.toHaveBeenCalled();
    el.dispatchEvent(new Event(type));
    el.dispatchEvent(new Event(type));
    expect(start).toHaveBeenCalledTimes(1);
    el.remove();
  });

  it('never starts a cancelled slot', () => {
    const start = jest.fn();
    const cancel = schedule('idle', document.createElement('div'), start);
    cancel();
    window.dispatchEvent(new Event('scroll'));
    jest.advanceTimersByTime(5000);
    expect(start).not.toHaveBeenCalled();
  });
});
