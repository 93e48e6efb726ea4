import { oneEditApart, topByScore } from './engine';

describe('oneEditApart', () => {
  it('is true for one letter missing, extra, replaced, or two neighbours swapped', () => {
    expect(oneEditApart('university', 'universty')).toBe(true);
    expect(oneEditApart('learnig', 'learning')).toBe(true);
    expect(oneEditApart('research', 'reserach')).toBe(true);
    expect(oneEditApart('research', 'reaserch')).toBe(false); // letters moved two places
    expect(oneEditApart('research', 'reseacrh')).toBe(true);
    expect(oneEditApart('جامعه', 'جامغه')).toBe(true);
  });

  it('is false for the same word and for two edits or more', () => {
    expect(oneEditApart('doha', 'doha')).toBe(false);
    expect(oneEditApart('georgetown', 'gorgetwn')).toBe(false);
    expect(oneEditApart('abc', 'abcde')).toBe(false);
    expect(oneEditApart('abcd', 'badc')).toBe(false);
  });
});

describe('topByScore', () => {
  it('gives the first k in order, as a full sort would, for small and large inputs', () => {
    const byValue = (a: number, b: number) => b - a;
    let seed = 7;
    const items = Array.from({ length: 5000 }, () => (seed = (seed * 48271) % 2147483647) % 1000);
    for (const k of [1, 10, 30, 2000, 6000]) expect(topByScore(items, k, byValue)).toEqual([...items].sort(byValue).slice(0, k));
    expect(topByScore([3, 1, 2], 10, byValue)).toEqual([3, 2, 1]);
    expect(topByScore([3, 1, 2], 0, byValue)).toEqual([]);
  });
});
