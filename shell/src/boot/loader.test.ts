/** @jest-environment jsdom */
import { bootLoaderScript, EARLY_EVENTS_GLOBAL } from './loader';
import { BOOT_GLOBAL } from './protocol';

const early = window as unknown as Record<string, unknown>;

describe('the inline boot loader', () => {
  const run = () => new Function(bootLoaderScript('/_shell/boot/boot.0123456789.js', '/_shell/main.0123456789.js'))();
  const bootScripts = () => [...document.head.querySelectorAll('script')].filter((s) => s.src.includes('/boot/'));

  beforeEach(() => {
    document.head.innerHTML = '';
    delete early[BOOT_GLOBAL];
    delete early[EARLY_EVENTS_GLOBAL];
  });

  it('fetches the boot once, at the first touch, pointer, focus or key before the page has loaded', () => {
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'interactive' });
    run();
    expect(bootScripts()).toHaveLength(0);
    const button = document.createElement('button');
    document.body.append(button);
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(bootScripts()).toHaveLength(1);
    expect(bootScripts()[0]!.getAttribute('data-app')).toBe('/_shell/main.0123456789.js');
    // Recorded for the boot to replay, in order, without being stopped.
    expect((early[EARLY_EVENTS_GLOBAL] as Event[]).map((e) => [e.type, e.defaultPrevented])).toEqual([
      ['pointerdown', false],
      ['click', false],
    ]);
    delete (document as { readyState?: string }).readyState;
  });

  it('fetches the boot when the page has loaded, and records nothing once the boot runs', () => {
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'interactive' });
    run();
    window.dispatchEvent(new Event('load'));
    expect(bootScripts()).toHaveLength(1);
    early[BOOT_GLOBAL] = {};
    document.body.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(early[EARLY_EVENTS_GLOBAL]).toEqual([]);
    delete (document as { readyState?: string }).readyState;
  });
});
