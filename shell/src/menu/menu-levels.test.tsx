/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ShellLangContext } from '../i18n';
import { MainMenu } from './MainMenu';
import type { Menu } from './menu-data';
import { loadedMenuLevels } from './menu-levels';

const menu: Menu = {
  lang: 'en',
  areas: [
    {
      id: 'education-0',
      label: 'Education',
      path: '/education',
      vertical: 'education',
      map: false,
      categories: [{ id: 'edu-schools', title: 'Schools', slug: 'schools', items: [{ id: 'school-qad', title: 'Qatar Academy Doha', path: '/education/schools/qatar-academy-doha' }] }],
    },
  ],
  secondary: [{ id: 'about', title: 'About', path: '/about', items: [] }],
  places: [],
};

let desktop = true;
beforeEach(() => {
  window.matchMedia = ((query: string) => ({
    matches: query.includes('1380') ? desktop : false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
  global.fetch = jest.fn(async () => ({ ok: false, status: 404, json: async () => ({}) })) as unknown as typeof fetch;
});

const mount = () =>
  render(
    <ShellLangContext.Provider value="en">
      <MainMenu lang="en" path="/" current="/" menu={menu} theme="dark" links={[]} />
    </ShellLangContext.Provider>,
  );
const settle = () => act(async () => {
  await new Promise((r) => setTimeout(r, 0));
});

describe('the open menus, a chunk of their own', () => {
  it('does not wait for the chunk to open the “more” drop-down, which is part of the page', () => {
    mount();
    const more = screen.getByRole('button', { name: 'More' });
    fireEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(loadedMenuLevels()).toBeNull();
  });

  it('are not loaded with the page; the first open waits for them, then shows the whole menu', async () => {
    expect(loadedMenuLevels()).toBeNull();
    // A second menu, already on the page when the chunk arrives through the first one.
    const other = mount();
    mount();
    const [otherEducation, education] = screen.getAllByRole('button', { name: 'Education' }) as [HTMLElement, HTMLElement];
    fireEvent.click(education);
    // Not half-open while the chunk is on its way: closed, then open with its content.
    expect(education).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Education' })).toBeNull();
    await settle();
    expect(loadedMenuLevels()).not.toBeNull();
    expect(education).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Education' });
    expect(within(panel).getByRole('link', { name: 'Explore Education' })).toHaveAttribute('href', '/education');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(education).toHaveAttribute('aria-expanded', 'false');

    // The chunk is there now: the other menu opens at once, whole.
    fireEvent.click(otherEducation);
    expect(otherEducation).toHaveAttribute('aria-expanded', 'true');
    expect(within(other.container).getByRole('region', { name: 'Education' })).toBeInTheDocument();
  });

  it('opens the slide-in menu at once once the chunk is there', () => {
    desktop = false;
    mount();
    fireEvent.click(screen.getByRole('button', { name: /menu/i }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
