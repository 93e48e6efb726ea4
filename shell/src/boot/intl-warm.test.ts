import { resetIntlWarm, warmIntl } from './intl-warm';

/** A stand-in worker: records its listeners and whether it was ended. */
function fakeWorker() {
  const listeners = new Map<string, () => void>();
  const worker = { addEventListener: jest.fn((type: string, fn: () => void) => void listeners.set(type, fn)), terminate: jest.fn() };
  return { worker, emit: (type: string) => listeners.get(type)?.() };
}

beforeEach(() => resetIntlWarm());

describe('warmIntl', () => {
  it('starts one worker a page, however often the app is asked for, and ends it when it says it is done', () => {
    const { worker, emit } = fakeWorker();
    const start = jest.fn(() => worker);
    const host = { Worker: jest.fn() as never };
    warmIntl(host, start);
    warmIntl(host, start);
    expect(start).toHaveBeenCalledTimes(1);
    expect(worker.terminate).not.toHaveBeenCalled();
    emit('message');
    expect(worker.terminate).toHaveBeenCalledTimes(1);
  });

  it('ends a worker that failed', () => {
    const { worker, emit } = fakeWorker();
    warmIntl({ Worker: jest.fn() as never }, () => worker);
    emit('error');
    expect(worker.terminate).toHaveBeenCalledTimes(1);
  });

  it('starts nothing in a browser without workers', () => {
    const start = jest.fn();
    warmIntl({}, start);
    expect(start).not.toHaveBeenCalled();
  });

  it('leaves the page as it was when the browser refuses the worker (a Content-Security-Policy)', () => {
    const start = jest.fn(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    expect(() => warmIntl({ Worker: jest.fn() as never }, start)).not.toThrow();
  });
});
