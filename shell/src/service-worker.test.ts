/** @jest-environment jsdom */
import { canRegisterServiceWorker, insecureOriginMessage, registerServiceWorker, trackFailedResources } from './service-worker';

function fakeContainer(controller: unknown = null) {
  const listeners: (() => void)[] = [];
  const container = {
    controller,
    register: jest.fn(async () => ({ scope: '/' }) as ServiceWorkerRegistration),
    addEventListener: (type: string, fn: () => void) => type === 'controllerchange' && listeners.push(fn),
  };
  return { container: container as unknown as ServiceWorkerContainer, register: container.register, takeOver: () => listeners.forEach((fn) => fn()) };
}

const deps = (origin: string, container: ServiceWorkerContainer | undefined, failed = false) => {
  const url = new URL(origin);
  return { location: { protocol: url.protocol, hostname: url.hostname, origin: url.origin }, serviceWorker: container, resourcesFailed: () => failed, reload: jest.fn(), logError: jest.fn() };
};

describe('registering the service worker', () => {
  it.each([
    ['https://www.qf.org.qa', true],
    ['http://localhost:3000', true],
    ['http://127.0.0.1:3000', true],
    ['http://[::1]:3000', true],
    ['http://www.qf.org.qa', false],
    ['http://192.168.1.20:3000', false],
  ])('%s may register: %s', (origin, allowed) => {
    const url = new URL(origin);
    expect(canRegisterServiceWorker({ protocol: url.protocol, hostname: url.hostname })).toBe(allowed);
  });

  it('registers /sw.js with the whole site as its scope over HTTPS', async () => {
    const { container, register } = fakeContainer();
    const d = deps('https://www.qf.org.qa', container);
    await registerServiceWorker(d);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(d.logError).not.toHaveBeenCalled();
  });

  it('only logs a console error on an insecure origin', async () => {
    const { container, register } = fakeContainer();
    const d = deps('http://www.qf.org.qa', container);
    await expect(registerServiceWorker(d)).resolves.toBeUndefined();
    expect(register).not.toHaveBeenCalled();
    expect(d.logError).toHaveBeenCalledWith(insecureOriginMessage('http://www.qf.org.qa'));
    expect(insecureOriginMessage('http://www.qf.org.qa')).toBe(
      'Service worker not registered: /sw.js can only be registered over HTTPS or on localhost/127.0.0.1, and this page was served from http://www.qf.org.qa. Offline reading and push notifications are unavailable.',
    );
  });

  it('does nothing in a browser without service workers', async () => {
    const d = deps('https://www.qf.org.qa', undefined);
    await expect(registerServiceWorker(d)).resolves.toBeUndefined();
    expect(d.logError).not.toHaveBeenCalled();
  });

  it('logs a failed registration instead of throwing', async () => {
    const { container, register } = fakeContainer();
    register.mockRejectedValueOnce(new Error('404'));
    const d = deps('https://www.qf.org.qa', container);
    await expect(registerServiceWorker(d)).resolves.toBeUndefined();
    expect(d.logError).toHaveBeenCalledWith('Service worker registration failed', expect.any(Error));
  });

  it('reloads after an update only when resources failed to load', async () => {
    const healthy = fakeContainer({});
    const fine = deps('https://www.qf.org.qa', healthy.container, false);
    await registerServiceWorker(fine);
    healthy.takeOver();
    expect(fine.reload).not.toHaveBeenCalled();

    const broken = fakeContainer({});
    const failing = deps('https://www.qf.org.qa', broken.container, true);
    await registerServiceWorker(failing);
    broken.takeOver();
    expect(failing.reload).toHaveBeenCalledTimes(1);
  });

  it('does not treat the first installation as an update', async () => {
    const first = fakeContainer(null);
    const d = deps('https://www.qf.org.qa', first.container, true);
    await registerServiceWorker(d);
    first.takeOver();
    expect(d.reload).not.toHaveBeenCalled();
    first.takeOver();
    expect(d.reload).toHaveBeenCalledTimes(1);
  });
});

describe('tracking failed resources', () => {
  it('counts scripts and stylesheets that failed, and chunk load errors, but not images', () => {
    const tracker = trackFailedResources(window);
    const img = document.createElement('img');
    document.body.append(img);
    img.dispatchEvent(new Event('error'));
    expect(tracker.failed()).toBe(false);
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    document.head.append(link);
    link.dispatchEvent(new Event('error'));
    expect(tracker.failed()).toBe(true);

    const other = trackFailedResources(window);
    const script = document.createElement('script');
    document.body.append(script);
    script.dispatchEvent(new Event('error'));
    expect(other.failed()).toBe(true);

    const chunks = trackFailedResources(window);
    expect(chunks.failed()).toBe(false);
    const rejection = Object.assign(new Event('unhandledrejection'), { reason: Object.assign(new Error('Loading chunk 12 failed'), { name: 'ChunkLoadError' }) });
    window.dispatchEvent(rejection);
    expect(chunks.failed()).toBe(true);

    const noted = trackFailedResources(window);
    noted.note();
    expect(noted.failed()).toBe(true);
  });
});
