import type { Theme } from '@qf/shared/bus';

export const THEME_KEY = 'darkMode';
export const PROGRESS_KEY = 'progressBarColor';
/**
 * The theme the page shows, mirrored in a cookie so the server renders it: without it, a light-theme
 * visitor would get a dark page that turns light once the script runs.
 */
export const THEME_COOKIE = 'qf_theme';
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

export const themeCookie = (theme: Theme): string => `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;

/** The theme named by the request's cookie, if any (anything else is ignored). */
export function themeFromCookies(header: string | undefined): Theme | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === THEME_COOKIE && (value === 'dark' || value === 'light')) return value;
  }
  return undefined;
}

export function mirrorTheme(theme: Theme, doc: Pick<Document, 'cookie'> = document): void {
  try {
    doc.cookie = themeCookie(theme);
  } catch {
    // cookies disabled: the server renders dark, the script still applies the theme
  }
}
