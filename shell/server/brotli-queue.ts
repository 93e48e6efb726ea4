/**
 * Where the brotli streams of kept pages are made (issue 37, H1). Brotli's best quality takes a core
 * for tens of milliseconds a page and an encoder holds megabytes while it works: started for every
 * kept page at once, fresh query keys made the shell start one per key, without bound, and other
 * visitors waited seconds. Here:
 * - one stream is made at a time, and after each the queue rests `rest` times as long as the making
 *   took (9: at most a tenth of one core, whatever is asked);
 * - at most `size` pages wait; a page that finds the queue full stays gzip (asked again later, it may
 *   try again), so a flood of new pages costs a counter, not memory;
 * - a page dropped from the cache before its turn leaves the queue, and one being made is stopped.
 * The pages that wait are those visitors asked again: popular pages get their stream, ones asked by
 * nobody else never reach the queue (page-cache.ts, `BROTLI_AFTER`).
 */
export type BrotliOutcome = 'made' | 'none' | 'full' | 'cancelled';

export interface BrotliQueueOptions {
  /** Pages waiting at most (the one being made not counted). */
  size?: number;
  /** How long the queue rests after a making, as a multiple of the making's time (0: none). */
  rest?: number;
  /**
   * Each job's end: `made` (a stream), `none` (the page cannot be brotli: too many nonces, a stream that
   * did not check out), `full` (refused: the queue was full), `cancelled` (dropped before or while made);
   * with the making's time when it ran.
   */
  observe?: (outcome: BrotliOutcome, seconds?: number) => void;
}

export interface BrotliQueue {
  /**
   * Makes a page's stream in its turn: `make` is given a signal that aborts when the job is cancelled
   * while it runs, and says whether a stream was made; `made` is false too when the job was cancelled.
   * `cancel` takes a waiting job out or stops a running one (nothing once it ended). Undefined when the
   * queue is full: nothing was queued.
   */
  add(make: (signal: AbortSignal) => Promise<boolean>): { made: Promise<boolean>; cancel(): void } | undefined;
  /** Pages waiting (a gauge). */
  readonly waiting: number;
  /** Whether a stream is being made now. */
  readonly busy: boolean;
}

export const BROTLI_QUEUE_DEFAULTS = { size: 32, rest: 9 };

export function createBrotliQueue(options: BrotliQueueOptions = {}): BrotliQueue {
  const { size, rest } = { ...BROTLI_QUEUE_DEFAULTS, ...options };
  const { observe } = options;
  interface Job {
    make: (signal: AbortSignal) => Promise<boolean>;
    end: (made: boolean) => void;
    controller: AbortController;
    state: 'waiting' | 'running' | 'ended';
  }
  const waiting: Job[] = [];
  let running = false;
  let resting: NodeJS.Timeout | undefined;

  function next(): void {
    if (running || resting) return;
    const job = waiting.shift();
    if (!job) return;
    running = true;
    job.state = 'running';
    const started = performance.now();
    const finished = (made: boolean) => {
      const seconds = (performance.now() - started) / 1000;
      running = false;
      job.state = 'ended';
      const cancelled = job.controller.signal.aborted;
      observe?.(cancelled ? 'cancelled' : made ? 'made' : 'none', seconds);
      job.end(made && !cancelled);
      if (rest > 0) {
        resting = setTimeout(() => {
          resting = undefined;
          next();
        }, seconds * 1000 * rest);
        resting.unref();
      } else next();
    };
    let promise: Promise<boolean>;
    try {
      promise = job.make(job.controller.signal);
    } catch {
      promise = Promise.resolve(false);
    }
    promise.then(finished, () => finished(false));
  }

  return {
    add(make) {
      if (waiting.length >= size) {
        observe?.('full');
        return undefined;
      }
      let end!: (made: boolean) => void;
      const made = new Promise<boolean>((resolve) => (end = resolve));
      const job: Job = { make, end, controller: new AbortController(), state: 'waiting' };
      waiting.push(job);
      next();
      return {
        made,
        cancel() {
          if (job.state === 'running') job.controller.abort();
          else if (job.state === 'waiting') {
            waiting.splice(waiting.indexOf(job), 1);
            job.state = 'ended';
            observe?.('cancelled');
            end(false);
          }
        },
      };
    },
    get waiting() {
      return waiting.length;
    },
    get busy() {
      return running;
    },
  };
}
