import { createBrotliQueue, type BrotliOutcome } from './brotli-queue';

/** A making the test ends itself: `finish(made)`; `signal` is what the queue gave it. */
function controlled() {
  let finish!: (made: boolean) => void;
  let signal: AbortSignal | undefined;
  let started = false;
  const make = (s: AbortSignal) => {
    started = true;
    signal = s;
    return new Promise<boolean>((resolve) => {
      finish = resolve;
      s.addEventListener('abort', () => resolve(false));
    });
  };
  return {
    make,
    finish: (made: boolean) => finish(made),
    get started() {
      return started;
    },
    get signal() {
      return signal;
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the brotli queue', () => {
  it('makes one stream at a time, in the order they were asked', async () => {
    const queue = createBrotliQueue({ rest: 0 });
    const [a, b] = [controlled(), controlled()];
    const first = queue.add(a.make)!;
    const second = queue.add(b.make)!;
    expect([a.started, b.started, queue.busy, queue.waiting]).toEqual([true, false, true, 1]);
    a.finish(true);
    await expect(first.made).resolves.toBe(true);
    await tick();
    expect([b.started, queue.waiting]).toEqual([true, 0]);
    b.finish(false);
    await expect(second.made).resolves.toBe(false);
    expect(queue.busy).toBe(false);
  });

  it('refuses a page when the queue is full, and counts it', async () => {
    const seen: BrotliOutcome[] = [];
    const queue = createBrotliQueue({ size: 2, rest: 0, observe: (outcome) => seen.push(outcome) });
    const running = controlled();
    queue.add(running.make);
    expect(queue.add(controlled().make)).toBeDefined();
    expect(queue.add(controlled().make)).toBeDefined();
    expect(queue.add(controlled().make)).toBeUndefined();
    expect(queue.waiting).toBe(2);
    expect(seen).toEqual(['full']);
  });

  it('takes a cancelled page out before its turn, and stops one being made', async () => {
    const seen: BrotliOutcome[] = [];
    const queue = createBrotliQueue({ rest: 0, observe: (outcome) => seen.push(outcome) });
    const [a, b] = [controlled(), controlled()];
    const first = queue.add(a.make)!;
    const second = queue.add(b.make)!;
    second.cancel();
    await expect(second.made).resolves.toBe(false);
    expect(queue.waiting).toBe(0);
    first.cancel();
    expect(a.signal?.aborted).toBe(true);
    await expect(first.made).resolves.toBe(false);
    await tick();
    expect(b.started).toBe(false);
    expect(seen).toEqual(['cancelled', 'cancelled']);
    expect(queue.busy).toBe(false);
  });

  it('says a page that cannot be brotli, and a making that threw, as none, and goes on', async () => {
    const seen: BrotliOutcome[] = [];
    const queue = createBrotliQueue({ rest: 0, observe: (outcome) => seen.push(outcome) });
    const threw = queue.add(() => Promise.reject(new Error('out of memory')))!;
    const after = controlled();
    const next = queue.add(after.make)!;
    await expect(threw.made).resolves.toBe(false);
    await tick();
    after.finish(true);
    await expect(next.made).resolves.toBe(true);
    expect(seen).toEqual(['none', 'made']);
  });

  it('rests after each making, as many times as long as it took', async () => {
    const queue = createBrotliQueue({ rest: 4 });
    const started: number[] = [];
    const make = () => {
      started.push(performance.now());
      return new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 25));
    };
    const made = [queue.add(make)!, queue.add(make)!];
    await Promise.all(made.map((m) => m.made));
    // The second began at least 25 ms (its making) + 4 × 25 ms (the rest) after the first.
    expect(started[1]! - started[0]!).toBeGreaterThanOrEqual(120);
  });
});
