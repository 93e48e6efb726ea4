/**
 * Starts the worker that loads the browser's Intl data (intl-warm.worker.ts) off the main thread, once
 * per page, when the boot first asks for the app: a visitor who only looks starts nothing, and one who
 * taps has the data loaded by the time a client-side navigation renders its first date. Where workers
 * cannot start (no Worker, a policy that refuses it), nothing happens: the formatters load on first use
 * as before.
 */
export interface WorkerHost {
  Worker?: new (url: URL, options?: WorkerOptions) => Pick<Worker, 'addEventListener' | 'terminate'>;
}

let started = false;

export function warmIntl(host: WorkerHost, start: () => Pick<Worker, 'addEventListener' | 'terminate'> = defaultStart): void {
  if (started || typeof host.Worker !== 'function') return;
  started = true;
  try {
    const worker = start();
    // Done or failed, the worker holds nothing: its thread is given back either way.
    worker.addEventListener('message', () => worker.terminate());
    worker.addEventListener('error', () => worker.terminate());
  } catch {
    // A worker refused (Content-Security-Policy, a browser without module support): formatters load on first use.
  }
}

/** Tests: as on a new page. */
export const resetIntlWarm = (): void => void (started = false);

// Webpack builds the worker as a file of its own from this form: the global `Worker` and `new URL(…)`.
const defaultStart = () => new Worker(new URL('./intl-warm.worker.ts', import.meta.url), { name: 'qf-intl-warm' });
