/** Where the worker is served; its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** SPEC §4: a service worker only over HTTPS, or on the developer's own machine. */
export const canRegisterServiceWorker = (location: Pick<Location, 'protocol' | 'hostname'>): boolean => location.protocol === 'https:' || LOCAL_HOSTS.has(location.hostname);

export const insecureOriginMessage = (origin: string): string =>
  `Service worker not registered: ${SERVICE_WORKER_URL} can only be registered over HTTPS or on localhost/127.0.0.1, and this page was served from ${origin}. Offline reading and push notifications are unavailable.`;

/**
 * Scripts and stylesheets that failed to load on this page (a remote's chunk during a deploy, a
 * flaky network): after a worker update those are the reason to reload (SPEC §4).
 */
export function trackFailedResources(win: Pick<Window, 'addEventListener'>): { failed(): boolean; note(): void } {
  let failures = 0;
  win.addEventListener(
    'error',
    (event: Event) => {
      const el = event.target as Element | null;
      if (!el || el.nodeType !== 1) return;
      const tag = el.tagName;
      if (tag === 'SCRIPT' || (tag === 'LINK' && /\b(stylesheet|preload|modulepreload)\b/.test(el.getAttribute('rel') ?? ''))) failures++;
    },
    true,
  );
  win.addEventListener('unhandledrejection', (event: Event) => {
    const reason = (event as PromiseRejectionEvent).reason as { name?: string } | undefined;
    if (reason?.name === 'ChunkLoadError') failures++;
  });
  return { failed: () => failures > 0, note: () => void failures++ };
}

export interface ServiceWorkerDeps {
  location: Pick<Location, 'protocol' | 'hostname' | 'origin'>;
  serviceWorker: ServiceWorkerContainer | undefined;
  resourcesFailed: () => boolean;
  reload: () => void;
  logError: (...args: unknown[]) => void;
}

/**
 * Register /sw.js where allowed (a console error elsewhere). A new worker takes over the open page at
 * once (the worker claims it); the page reloads then only when some of its resources had failed —
 * otherwise nothing visible happens and the next requests go through the new worker.
 */
export async function registerServiceWorker(deps: ServiceWorkerDeps): Promise<ServiceWorkerRegistration | undefined> {
  // Checked first: browsers hide navigator.serviceWorker on insecure origins.
  if (!canRegisterServiceWorker(deps.location)) {
    deps.logError(insecureOriginMessage(deps.location.origin));
    return undefined;
  }
  if (!deps.serviceWorker) return undefined;
  const container = deps.serviceWorker;
  // The first worker claiming a page is an installation, not an update.
  let controlled = Boolean(container.controller);
  container.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    if (deps.resourcesFailed()) deps.reload();
  });
  try {
    return await container.register(SERVICE_WORKER_URL, { scope: '/' });
  } catch (error) {
    deps.logError('Service worker registration failed', error);
    return undefined;
  }
}
