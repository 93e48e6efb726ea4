/**
 * Turns for the server's heavy steps (a page's render, the cutting, hashing and compressing of its
 * body), so that a loaded shell still takes new connections, reads requests and runs its timers
 * between them.
 *
 * Since libuv 1.45 (libuv/libuv#3696; Node 20 on) a server accepts one connection per turn of the event
 * loop. A turn of a loaded shell used to render every page whose owner had answered in it: with 50
 * visitors on kept-alive connections, tens of pages of ~1-2.5 ms each, so turns of ~100 ms, and the 50th
 * new connection waited ~50 of them in the kernel's queue, over a second. A 30-line Node server that
 * only spins 2.5 ms per request shows it alone: autocannon's 50 new connections were accepted one per
 * 2.5 ms × the connections already open (the last after 1.8 s), p99 1.3 s at a p50 of 130 ms; with its
 * requests taking turns as here, the last was accepted after 240 ms, p99 ~300 ms.
 *
 * Taking turns, the heavy steps run one after another while less than `sliceMs` has passed since the
 * slice began, then the loop turns (`setImmediate`: it polls, so it accepts, reads and writes, and runs
 * due timers) before the next slice. Steps wait in order of arrival, except those that ask to go ahead:
 * the first request of a connection just accepted (it has already waited in the kernel's queue, longer
 * than anything waiting here) and a request's last heavy step (finishing what is begun before beginning
 * more keeps the requests in flight, and their memory, few).
 *
 * A step holds its turn while it computes: until its promise settles or, if it waits for I/O (a render
 * loading a remote's Node build after a deploy, a stylesheet or a manifest not read yet: up to the SSR
 * timeout), until the loop's next check phase, whichever comes first. Then the next step goes on and
 * this one finishes without a turn: a slow remote never holds the renders of the other sections.
 */
export interface Turns {
  /**
   * Runs `step` when its turn comes; `ahead` before the steps waiting in order of arrival (the first
   * request of a connection just accepted, the last step of a request already begun).
   */
  run<T>(step: () => T | Promise<T>, options?: { ahead?: boolean }): Promise<T>;
  /** Steps waiting for their turn now. */
  readonly waiting: number;
}

export interface TurnsOptions {
  /** How long steps may run one after another before the event loop turns. */
  sliceMs?: number;
  now?: () => number;
  /** How the loop is given a turn: `setImmediate` (after the poll phase). */
  yieldLoop?: (next: () => void) => void;
}

export function createTurns({ sliceMs = 1, now = () => performance.now(), yieldLoop = (next) => void setImmediate(next) }: TurnsOptions = {}): Turns {
  const queue: Array<() => void> = [];
  /** How many of the queue's head were asked to go ahead (they go in front, in their own order of arrival). */
  let ahead = 0;
  let running = false;
  let sliceStart = 0;

  function release() {
    const go = queue.shift();
    if (!go) {
      running = false;
      return;
    }
    if (ahead) ahead--;
    if (now() - sliceStart < sliceMs) go();
    else
      yieldLoop(() => {
        sliceStart = now();
        go();
      });
  }

  return {
    async run(step, options = {}) {
      if (running) {
        await new Promise<void>((resolve) => {
          if (options.ahead) queue.splice(ahead++, 0, resolve);
          else queue.push(resolve);
        });
      } else {
        running = true;
        sliceStart = now();
      }
      let released = false;
      const releaseOnce = () => {
        if (released) return;
        released = true;
        clearImmediate(waitingForIo);
        release();
      };
      // A step still running when the check phase comes is waiting for I/O: its turn goes to the next.
      const waitingForIo = setImmediate(releaseOnce);
      try {
        return await step();
      } finally {
        releaseOnce();
      }
    },
    get waiting() {
      return queue.length;
    },
  };
}
