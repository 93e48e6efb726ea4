/** @jest-environment jsdom */
import { scrollToTop } from './scroll-top';

const fakeWindow = (reduce: boolean, scrollY = 1000) => {
  const frames: (() => void)[] = [];
  const positions: number[] = [];
  const win = {
    scrollY,
    document,
    matchMedia: (q: string) => ({ matches: reduce && q.includes('reduce') }) as MediaQueryList,
    scrollTo: (_x: number, y: number) => void positions.push(y),
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
  };
  return { win: win as unknown as Parameters<typeof scrollToTop>[0], frames, positions };
};

describe('scroll to top (SPEC §9)', () => {
  it('eases to the top over 0.5 s', async () => {
    const { win, frames, positions } = fakeWindow(false);
    let clock = 0;
    const done = scrollToTop(win, () => clock);
    for (const t of [0, 125, 250, 375, 500]) {
      clock = t;
      frames.shift()!();
    }
    await done;
    expect(positions).toEqual([1000, 875, 500, 125, 0]);
    expect(frames).toHaveLength(0);
  });

  it('jumps at once under prefers-reduced-motion', async () => {
    const { win, frames, positions } = fakeWindow(true);
    await scrollToTop(win, () => 0);
    expect(positions).toEqual([0]);
    expect(frames).toHaveLength(0);
  });
});
