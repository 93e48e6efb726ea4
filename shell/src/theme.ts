import type { Theme } from '@qf/shared/bus';

export const THEME_KEY = 'darkMode';
export const PROGRESS_KEY = 'progressBarColor';
export const progressColours: Record<Theme, string> = { dark: '#6BCDB2', light: '#e14524' };

/** Stored choice, else the system preference, else dark (SPEC §4). */
export function initialTheme(storage: Pick<Storage, 'getItem'> | undefined, prefersDark: boolean | undefined): Theme {
  const stored = storage?.getItem(THEME_KEY);
  if (stored === 'true') return 'dark';
  if (stored === 'false') return 'light';
  if (prefersDark === false) return 'light';
  return 'dark';
}

export function applyTheme(theme: Theme, body: HTMLElement, storage?: Pick<Storage, 'setItem'>): void {
  body.dataset.theme = theme;
  body.style.setProperty('--progress', progressColours[theme]);
  try {
    storage?.setItem(THEME_KEY, String(theme === 'dark'));
    storage?.setItem(PROGRESS_KEY, progressColours[theme]);
  } catch {
    // storage can be full or disabled: the theme still applies for this page
  }
}
