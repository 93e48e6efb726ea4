/** @jest-environment jsdom */
import { A11Y_KEY } from '../chrome/a11y-prefs';
import { CONSENT_ASK_ATTR } from '../chrome/consent';
import { THEME_KEY } from '../theme';
import { prePaintScript } from './prepaint';
import { NEW_VISITOR_ATTR } from './protocol';

const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

/** The script run at the top of <head>, then what the parser does next: <body> with the server's theme. Returns that body once settled. */
async function parse(serverTheme: 'dark' | 'light'): Promise<HTMLElement> {
  document.body?.remove();
  new Function(prePaintScript())();
  const body = document.createElement('body');
  body.setAttribute('data-theme', serverTheme);
  document.documentElement.append(body);
  await settle();
  return body;
}

describe('the script before the first paint, at the top of <head>', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(THEME_KEY, 'false'); // the visitor chose light
    localStorage.setItem(A11Y_KEY, JSON.stringify({ textSize: 1, contrast: true, underline: false, readable: false, pause: false }));
    document.documentElement.removeAttribute('data-qf-js');
    document.documentElement.removeAttribute(CONSENT_ASK_ATTR);
  });

  it('marks <html> at once and applies the theme and accessibility choices to <body> as soon as the parser inserts it', async () => {
    document.body.remove();
    new Function(prePaintScript())();
    expect(document.documentElement.hasAttribute('data-qf-js')).toBe(true);
    expect(document.documentElement.getAttribute(CONSENT_ASK_ATTR)).toBe('ask');
    expect(document.body).toBeNull();

    // What the parser does next: a text node, then <body> with the server's (dark) theme.
    document.documentElement.append(document.createTextNode('\n'));
    await settle();
    const body = document.createElement('body');
    body.setAttribute('data-theme', 'dark');
    document.documentElement.append(body);
    await settle();
    expect(body.dataset.theme).toBe('light');
    expect(body.classList.contains('qf-a11y-contrast')).toBe(true);
    expect(body.dataset.textSize).toBe('115');

    // Once applied it lets go: a later change of <html>'s children is not answered again.
    body.setAttribute('data-theme', 'dark');
    document.documentElement.append(document.createTextNode('\n'));
    await settle();
    expect(body.dataset.theme).toBe('dark');
  });

  it('on a first visit (the server marks <html>, storage empty) reads no key: dark unless the system asks for light, consent asked', async () => {
    localStorage.clear();
    const getItem = jest.spyOn(Storage.prototype, 'getItem');
    try {
      document.documentElement.setAttribute(NEW_VISITOR_ATTR, '');
      const body = await parse('light');
      expect(getItem).not.toHaveBeenCalled();
      expect(body.dataset.theme).toBe('dark');
      expect(document.documentElement.getAttribute(CONSENT_ASK_ATTR)).toBe('ask');
      expect(document.cookie).toContain('qf_theme=dark');

      // The system's colour scheme decides.
      Object.defineProperty(window, 'matchMedia', { configurable: true, value: (q: string) => ({ matches: q.includes('light') }) });
      new Function(prePaintScript())();
      expect(document.body.dataset.theme).toBe('light');
      expect(document.cookie).toContain('qf_theme=light');
      expect(getItem).not.toHaveBeenCalled();
    } finally {
      getItem.mockRestore();
      document.documentElement.removeAttribute(NEW_VISITOR_ATTR);
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });

  it('paints a choice made on the old site (darkMode, no cookie yet) from the first paint, and the cookie follows it (issue 38)', async () => {
    document.cookie = 'qf_theme=; max-age=0; path=/';
    localStorage.setItem(THEME_KEY, 'true'); // dark, chosen on the old site, against the system's light
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: (q: string) => ({ matches: q.includes('light') }) });
    try {
      document.documentElement.setAttribute(NEW_VISITOR_ATTR, '');
      const body = await parse('light');
      expect(body.dataset.theme).toBe('dark');
      expect(body.classList.contains('qf-a11y-contrast')).toBe(true);
      expect(document.cookie).toContain('qf_theme=dark');
      // No consent stored: asked.
      expect(document.documentElement.getAttribute(CONSENT_ASK_ATTR)).toBe('ask');
    } finally {
      document.documentElement.removeAttribute(NEW_VISITOR_ATTR);
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });

  it('takes storage that cannot be read as nothing stored: the system decides, consent asked', () => {
    const length = jest.spyOn(Storage.prototype, 'length', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      document.documentElement.setAttribute(NEW_VISITOR_ATTR, '');
      if (!document.body) document.documentElement.append(document.createElement('body'));
      document.body.setAttribute('data-theme', 'light');
      new Function(prePaintScript())();
      expect(document.body.dataset.theme).toBe('dark');
      expect(document.documentElement.getAttribute(CONSENT_ASK_ATTR)).toBe('ask');
    } finally {
      length.mockRestore();
      getItem.mockRestore();
      document.documentElement.removeAttribute(NEW_VISITOR_ATTR);
    }
  });

  it('applies at once where <body> already exists', () => {
    if (!document.body) document.documentElement.append(document.createElement('body'));
    document.body.setAttribute('data-theme', 'dark');
    new Function(prePaintScript())();
    expect(document.body.dataset.theme).toBe('light');
    expect(document.body.classList.contains('qf-a11y-contrast')).toBe(true);
  });
});
