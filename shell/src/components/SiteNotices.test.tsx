/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ShellLangContext } from '../i18n';
import { InfoBar } from './InfoBar';
import { STATEMENT_DISMISSED_KEY, StatementNotice } from './StatementNotice';

const flush = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));
const inLang = (lang: 'en' | 'ar', node: React.ReactNode) => <ShellLangContext.Provider value={lang}>{node}</ShellLangContext.Provider>;

describe('the top info bar', () => {
  it('shows the globals’ text when the bar is on, nothing otherwise', () => {
    const { rerender } = render(inLang('en', <InfoBar text="Trams run a holiday timetable." />));
    expect(screen.getByRole('region', { name: 'Announcement' })).toHaveTextContent('Trams run a holiday timetable.');
    rerender(inLang('en', <InfoBar />));
    expect(screen.queryByRole('region')).toBeNull();
  });
});

describe('the statement notification (SPEC §4)', () => {
  beforeEach(() => sessionStorage.clear());
  const answer = (body: unknown, ok = true) => jest.fn(async () => ({ ok, status: ok ? 200 : 500, json: async () => body })) as unknown as typeof fetch;

  it('starts off, reads the flag when the layout loads and shows a dismissible notice linking to the statements site', async () => {
    global.fetch = answer({ show: true, url: 'https://statements.qf.org.qa' });
    render(inLang('ar', <StatementNotice />));
    expect(screen.queryByRole('region')).toBeNull();
    await flush();
    expect(global.fetch).toHaveBeenCalledWith('/statement-notification.json', expect.anything());
    const notice = screen.getByRole('region', { name: 'إشعار البيان' });
    expect(screen.getByRole('link', { name: 'اقرأ البيان' })).toHaveAttribute('href', 'https://statements.qf.org.qa');
    fireEvent.click(screen.getByRole('button', { name: 'إغلاق إشعار البيان' }));
    expect(notice).not.toBeInTheDocument();
    expect(sessionStorage.getItem(STATEMENT_DISMISSED_KEY)).toBe('1');
  });

  it('stays off when the flag is false, the answer is malformed or the request fails', async () => {
    for (const fetchImpl of [answer({ show: false, url: 'https://statements.qf.org.qa' }), answer({ show: 'yes' }), answer({}, false), jest.fn(async () => Promise.reject(new Error('offline')))]) {
      global.fetch = fetchImpl as unknown as typeof fetch;
      const { unmount } = render(inLang('en', <StatementNotice />));
      await flush();
      expect(screen.queryByRole('region')).toBeNull();
      unmount();
    }
  });

  it('is not asked for again in a session where it was dismissed', async () => {
    sessionStorage.setItem(STATEMENT_DISMISSED_KEY, '1');
    global.fetch = answer({ show: true, url: 'https://statements.qf.org.qa' });
    render(inLang('en', <StatementNotice />));
    await flush();
    expect(global.fetch).not.toHaveBeenCalled();
  });
});
