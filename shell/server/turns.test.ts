import { createTurns } from './turns';

/** `ms` of CPU on the event loop, as a render takes. */
function spin(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('turns for the heavy steps', () => {
  it('runs steps one at a time, in order of arrival, and gives each its result', async () => {
    const turns = createTurns();
    const log: string[] = [];
    const step = (name: string) => async () => {
      log.push(`${name} starts`);
      await Promise.resolve();
      log.push(`${name} ends`);
      return name.toUpperCase();
    };
    const results = await Promise.all([turns.run(step('a')), turns.run(step('b')), turns.run(step('c'))]);
    expect(results).toEqual(['A', 'B', 'C']);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
  });

  it('lets steps that ask go ahead of those waiting, in their own order of arrival', async () => {
    const turns = createTurns();
    const log: string[] = [];
    const step = (name: string) => () => void log.push(name);
    const all = [
      turns.run(step('running')),
      turns.run(step('w1')),
      turns.run(step('w2')),
      turns.run(step('first request'), { ahead: true }),
      turns.run(step('last step'), { ahead: true }),
    ];
    expect(turns.waiting).toBe(4);
    await Promise.all(all);
    expect(log).toEqual(['running', 'first request', 'last step', 'w1', 'w2']);
    expect(turns.waiting).toBe(0);
  });

  it('chains steps within a slice and gives the loop a turn once the slice is spent', async () => {
    let clock = 0;
    const yields: number[] = [];
    const turns = createTurns({ sliceMs: 10, now: () => clock, yieldLoop: (next) => (yields.push(clock), setImmediate(next)) });
    const step = (ms: number) => () => void (clock += ms);
    // 4 + 4 fit in the slice; the third begins after 8 ms (< 10), the fourth after 12: a turn first.
    await Promise.all([turns.run(step(4)), turns.run(step(4)), turns.run(step(4)), turns.run(step(4)), turns.run(step(4))]);
    expect(yields).toEqual([12]);
  });

  it('passes a failing step’s error on and gives its turn to the next', async () => {
    const turns = createTurns();
    const failing = turns.run(() => {
      throw new Error('render failed');
    });
    const next = turns.run(() => 'rendered');
    await expect(failing).rejects.toThrow('render failed');
    await expect(next).resolves.toBe('rendered');
    expect(turns.waiting).toBe(0);
  });

  it('lets due timers run between heavy steps, where steps run back to back would hold them all', async () => {
    const order = async (run: (step: () => void) => Promise<void>) => {
      const log: string[] = [];
      setTimeout(() => log.push('timer'), 1);
      await Promise.all(Array.from({ length: 5 }, (_, i) => run(() => (spin(3), void log.push(`step ${i}`)))));
      await new Promise((resolve) => setTimeout(resolve, 5));
      return log;
    };
    // Each step takes 3 ms, so the 1 ms timer is due once the first has run.
    expect(await order(async (step) => step())).toEqual(['step 0', 'step 1', 'step 2', 'step 3', 'step 4', 'timer']);
    const turns = createTurns();
    const taking = await order((step) => turns.run(step));
    // The loop turns after each step: the timer runs within two of them (one more when the first step
    // began in a phase before the loop's check phase), not after all five.
    expect(taking.filter((e) => e !== 'timer')).toEqual(['step 0', 'step 1', 'step 2', 'step 3', 'step 4']);
    expect(taking.indexOf('timer')).toBeGreaterThan(0);
    expect(taking.indexOf('timer')).toBeLessThanOrEqual(2);
  });

  it('gives the turn to the next step while a step waits for I/O (a remote slow to load holds no other render)', async () => {
    const turns = createTurns();
    const log: string[] = [];
    const slow = turns.run(async () => {
      log.push('slow starts');
      // Long enough that a loaded machine (CI: the next step's turn came after 30 ms once) still gives
      // the turn before the wait is over: what is asserted is the order, not a speed.
      await new Promise((resolve) => setTimeout(resolve, 400));
      log.push('slow ends');
    });
    const next = turns.run(() => void log.push('next runs'));
    await Promise.all([slow, next]);
    expect(log).toEqual(['slow starts', 'next runs', 'slow ends']);
    expect(turns.waiting).toBe(0);
  });
});
