/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { ShellLangContext } from '../i18n';
import { Breadcrumb } from './Breadcrumb';

const crumbs = (path: string, title: string, lang: 'en' | 'ar' = 'en') => {
  const { container } = render(
    <ShellLangContext.Provider value={lang}>
      <Breadcrumb lang={lang} path={path} title={title} />
    </ShellLangContext.Provider>,
  );
  return [...container.querySelectorAll('li')].map((li) => `${li.textContent}${li.querySelector('a') ? ` -> ${li.querySelector('a')?.getAttribute('href')}` : ''}`);
};

describe('the breadcrumb (SPEC §2)', () => {
  it('is hidden on the home pages', () => {
    expect(crumbs('/', 'Home')).toEqual([]);
    expect(crumbs('/ar', 'الرئيسية', 'ar')).toEqual([]);
  });

  it('shows Home, the first segment’s title, then the page title', () => {
    expect(crumbs('/stories/a', 'A story')).toEqual(['Home -> /', 'Stories -> /stories', 'A story']);
    expect(crumbs('/ar/events/x', 'فعالية', 'ar')).toEqual(['الرئيسية -> /ar', 'الفعاليات -> /ar/events', 'فعالية']);
  });

  it('does not repeat a section page’s own segment', () => {
    expect(crumbs('/events', 'Events')).toEqual(['Home -> /', 'Events']);
  });

  it('adds the ‘our experts’ link on expert pages', () => {
    expect(crumbs('/media-center/experts/noor', 'Dr. Noor')).toEqual(['Home -> /', 'Media Center -> /media-center', 'Our experts -> /media-center/experts', 'Dr. Noor']);
  });

  it('is a labelled navigation landmark with the current page marked', () => {
    render(
      <ShellLangContext.Provider value="en">
        <Breadcrumb lang="en" path="/stories/a" title="A story" />
      </ShellLangContext.Provider>,
    );
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toBeInTheDocument();
    expect(screen.getByText('A story')).toHaveAttribute('aria-current', 'page');
  });
});
