/** @jest-environment jsdom */
import { A11Y_KEY, applyPrefs, defaultPrefs, readPrefs, savePrefs } from './a11y-prefs';
import { motionAllowed } from './motion';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
};

describe('accessibility choices', () => {
  it('persist and read back', () => {
    const s = memory();
    expect(readPrefs(s)).toEqual(defaultPrefs);
    savePrefs(s, { textSize: 2, contrast: true, underline: false, readable: true, pause: true });
    expect(JSON.parse(s.m.get(A11Y_KEY)!)).toEqual({ textSize: 2, contrast: true, underline: false, readable: true, pause: true });
    expect(readPrefs(s)).toEqual({ textSize: 2, contrast: true, underline: false, readable: true, pause: true });
  });

  it('fall back to the defaults when the stored value is unreadable', () => {
    const s = memory();
    s.setItem(A11Y_KEY, '{not json');
    expect(readPrefs(s)).toEqual(defaultPrefs);
    s.setItem(A11Y_KEY, JSON.stringify({ ...defaultPrefs, textSize: 9 }));
    expect(readPrefs(s)).toEqual(defaultPrefs);
    expect(readPrefs(undefined)).toEqual(defaultPrefs);
  });

  it('apply as a body attribute and classes, and undo', () => {
    applyPrefs({ textSize: 3, contrast: true, underline: true, readable: false, pause: true }, document.body);
    expect(document.body.dataset.textSize).toBe('150');
    expect([...document.body.classList].sort()).toEqual(['qf-a11y-contrast', 'qf-a11y-pause', 'qf-a11y-underline']);
    applyPrefs(defaultPrefs, document.body);
    expect(document.body.dataset.textSize).toBeUndefined();
    expect(document.body.className).toBe('');
  });

  it('turn motion off when animations are paused or the system asks for reduced motion', () => {
    const win = (reduce: boolean) => ({ document, matchMedia: (q: string) => ({ matches: reduce && q.includes('reduce') }) as MediaQueryList });
    expect(motionAllowed(win(false))).toBe(true);
    expect(motionAllowed(win(true))).toBe(false);
    document.body.classList.add('qf-a11y-pause');
    expect(motionAllowed(win(false))).toBe(false);
    document.body.classList.remove('qf-a11y-pause');
  });
});
