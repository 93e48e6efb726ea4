import { createBus } from '@qf/shared/bus';
import { render } from '../server';
import { bootstrap, mount, unmount } from '../parcel';

/**
 * For tests: renders a widget the way the shell does on the server, lets `beforeHydration` act on that
 * markup (a visitor typing before the section's code arrived), then hydrates it through the section's
 * own parcel. `problems` collects every console error and uncaught error (React reports a hydration
 * mismatch through both); act() warnings are off, since the parcel owns its root, as in a browser.
 */
export async function hydrateWidget(view: string, data: Record<string, unknown>, lang: 'en' | 'ar', beforeHydration: (el: HTMLElement) => void = () => undefined) {
  const el = document.createElement('div');
  document.body.append(el);
  const props = { view, data, lang, bus: createBus(), host: {} };
  el.innerHTML = render(props);
  const serverHtml = el.innerHTML;
  beforeHydration(el);
  const problems: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void problems.push(args.map(String).join(' '));
  const onError = (event: ErrorEvent) => {
    problems.push(String(event.error?.message ?? event.message));
    event.preventDefault();
  };
  window.addEventListener('error', onError);
  const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  const parcelProps = { ...props, name: `hydrate-${view}-${Math.random()}`, domElement: el, hydrate: true, errorMessage: 'This part of the page could not be displayed.' };
  await bootstrap(parcelProps as never);
  await mount(parcelProps);
  await new Promise((r) => setTimeout(r, 20));
  return {
    el,
    serverHtml,
    problems,
    async done() {
      await unmount(parcelProps as never);
      el.remove();
      window.removeEventListener('error', onError);
      console.error = original;
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    },
  };
}
