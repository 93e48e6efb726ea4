/** @jest-environment jsdom */
import { OPEN_ASSISTANT_EVENT } from '../chrome/assistant-event';
import { boot } from './index';
import { BOOT_GLOBAL, type BootWindow, type RootName, type ShellApp } from './protocol';

// One boot in this file's window: every assistant event seen here is this boot's.
it('does not open the assistant when Escape was pressed while the header was on its way', async () => {
  window.fetch = jest.fn(() => new Promise<Response>(() => undefined));
  document.body.innerHTML = `<div data-qf-root="header" data-qf-hydrate="interaction"><button type="button">Menu</button></div>
    <footer data-qf-root="footer"><button type="button" id="ask">Ask</button></footer>`;
  const hydrateRoot = jest.fn(async (_name: RootName) => undefined);
  const app: ShellApp = { hydrateRoot, rootStarted: () => false, startSections: async () => undefined, navigate: async () => undefined, prefetch: () => undefined };
  new MutationObserver((_, observer) => {
    if (!document.head.querySelector('script[src="/_shell/main.js"]')) return;
    observer.disconnect();
    queueMicrotask(() => (window as BootWindow)[BOOT_GLOBAL]!.ready(app));
  }).observe(document.head, { childList: true });
  const script = document.createElement('script');
  script.setAttribute('data-app', '/_shell/main.js');
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
  boot(window as BootWindow, document);

  const replayed = jest.fn();
  window.addEventListener(OPEN_ASSISTANT_EVENT, (e) => void ((e as CustomEvent<{ replayed?: boolean }>).detail?.replayed && replayed()));
  window.dispatchEvent(new CustomEvent(OPEN_ASSISTANT_EVENT));
  document.getElementById('ask')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  await new Promise((r) => setTimeout(r, 150));
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  expect(hydrateRoot).toHaveBeenCalledWith('header');
  expect(replayed).not.toHaveBeenCalled();
});
