/** @jest-environment jsdom */
import { renderToStaticMarkup } from 'react-dom/server';
import { screen, fireEvent } from '@testing-library/react';
import { shellT } from '../i18n';
import { CONSENT_ASK_ATTR, CONSENT_KEY, consentPrePaintScript } from '../chrome/consent';
import { CookieMarkup, ScrollProgressMarkup, StatementMarkup, ToTopMarkup } from '../components/ChromeMarkup';
import { EARLY_STATEMENT_GLOBAL } from './protocol';
import { focusPage, STATEMENT_DISMISSED_KEY, startCookieBanner, startScrollProgress, startStatement, startToTop } from './chrome';

/** The server's markup of the chrome in a language, as the boot finds it. */
function page(lang: 'en' | 'ar') {
  const t = shellT(lang);
  document.body.innerHTML =
    renderToStaticMarkup(<StatementMarkup t={t} />) +
    renderToStaticMarkup(<ScrollProgressMarkup />) +
    '<main id="main" tabindex="-1"><h1>Page</h1></main>' +
    renderToStaticMarkup(<ToTopMarkup t={t} />) +
    renderToStaticMarkup(<CookieMarkup t={t} />);
}
const win = window as Window & typeof globalThis;
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the cookie banner, driven by the boot (SPEC §4, §9)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: () => ({ matches: false }) });
  });
  afterEach(() => jest.useRealTimers());

  it('is hidden in the server HTML; with no consent stored the page asks for it, and the stylesheet keeps the 2 s wait', () => {
    page('en');
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).toBeNull();
    // The page's first inline script, before any other: no consent stored, so <html> asks for the banner.
    new Function(consentPrePaintScript())();
    expect(document.documentElement.getAttribute(CONSENT_ASK_ATTR)).toBe('ask');
    // The boot shows it at once: its wait and slide are the stylesheet's animation (2 s delay; a browser
    // journey measures it), which goes on from where the first script started it.
    startCookieBanner(document, win);
    expect(screen.getByRole('region', { name: 'Cookie notice' })).toHaveAttribute('data-state', 'shown');
    document.documentElement.removeAttribute(CONSENT_ASK_ATTR);
  });

  it('is not asked for by the first script once consent is stored', () => {
    localStorage.setItem(CONSENT_KEY, '1');
    new Function(consentPrePaintScript())();
    expect(document.documentElement.hasAttribute(CONSENT_ASK_ATTR)).toBe(false);
  });

  it('is asked for without reading storage by a page served to a browser without the site\'s cookies, and withdrawn by the boot if consent is stored after all', () => {
    localStorage.setItem(CONSENT_KEY, '1');
    const getItem = jest.spyOn(Storage.prototype, 'getItem');
    new Function(consentPrePaintScript('true'))();
    expect(getItem).not.toHaveBeenCalled();
    getItem.mockRestore();
    expect(document.documentElement.getAttribute(CONSENT_ASK_ATTR)).toBe('ask');
    page('en');
    startCookieBanner(document, win);
    expect(document.documentElement.hasAttribute(CONSENT_ASK_ATTR)).toBe(false);
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).toBeNull();
  });

  it('stores consent value 1 on close, slides out for 0.5 s, then is gone and focus goes to the page', () => {
    page('ar');
    startCookieBanner(document, win);
    const button = screen.getByRole('button', { name: 'موافق وإغلاق' });
    button.focus();
    fireEvent.click(button);
    expect(localStorage.getItem(CONSENT_KEY)).toBe('1');
    expect(screen.getByRole('region', { name: 'إشعار ملفات تعريف الارتباط' })).toHaveAttribute('data-state', 'leaving');
    jest.advanceTimersByTime(499);
    expect(screen.getByRole('region', { name: 'إشعار ملفات تعريف الارتباط' })).toBeInTheDocument();
    jest.advanceTimersByTime(1);
    expect(screen.queryByRole('region', { name: 'إشعار ملفات تعريف الارتباط' })).toBeNull();
    expect(document.documentElement.hasAttribute(CONSENT_ASK_ATTR)).toBe(false);
    expect(document.getElementById('main')).toHaveFocus();
  });

  it('never appears once consent is stored, and leaves at once under reduced motion', () => {
    localStorage.setItem(CONSENT_KEY, '1');
    page('en');
    startCookieBanner(document, win);
    jest.advanceTimersByTime(10_000);
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).toBeNull();

    localStorage.clear();
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: (q: string) => ({ matches: q.includes('reduce') }) });
    page('en');
    startCookieBanner(document, win);
    jest.advanceTimersByTime(2000);
    fireEvent.click(screen.getByRole('button', { name: 'Accept and close' }));
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).toBeNull();
  });
});

describe('the statement notification, driven by the boot (SPEC §4)', () => {
  beforeEach(() => sessionStorage.clear());
  const answer = (body: unknown, ok = true) => jest.fn(async () => ({ ok, status: ok ? 200 : 500, json: async () => body })) as unknown as typeof fetch;

  it('starts off, reads the flag when the layout loads and shows a dismissible notice linking to the statements site', async () => {
    page('ar');
    const fetchImpl = answer({ show: true, url: 'https://statements.qf.org.qa' });
    const done = startStatement(document, win, fetchImpl);
    expect(screen.queryByRole('region', { name: 'إشعار البيان' })).toBeNull();
    await done;
    expect(fetchImpl).toHaveBeenCalledWith('/statement-notification.json', expect.anything());
    expect(screen.getByRole('region', { name: 'إشعار البيان' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'اقرأ البيان' })).toHaveAttribute('href', 'https://statements.qf.org.qa');
    fireEvent.click(screen.getByRole('button', { name: 'إغلاق إشعار البيان' }));
    expect(screen.queryByRole('region', { name: 'إشعار البيان' })).toBeNull();
    expect(sessionStorage.getItem(STATEMENT_DISMISSED_KEY)).toBe('1');
    expect(document.getElementById('main')).toHaveFocus();
  });

  it('stays off when the flag is false, the answer is malformed, the link is not http(s) or the request fails', async () => {
    for (const fetchImpl of [
      answer({ show: false, url: 'https://statements.qf.org.qa' }),
      answer({ show: 'yes' }),
      answer({ show: true, url: 'javascript:alert(1)' }),
      answer({}, false),
      jest.fn(async () => Promise.reject(new Error('offline'))) as unknown as typeof fetch,
    ]) {
      page('en');
      await startStatement(document, win, fetchImpl);
      expect(screen.queryByRole('region')).toBeNull();
    }
  });

  it('takes the answer the inline loader asked for when the page loaded, without asking again', async () => {
    page('en');
    const fetchImpl = answer({ show: true, url: 'https://statements.qf.org.qa' });
    const w = win as unknown as Record<string, unknown>;
    w[EARLY_STATEMENT_GLOBAL] = Promise.resolve({ show: true, url: 'https://statements.qf.org.qa/2026' });
    await startStatement(document, win, fetchImpl);
    delete w[EARLY_STATEMENT_GLOBAL];
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Read the statement' })).toHaveAttribute('href', 'https://statements.qf.org.qa/2026');
  });

  it('is not asked for again in a session where it was dismissed', async () => {
    sessionStorage.setItem(STATEMENT_DISMISSED_KEY, '1');
    page('en');
    const fetchImpl = answer({ show: true, url: 'https://statements.qf.org.qa' });
    await startStatement(document, win, fetchImpl);
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});

describe('scrolling: the progress bar and the way back to the top', () => {
  const scrollTo = async (y: number) => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
    window.dispatchEvent(new Event('scroll'));
    await flush();
  };
  beforeEach(() => {
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 2800 });
    window.requestAnimationFrame = (fn: FrameRequestCallback) => setTimeout(() => fn(0), 0) as unknown as number;
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: (q: string) => ({ matches: q.includes('reduce') }) });
  });

  it('shows the share of the page scrolled, never on the home page', async () => {
    window.history.replaceState(null, '', '/stories/a');
    page('en');
    const stop = startScrollProgress(document, win);
    const bar = document.querySelector<HTMLElement>('.qf-scroll-progress')!;
    expect(bar.hidden).toBe(true);
    await scrollTo(1000);
    expect(bar.hidden).toBe(false);
    expect(bar.dataset.percent).toBe('50');
    expect(bar.style.getPropertyValue('inline-size')).toBe('50%');
    stop();
    window.history.replaceState(null, '', '/ar');
    page('ar');
    startScrollProgress(document, win);
    await scrollTo(1000);
    expect(document.querySelector<HTMLElement>('.qf-scroll-progress')!.hidden).toBe(true);
    window.history.replaceState(null, '', '/');
  });

  it('counts the scroll that brought the boot: a page already scrolled shows its bar and the way up at once', async () => {
    window.history.replaceState(null, '', '/stories/a');
    page('en');
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 2000 });
    startScrollProgress(document, win);
    startToTop(document, win);
    await flush();
    expect(document.querySelector<HTMLElement>('.qf-scroll-progress')!.dataset.percent).toBe('100');
    expect(screen.getByRole('button', { name: 'Back to top' })).toBeInTheDocument();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    window.history.replaceState(null, '', '/');
  });

  it('offers the way back up a screen below the top, and gives the heading focus there', async () => {
    page('en');
    window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
    startToTop(document, win);
    const button = () => screen.queryByRole('button', { name: 'Back to top' });
    await scrollTo(500);
    expect(button()).toBeNull();
    await scrollTo(900);
    fireEvent.click(button()!);
    await flush();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    expect(screen.getByRole('heading', { name: 'Page' })).toHaveFocus();
  });
});

describe('focus after a client-side navigation', () => {
  it('goes to the heading shown, not to the one of the page left, still in <main> while it unmounts (issue 38)', () => {
    document.body.innerHTML = '<nav><a href="/idkt">IDKT</a></nav><main id="main" tabindex="-1"><div data-qf-section hidden><h1>Our experts</h1></div><div data-qf-section><h1>IDKT</h1></div></main>';
    document.querySelector<HTMLElement>('nav a')!.focus();
    focusPage(document);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'IDKT' }));
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });

  it('goes to <main> when no heading is shown', () => {
    document.body.innerHTML = '<main id="main" tabindex="-1"><div hidden><h1>Gone</h1></div><p>A page without a heading</p></main>';
    focusPage(document);
    expect(document.activeElement?.id).toBe('main');
  });
});
