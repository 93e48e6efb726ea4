/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ShellLangContext } from '../i18n';
import { CONSENT_KEY } from '../chrome/consent';
import { CookieBanner } from './CookieBanner';

const renderBanner = (lang: 'en' | 'ar' = 'en') =>
  render(
    <ShellLangContext.Provider value={lang}>
      <main id="main" tabIndex={-1} />
      <CookieBanner />
    </ShellLangContext.Provider>,
  );

describe('the cookie banner (SPEC §4, §9)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: () => ({ matches: false }) });
  });
  afterEach(() => jest.useRealTimers());

  it('is hidden at first and slides in after 2 s when no consent is stored', () => {
    renderBanner();
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).toBeNull();
    act(() => void jest.advanceTimersByTime(1999));
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).toBeNull();
    act(() => void jest.advanceTimersByTime(1));
    expect(screen.getByRole('region', { name: 'Cookie notice' })).toHaveAttribute('data-state', 'shown');
  });

  it('stores consent value 1 on close, slides out for 0.5 s, then is gone', () => {
    const consented = jest.fn();
    window.addEventListener('qf:consent', consented);
    renderBanner('ar');
    act(() => void jest.advanceTimersByTime(2000));
    const button = screen.getByRole('button', { name: 'موافق وإغلاق' });
    button.focus();
    fireEvent.click(button);
    expect(localStorage.getItem(CONSENT_KEY)).toBe('1');
    expect(consented).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('region', { name: 'إشعار ملفات تعريف الارتباط' })).toHaveAttribute('data-state', 'leaving');
    act(() => void jest.advanceTimersByTime(499));
    expect(screen.getByRole('region', { name: 'إشعار ملفات تعريف الارتباط' })).toBeInTheDocument();
    act(() => void jest.advanceTimersByTime(1));
    expect(screen.queryByRole('region', { name: 'إشعار ملفات تعريف الارتباط' })).toBeNull();
    expect(document.getElementById('main')).toHaveFocus();
    window.removeEventListener('qf:consent', consented);
  });

  it('never appears once consent is stored', () => {
    localStorage.setItem(CONSENT_KEY, '1');
    renderBanner();
    act(() => void jest.advanceTimersByTime(10_000));
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).toBeNull();
  });

  it('leaves at once under reduced motion', () => {
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: (q: string) => ({ matches: q.includes('reduce') }) });
    renderBanner();
    act(() => void jest.advanceTimersByTime(2000));
    fireEvent.click(screen.getByRole('button', { name: 'Accept and close' }));
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).toBeNull();
  });
});
