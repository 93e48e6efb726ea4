import type { Theme } from '@qf/shared/bus';

export const THEME_KEY = 'darkMode';
export const PROGRESS_KEY = 'progressBarColor';
/**
 * The theme the page shows, mirrored in a cookie so the server renders it: without it, a light-theme
 * visitor would get a dark page that turns light once the script runs.
 */
export const THEME_COOKIE = 'qf_theme';
export const progressColours: Record<Theme, string> = { dark: '#6BCDB2', light: '#e14524' };

/** What the system asks for (`prefers-color-scheme`); undefined when it states no preference. */
export type SystemScheme = Theme | undefined;

/** The system's colour scheme as the browser reports it: light, dark, or no preference. */
export const systemScheme = (matchMedia: ((query: string) => { matches: boolean }) | undefined): SystemScheme =>
  matchMedia?.('(prefers-color-scheme: light)').matches ? 'light' : matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : undefined;

/** Stored choice, else the system preference, else dark (SPEC §4): only a system that asks for light gets light. */
export function initialTheme(storage: Pick<Storage, 'getItem'> | undefined, system: SystemScheme): Theme {
  const stored = storage?.getItem(THEME_KEY);
  if (stored === 'true') return 'dark';
  if (stored === 'false') return 'light';
  return system === 'light' ? 'light' : 'dark';
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

const COOKIE_ATTRIBUTES = '; Path=/; Max-Age=31536000; SameSite=Lax';
export const themeCookie = (theme: Theme): string => `${THEME_COOKIE}=${theme}${COOKIE_ATTRIBUTES}`;

/** The theme named by the request's cookie, if any (anything else is ignored). */
export function themeFromCookies(header: string | undefined): Theme | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === THEME_COOKIE && (value === 'dark' || value === 'light')) return value;
  }
  return undefined;
}

/**
 * The theme a request asks for: its cookie's, or `unset` for a browser that has not been here (the
 * pre-paint script writes the cookie on every visit). An unset theme is rendered dark and marked
 * (`NEW_VISITOR_ATTR`): the pre-paint script decides from storage (an old-site choice) or the system.
 */
export type RequestTheme = Theme | 'unset';
export const requestTheme = (cookieHeader: string | undefined): RequestTheme => themeFromCookies(cookieHeader) ?? 'unset';

export function mirrorTheme(theme: Theme, doc: Pick<Document, 'cookie'> = document): void {
  try {
    doc.cookie = themeCookie(theme);
  } catch {
    // cookies disabled: the server renders dark, the script still applies the theme
  }
}

/**
 * The theme chosen and applied by a few lines inlined in `<head>` (`boot/prepaint.ts`), before the first paint
 * (the same as `initialTheme` + `applyTheme` + `mirrorTheme`): the app arrives only when the visitor
 * needs it, so a light-theme visitor without the cookie must not see the page turn light later. It
 * also marks the document as scripted (`data-qf-js` on `<html>`), so the chrome's scripted layout
 * (menu buttons instead of link lists) is the one painted first and nothing shifts when code arrives.
 */
export function themePrePaintScript(nothingStored = 'false'): string {
  return [
    'document.documentElement.setAttribute("data-qf-js","");',
    'try{',
    `var s=${nothingStored}?null:localStorage.getItem(${JSON.stringify(THEME_KEY)}),m=window.matchMedia&&matchMedia("(prefers-color-scheme: light)").matches,`,
    't=s==="true"?"dark":s==="false"?"light":m?"light":"dark",b=document.body;',
    `b.setAttribute("data-theme",t);b.style.setProperty("--progress",t==="dark"?${JSON.stringify(progressColours.dark)}:${JSON.stringify(progressColours.light)});`,
    `document.cookie=${JSON.stringify(`${THEME_COOKIE}=`)}+t+${JSON.stringify(COOKIE_ATTRIBUTES)};`,
    '}catch(e){}',
  ].join('');
}
