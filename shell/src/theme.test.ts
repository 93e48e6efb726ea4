/** @jest-environment jsdom */
import { applyTheme, initialTheme, mirrorTheme, progressColours, THEME_KEY, themeFromCookies } from './theme';

describe('theme (SPEC §4)', () => {
  const storage = (value: string | null) => ({ getItem: (k: string) => (k === THEME_KEY ? value : null) });

  it('takes the stored value first, then the system preference, then dark', () => {
    expect(initialTheme(storage('false'), true)).toBe('light');
    expect(initialTheme(storage('true'), false)).toBe('dark');
    expect(initialTheme(storage(null), false)).toBe('light');
    expect(initialTheme(storage(null), true)).toBe('dark');
    expect(initialTheme(undefined, undefined)).toBe('dark');
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
