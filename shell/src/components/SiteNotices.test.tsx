/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { ShellLangContext } from '../i18n';
import { InfoBar } from './InfoBar';

const inLang = (lang: 'en' | 'ar', node: React.ReactNode) => <ShellLangContext.Provider value={lang}>{node}</ShellLangContext.Provider>;

describe('the top info bar', () => {
  it('shows the globals’ text when the bar is on, nothing otherwise', () => {
    const { rerender } = render(inLang('en', <InfoBar text="Trams run a holiday timetable." />));
    expect(screen.getByRole('region', { name: 'Announcement' })).toHaveTextContent('Trams run a holiday timetable.');
    rerender(inLang('en', <InfoBar />));
    expect(screen.queryByRole('region')).toBeNull();
  });
});
