/** @jest-environment jsdom */
import { A11Y_KEY, applyPrefs, type A11yPrefs } from './a11y-prefs';
import { a11yPrePaintScript } from './a11y-prepaint';

/** Runs the inline script against a fresh body, as the browser does before the first paint. */
function prePaint(stored: string | null): { classes: string[]; textSize: string | undefined } {
  document.body.className = '';
  delete document.body.dataset.textSize;
  localStorage.clear();
  if (stored !== null) localStorage.setItem(A11Y_KEY, stored);
  new Function(a11yPrePaintScript())();
  return { classes: [...document.body.classList].sort(), textSize: document.body.dataset.textSize };
}

describe('accessibility choices before the first paint', () => {
  it('applies exactly what the bundle applies later, for every choice', () => {
    const prefs: A11yPrefs = { textSize: 3, contrast: true, underline: false, readable: true, pause: true };
    const early = prePaint(JSON.stringify(prefs));
    const body = document.createElement('body');
    applyPrefs(prefs, body);
    expect(early).toEqual({ classes: [...body.classList].sort(), textSize: body.dataset.textSize });
    expect(early).toEqual({ classes: ['qf-a11y-contrast', 'qf-a11y-pause', 'qf-a11y-readable'], textSize: '150' });
  });

  it('applies nothing for a first visit, unreadable or tampered storage, and never throws', () => {
    expect(prePaint(null)).toEqual({ classes: [], textSize: undefined });
    expect(prePaint('{not json')).toEqual({ classes: [], textSize: undefined });
    expect(prePaint('"contrast"')).toEqual({ classes: [], textSize: undefined });
    expect(prePaint(JSON.stringify({ textSize: 99, contrast: 'yes', underline: 1, '"><script>': true }))).toEqual({ classes: [], textSize: undefined });
  });
});
