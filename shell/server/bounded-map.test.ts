import { boundedMap } from './bounded-map';

describe('boundedMap', () => {
  it('keeps at most max entries, dropping the one set longest ago; setting a key again renews it', () => {
    const m = boundedMap<string, number>(2);
    m.set('a', 1);
    m.set('b', 2);
    m.set('a', 3);
    m.set('c', 4);
    expect([m.get('a'), m.get('b'), m.get('c'), m.size]).toEqual([3, undefined, 4, 2]);
    expect(m.delete('a')).toBe(true);
    expect(m.size).toBe(1);
  });
});
