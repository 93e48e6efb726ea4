/** @jest-environment jsdom */
import { createTriggers } from './triggers';

describe('hydration triggers shared by the boot and the app', () => {
  it('arms a key once, on its first element, and starts everyone waiting for it when it fires', () => {
    const triggers = createTriggers();
    const el = document.createElement('div');
    const boot = jest.fn();
    const app = jest.fn();
    triggers.when('widget:a', el, 'interaction', boot);
    triggers.when('widget:a', document.createElement('div'), 'eager', app);
    expect(boot).not.toHaveBeenCalled();
    expect(app).not.toHaveBeenCalled();
    el.dispatchEvent(new Event('focusin'));
    expect(boot).toHaveBeenCalledTimes(1);
    expect(app).toHaveBeenCalledTimes(1);
    expect(triggers.fired('widget:a')).toBe(true);
  });

  it('starts at once what asks for a key that has already fired (the focus that fetched the app also hydrates the focused widget)', () => {
    const triggers = createTriggers();
    const el = document.createElement('div');
    triggers.when('slot:main', el, 'interaction', () => undefined);
    el.dispatchEvent(new Event('pointerdown'));
    const later = jest.fn();
    triggers.when('slot:main', el, 'interaction', later);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('starts an eager key at once, and a cancelled start never', () => {
    const triggers = createTriggers();
    const now = jest.fn();
    triggers.when('root:x', document.createElement('div'), 'eager', now);
    expect(now).toHaveBeenCalledTimes(1);
    const el = document.createElement('div');
    const cancelled = jest.fn();
    const kept = jest.fn();
    triggers.when('root:y', el, 'interaction', kept);
    triggers.when('root:y', el, 'interaction', cancelled)();
    el.dispatchEvent(new Event('keydown'));
    expect(kept).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('fires a key on demand, whatever its policy, once: what waits starts, what asks later starts at once', () => {
    const triggers = createTriggers();
    const el = document.createElement('div');
    const waiting = jest.fn();
    triggers.when('slot:main', el, 'visible', waiting);
    triggers.fire('slot:main');
    triggers.fire('slot:main');
    expect(waiting).toHaveBeenCalledTimes(1);
    const later = jest.fn();
    triggers.when('slot:main', el, 'visible', later);
    expect(later).toHaveBeenCalledTimes(1);
    // A key fired before anyone asked is never armed on its element.
    const none = jest.fn();
    triggers.fire('widget:b');
    triggers.when('widget:b', el, 'interaction', none);
    expect(none).toHaveBeenCalledTimes(1);
  });
});
