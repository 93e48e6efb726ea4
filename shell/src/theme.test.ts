/** @jest-environment jsdom */
import { applyTheme, initialTheme, mirrorTheme, progressColours, systemScheme, THEME_KEY, themeFromCookies, themePrePaintScript, type SystemScheme } from './theme';

describe('theme (SPEC §4)', () => {
  const storage = (value: string | null) => ({ getItem: (k: string) => (k === THEME_KEY ? value : null) });

  it('takes the stored value first, then the system preference, then dark', () => {
    expect(initialTheme(storage('false'), 'dark')).toBe('light');
    expect(initialTheme(storage('true'), 'light')).toBe('dark');
    expect(initialTheme(storage(null), 'light')).toBe('light');
    expect(initialTheme(storage(null), 'dark')).toBe('dark');
    // No preference stated: dark (it was light).
    expect(initialTheme(storage(null), undefined)).toBe('dark');
    expect(initialTheme(undefined, undefined)).toBe('dark');
  });

  it('reads the system preference as light, dark or none', () => {
    const media = (scheme: string) => (q: string) => ({ matches: q === `(prefers-color-scheme: ${scheme})` });
    expect(systemScheme(media('light'))).toBe('light');
    expect(systemScheme(media('dark'))).toBe('dark');
    expect(systemScheme(media('no-preference'))).toBeUndefined();
    expect(systemScheme(undefined)).toBeUndefined();
  });

  it('applies the theme to the body and stores it under darkMode with the progress colour', () => {
    const saved = new Map<string, string>();
    applyTheme('light', document.body, { setItem: (k, v) => void saved.set(k, v) });
    expect(document.body.dataset.theme).toBe('light');
    expect(saved.get('darkMode')).toBe('false');
    expect(saved.get('progressBarColor')).toBe('#e14524');
    applyTheme('dark', document.body);
    expect(document.body.style.getPropertyValue('--progress')).toBe(progressColours.dark);
  });

  it('mirrors the theme in a year-long cookie the server reads back', () => {
    mirrorTheme('light', document);
    expect(document.cookie).toContain('qf_theme=light');
    expect(themeFromCookies(document.cookie)).toBe('light');
    mirrorTheme('dark', document);
    expect(themeFromCookies(document.cookie)).toBe('dark');
    expect(themeFromCookies('a=1; qf_theme=light; b=2')).toBe('light');
    expect(themeFromCookies('qf_theme=purple')).toBeUndefined();
    expect(themeFromCookies('xqf_theme=light')).toBeUndefined();
    expect(themeFromCookies(undefined)).toBeUndefined();
  });
});

describe('the theme before the first paint', () => {
  const run = (stored: string | null, system: SystemScheme | 'no matchMedia') => {
    localStorage.clear();
    if (stored !== null) localStorage.setItem(THEME_KEY, stored);
    window.matchMedia = (system === 'no matchMedia' ? undefined : (q: string) => ({ matches: system !== undefined && q === `(prefers-color-scheme: ${system})` })) as unknown as typeof window.matchMedia;
    document.body.removeAttribute('data-theme');
    document.documentElement.removeAttribute('data-qf-js');
    new Function(themePrePaintScript())();
    return { theme: document.body.dataset.theme, progress: document.body.style.getPropertyValue('--progress'), cookie: themeFromCookies(document.cookie), js: document.documentElement.hasAttribute('data-qf-js') };
  };

  it('chooses, applies and mirrors exactly what the app would, and marks the document as scripted', () => {
    for (const [stored, system] of [['true', 'light'], ['false', 'dark'], [null, 'light'], [null, 'dark'], [null, undefined], [null, 'no matchMedia']] as const) {
      const expected = initialTheme({ getItem: () => stored }, system === 'no matchMedia' ? undefined : system);
      expect(run(stored, system)).toEqual({ theme: expected, progress: progressColours[expected], cookie: expected, js: true });
    }
    expect(run(null, undefined).theme).toBe('dark');
    expect(run(null, 'light').theme).toBe('light');
  });

  it('still marks the document as scripted when storage throws', () => {
    Object.defineProperty(window, 'localStorage', { configurable: true, get: () => { throw new Error('denied'); } });
    try {
      document.documentElement.removeAttribute('data-qf-js');
      new Function(themePrePaintScript())();
      expect(document.documentElement.hasAttribute('data-qf-js')).toBe(true);
    } finally {
      delete (window as { localStorage?: unknown }).localStorage;
    }
  });
});
