/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { Lang } from '@qf/shared/i18n';
import { ShellLangContext } from '../i18n';
import { MainMenu } from './MainMenu';
import type { Menu } from './menu-data';
import type { MapsApi } from './maps-loader';
import { forgetMenus } from './use-menu-data';
import { loadMenuLevels } from './menu-levels';
import { forgetMenuPlaces } from './menu-places';

const items = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ id: `${prefix}-${i + 1}`, title: `${prefix} ${i + 1}`, path: `/${prefix}-${i + 1}` }));

const menuEn: Menu = {
  lang: 'en',
  areas: [
    {
      id: 'education-0',
      label: 'Education',
      path: '/education',
      vertical: 'education',
      map: false,
      categories: [
        { id: 'edu-schools', title: 'Schools', slug: 'schools', items: [{ id: 'school-qad', title: 'Qatar Academy Doha', path: '/education/schools/qatar-academy-doha', count: 4, countKind: 'programmes' }, ...items('school', 2)] },
        { id: 'edu-unis', title: 'Universities', slug: 'universities', items: items('uni', 3) },
      ],
    },
    { id: 'research-1', label: 'Research', path: '/research', vertical: 'research', map: false, categories: [{ id: 'res-entities', title: 'Entities', slug: 'entities', items: items('res', 5) }] },
    {
      id: 'community-2',
      label: 'Community',
      path: '/community',
      vertical: 'community',
      map: false,
      categories: [
        { id: 'com-places', title: 'Places', slug: 'places', items: items('place', 2) },
        { id: 'com-entities', title: 'Entities', slug: 'entities', items: items('ent', 12) },
      ],
    },
    {
      id: 'worldcup-3',
      label: 'World Cup',
      path: '/stories',
      vertical: 'worldcup',
      map: true,
      categories: [
        { id: 'wc-all', title: 'All', slug: 'all', items: [], places: ['p-park', 'p-library', 'p-metro'] },
        { id: 'map-sport', title: 'Sport', slug: 'sport', items: [], places: ['p-park'] },
      ],
    },
  ],
  secondary: [
    { id: 'about', title: 'About', path: '/about', items: [] },
    { id: 'mc', title: 'Media Center', path: '/media-center', items: [{ id: 'mc-news', title: 'News', path: '/media-center/news' }] },
    { id: 'idkt', title: 'IDKT', path: '/idkt', items: [{ id: 'idkt-tech', title: 'Technologies', path: '/idkt/technologies' }, { id: 'idkt-info', title: 'Info bank', path: '/idkt/info-bank' }] },
  ],
  places: [
    { id: 'p-park', title: 'Oxygen Park', address: 'Education City, Doha', lat: 25.31, lon: 51.43 },
    { id: 'p-library', title: 'Qatar National Library', address: 'Al Luqta Street, Doha', lat: 25.32, lon: 51.44 },
    { id: 'p-metro', title: 'Education City Metro Station', address: 'Education City', lat: 25.3, lon: 51.42 },
  ],
};

const menuAr: Menu = {
  ...menuEn,
  lang: 'ar',
  areas: menuEn.areas.map((a, i) => ({ ...a, label: ['التعليم', 'البحث', 'المجتمع', 'كأس العالم'][i]! })),
};

const previews = {
  'school-qad': { title: 'Qatar Academy Doha', type: ['School'], heroImage: '/media/qad-800.webp', entityDescription: 'A school in Doha.', phone: '+974 4454 1000' },
  'p-park': { title: 'Oxygen Park', openingHours: 'Daily 06:00 to 22:00', phone: '+974 1' },
  'p-park___ar-QA': { title: 'حديقة الأكسجين', openingHours: 'يوميًا من 06:00 إلى 22:00', phone: '+974 1' },
};

let desktop = true;
let fetchMock: jest.Mock;
beforeEach(() => {
  forgetMenus();
  forgetMenuPlaces();
  desktop = true;
  window.history.replaceState(null, '', '/');
  document.documentElement.removeAttribute('dir');
  window.matchMedia = ((query: string) => ({
    matches: query.includes('1380') ? desktop : false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
  const answer = (status: number, body: unknown) => ({ ok: status === 200, status, json: async () => body });
  fetchMock = jest.fn(async (url: string) => {
    if (url.startsWith('/menupreviews.json')) return answer(200, previews);
    if (url.startsWith('/menu.json?lang=ar')) return answer(200, menuAr);
    if (url.startsWith('/menuplaces.json?lang=en')) return answer(200, { lang: 'en', places: menuEn.places });
    return answer(404, {});
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

interface Props {
  lang?: Lang;
  path?: string;
  menu?: Menu;
  mapsApiKey?: string;
  theme?: 'dark' | 'light';
  loadMaps?: (key: string, lang: Lang) => Promise<MapsApi>;
}
const element = ({ lang = 'en', path = '/', menu = lang === 'ar' ? menuAr : menuEn, mapsApiKey, theme = 'dark', loadMaps }: Props = {}) => (
  <ShellLangContext.Provider value={lang}>
    <div dir={lang === 'ar' ? 'rtl' : 'ltr'}>
      <MainMenu lang={lang} path={path} current={path} menu={menu} mapsApiKey={mapsApiKey} theme={theme} links={[{ href: '/events', label: 'Events' }, { href: '/idkt', label: 'IDKT' }]} loadMaps={loadMaps} />
      <button type="button">after the menu</button>
    </div>
  </ShellLangContext.Provider>
);
const mount = (props: Props = {}) => {
  const view = render(element(props));
  return { ...view, update: (next: Props) => view.rerender(element(next)) };
};
const nav = () => screen.getByRole('navigation', { name: 'Main' });
/** The slide-in menu its button opens (the browser tells whether it is expanded: no aria-expanded of ours). */
const drawerOf = (opener: HTMLElement) => document.getElementById(opener.getAttribute('popovertarget') ?? '')!;
// The open menus are a lazy chunk (menu-levels.test.tsx covers its first fetch): here it is already there.
beforeAll(() => loadMenuLevels());
const flush = () => act(async () => {
  await new Promise((r) => setTimeout(r, 0));
});

describe('the server HTML', () => {
  it('holds every area as a plain link (used without JavaScript) and as its menu button, in both languages', () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(element());
    const areas = host.querySelector('[data-menu-level="0"]')!;
    expect([...areas.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(expect.arrayContaining(['/education', '/research', '/community']));
    expect([...areas.querySelectorAll('button[aria-expanded="false"]')].map((b) => b.textContent)).toEqual(expect.arrayContaining(['Education', 'Research', 'Community']));
    // The slide-in menu's button is there from the first paint, so nothing moves when the code arrives.
    expect(host.querySelector('button[aria-controls="qf-mobile-menu"]')).not.toBeNull();
    const ar = renderToString(element({ lang: 'ar' }));
    expect(ar).toContain('href="/ar/education"');
    expect(ar).toContain('التعليم');
  });
});

describe('the desktop mega menu (from 1380 px)', () => {
  it('expands one area at a time, with the overlay and the page scroll locked', () => {
    mount();
    const education = within(nav()).getByRole('button', { name: 'Education' });
    fireEvent.click(education);
    expect(education).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Education' });
    expect(within(panel).getByRole('button', { name: /Schools/ })).toHaveAccessibleName('Schools Items: 3');
    expect(within(panel).getByRole('link', { name: 'Explore Education' })).toHaveAttribute('href', '/education');
    expect(document.body.style.overflow).toBe('hidden');
    expect(document.querySelector('[class*="overlay"]')).not.toBeNull();

    fireEvent.click(within(nav()).getByRole('button', { name: 'Research' }));
    expect(education).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav()).getByRole('button', { name: 'Research' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('region', { name: 'Education' })).toBeNull();

    fireEvent.click(within(nav()).getByRole('button', { name: 'Research' }));
    expect(within(nav()).getByRole('button', { name: 'Research' })).toHaveAttribute('aria-expanded', 'false');
    expect(document.body.style.overflow).toBe('');
  });

  it('shows a category’s items, and the preview of the item in view from one lazy /menupreviews.json', async () => {
    mount();
    fireEvent.click(within(nav()).getByRole('button', { name: 'Education' }));
    expect(fetchMock).not.toHaveBeenCalled();
    const panel = screen.getByRole('region', { name: 'Education' });
    expect(panel).toHaveAttribute('data-width', 'default');
    fireEvent.click(within(panel).getByRole('button', { name: /Schools/ }));
    expect(panel).toHaveAttribute('data-width', 'preview');
    // An item's count says what it counts.
    const item = within(panel).getByRole('link', { name: 'Qatar Academy Doha 4 programmes' });
    expect(item).toHaveAttribute('href', '/education/schools/qatar-academy-doha');
    fireEvent.mouseEnter(item);
    await flush();
    const preview = within(panel).getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Qatar Academy Doha' })).toBeInTheDocument();
    expect(preview).toHaveTextContent('A school in Doha.');
    const img = preview.querySelector('img')!;
    expect(img.getAttribute('srcset')).toBe('/media/qad-672.webp 672w, /media/qad-800.webp 800w, /media/qad-626.webp 626w');
    fireEvent.focus(within(panel).getByRole('link', { name: 'school 1' }));
    await flush();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/menupreviews.json'))).toHaveLength(1);
  });

  it('the same category chosen again closes its items (back one level)', () => {
    mount();
    fireEvent.click(within(nav()).getByRole('button', { name: 'Education' }));
    const schools = within(nav()).getByRole('button', { name: /Schools/ });
    fireEvent.click(schools);
    expect(schools).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(schools);
    expect(schools).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('region', { name: 'Education' })).toHaveAttribute('data-width', 'default');
  });

  it('collapses on a route change', () => {
    const { update } = mount({ path: '/' });
    fireEvent.click(within(nav()).getByRole('button', { name: 'Education' }));
    expect(document.body.style.overflow).toBe('hidden');
    update({ path: '/education' });
    expect(within(nav()).getByRole('button', { name: 'Education' })).toHaveAttribute('aria-expanded', 'false');
    expect(document.body.style.overflow).toBe('');
  });

  it('closes with the close control and with Escape, and gives focus back to the opener', () => {
    mount();
    const education = within(nav()).getByRole('button', { name: 'Education' });
    education.focus();
    fireEvent.click(education);
    const close = within(screen.getByRole('region', { name: 'Education' })).getByRole('button', { name: 'Close the menu' });
    close.focus();
    fireEvent.click(close);
    expect(education).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement).toBe(education);

    fireEvent.click(education);
    within(screen.getByRole('region', { name: 'Education' })).getByRole('link', { name: 'Explore Education' }).focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(education).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement).toBe(education);
  });

  it('traps Tab inside the menu while it is open', () => {
    mount();
    const first = within(nav()).getByRole('link', { name: 'Events' });
    fireEvent.click(within(nav()).getByRole('button', { name: 'Education' }));
    const close = within(screen.getByRole('region', { name: 'Education' })).getByRole('button', { name: 'Close the menu' });
    // (not what the closed slide-in menu holds: it is not displayed)
    const focusables = [...nav().querySelectorAll<HTMLElement>('a[href], button')].filter((el) => el.checkVisibility());
    const last = focusables[focusables.length - 1]!;
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    expect(close).toBeInTheDocument();
  });

  it('moves between the areas with the arrow keys, mirrored in Arabic', () => {
    mount();
    const [education, research] = [within(nav()).getByRole('button', { name: 'Education' }), within(nav()).getByRole('button', { name: 'Research' })];
    education.focus();
    fireEvent.keyDown(education, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(research);
    fireEvent.keyDown(research, { key: 'End' });
    expect(document.activeElement).toBe(within(nav()).getByRole('button', { name: 'More' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(education);
  });

  it('moves the other way with the arrow keys in Arabic', () => {
    render(element({ lang: 'ar' }));
    const arNav = screen.getByRole('navigation', { name: 'القائمة الرئيسية' });
    const [education, research] = [within(arNav).getByRole('button', { name: 'التعليم' }), within(arNav).getByRole('button', { name: 'البحث' })];
    education.focus();
    fireEvent.keyDown(education, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(research);
    fireEvent.keyDown(research, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(education);
  });

  it('moves between categories with the arrow keys', () => {
    mount();
    fireEvent.click(within(nav()).getByRole('button', { name: 'Education' }));
    const panel = screen.getByRole('region', { name: 'Education' });
    const schools = within(panel).getByRole('button', { name: /Schools/ });
    schools.focus();
    fireEvent.keyDown(schools, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: /Universities/ }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(within(panel).getByRole('link', { name: 'Explore Education' }));
  });

  it('the more drop-down holds the secondary items and never shows with an area', () => {
    mount();
    fireEvent.click(within(nav()).getByRole('button', { name: 'Education' }));
    const more = within(nav()).getByRole('button', { name: 'More' });
    fireEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav()).getByRole('button', { name: 'Education' })).toHaveAttribute('aria-expanded', 'false');
    const list = within(nav()).getByRole('list', { name: 'More pages' });
    expect(within(list).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/about', '/media-center', '/media-center/news', '/idkt', '/idkt/technologies', '/idkt/info-bank']);
    expect(document.getElementById('qf-more-menu')).toHaveAttribute('data-width', 'single');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
  });

  it('styles the entities group of exactly 12 items as first, and no other', () => {
    mount();
    fireEvent.click(within(nav()).getByRole('button', { name: 'Community' }));
    const panel = screen.getByRole('region', { name: 'Community' });
    const groups = within(panel).getAllByRole('listitem');
    expect(groups[0]).toHaveAttribute('data-first-group');
    expect(groups[0]).toHaveTextContent('Entities');
    expect(groups[1]).not.toHaveAttribute('data-first-group');

    fireEvent.click(within(nav()).getByRole('button', { name: 'Research' }));
    const research = within(screen.getByRole('region', { name: 'Research' })).getAllByRole('listitem');
    expect(research[0]).toHaveTextContent('Entities');
    expect(research[0]).not.toHaveAttribute('data-first-group');
  });
});

describe('the mobile slide-in menu (below 1380 px)', () => {
  beforeEach(() => {
    desktop = false;
  });

  const dialog = () => screen.getByRole('dialog', { name: /./ });

  it('walks depth 0 to 3, goes back one level with the same entry, and closes deeper levels from a shallower one', async () => {
    mount();
    const opener = within(nav()).getByRole('button', { name: 'Menu' });
    opener.focus();
    fireEvent.click(opener);
    expect(drawerOf(opener).matches(':popover-open')).toBe(true);
    expect(dialog()).toHaveAccessibleName('Main menu');
    expect(document.body.style.overflow).toBe('hidden');
    // depth 0 → 1
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Education' }));
    expect(dialog()).toHaveAccessibleName('Education');
    expect(dialog()).toHaveAttribute('data-depth', '1');
    expect(document.activeElement).toBe(within(dialog()).getByRole('link', { name: 'Explore Education' }));
    // depth 1 → 2
    fireEvent.click(within(dialog()).getByRole('button', { name: /Schools/ }));
    expect(dialog()).toHaveAccessibleName('Schools');
    // depth 2 → 3
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Details: Qatar Academy Doha' }));
    expect(dialog()).toHaveAttribute('data-depth', '3');
    await flush();
    expect(within(dialog()).getByRole('link', { name: 'Visit Qatar Academy Doha' })).toHaveAttribute('href', '/education/schools/qatar-academy-doha');
    // the same entry at the same (deepest) level: back one level
    const trail = () => within(dialog()).getByRole('list', { name: 'Menu levels' });
    fireEvent.click(within(trail()).getByRole('button', { name: 'Qatar Academy Doha' }));
    expect(dialog()).toHaveAttribute('data-depth', '2');
    // a shallower level: the deeper ones close
    fireEvent.click(within(trail()).getByRole('button', { name: 'Education' }));
    expect(dialog()).toHaveAttribute('data-depth', '1');
    // the back button steps up one level
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Back' }));
    expect(dialog()).toHaveAttribute('data-depth', '0');
    expect(within(dialog()).queryByRole('button', { name: 'Back' })).toBeNull();
    // Escape closes, focus returns to the opener, the page scrolls again
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });

  it('is in the page as a popover its button opens by itself: opened before the code came, the code takes it over as it is (issue 34)', async () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(element());
    document.body.append(host);
    const opener = host.querySelector<HTMLButtonElement>('button[aria-controls="qf-mobile-menu"]')!;
    const drawer = host.querySelector<HTMLElement>('#qf-mobile-menu')!;
    expect(opener).toHaveAttribute('popovertarget', 'qf-mobile-menu');
    expect(drawer).toHaveAttribute('popover', 'auto');
    // The first level is in the HTML: the areas, the other sections' links, the bar.
    expect([...drawer.querySelectorAll('[data-menu-level="0"] button')].map((b) => b.textContent)).toEqual(['Education', 'Research', 'Community', 'World Cup']);
    expect(drawer.querySelector('a[href="/events"]')).not.toBeNull();
    expect(drawer.querySelector('button[popovertarget="qf-mobile-menu"][popovertargetaction="hide"]')).not.toBeNull();
    // The visitor's tap before the code: the browser opens it; focus stays on the button.
    opener.focus();
    fireEvent.click(opener);
    expect(drawer.matches(':popover-open')).toBe(true);
    const root = await act(async () => hydrateRoot(host, element()));
    try {
      expect(drawerOf(opener).matches(':popover-open')).toBe(true);
      expect(document.body.style.overflow).toBe('hidden');
      expect(document.activeElement).toBe(opener);
      fireEvent.click(within(drawer).getByRole('button', { name: 'Education' }));
      await flush();
      expect(drawer).toHaveAttribute('data-depth', '1');
      // The browser closes it (Escape, a tap outside): so does the menu.
      act(() => drawer.hidePopover());
      expect(drawerOf(opener).matches(':popover-open')).toBe(false);
      expect(document.body.style.overflow).toBe('');
      expect(screen.queryByRole('dialog')).toBeNull();
      // From now on the code opens it (the browser's own toggle is stopped), and its close button closes it.
      fireEvent.click(opener);
      expect(drawer.matches(':popover-open')).toBe(true);
      expect(drawer).toHaveAttribute('data-depth', '0');
      fireEvent.click(within(drawer).getByRole('button', { name: 'Close the menu' }));
      expect(drawer.matches(':popover-open')).toBe(false);
      expect(drawerOf(opener).matches(':popover-open')).toBe(false);
    } finally {
      act(() => root.unmount());
      host.remove();
    }
  });

  it('opens by its state in a browser without popovers (the stylesheet shows it by its data-qf-open)', () => {
    const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'showPopover');
    delete (HTMLElement.prototype as Partial<HTMLElement>).showPopover;
    try {
      mount();
      const drawer = document.getElementById('qf-mobile-menu')!;
      expect(drawer).not.toHaveAttribute('data-qf-open');
      fireEvent.click(within(nav()).getByRole('button', { name: 'Menu' }));
      expect(drawer).toHaveAttribute('data-qf-open', '');
      // (jsdom's stand-in hides every closed popover whatever this attribute says: queried as hidden)
      fireEvent.click(within(drawer).getByRole('button', { name: 'Close the menu', hidden: true }));
      expect(drawer).not.toHaveAttribute('data-qf-open');
    } finally {
      if (own) Object.defineProperty(HTMLElement.prototype, 'showPopover', own);
    }
  });

  it('a menu closed before the code came stays closed when it comes', async () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(element());
    document.body.append(host);
    const opener = host.querySelector<HTMLButtonElement>('button[aria-controls="qf-mobile-menu"]')!;
    fireEvent.click(opener);
    fireEvent.click(host.querySelector('button[popovertargetaction="hide"]')!);
    const root = await act(async () => hydrateRoot(host, element()));
    try {
      expect(drawerOf(opener).matches(':popover-open')).toBe(false);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.body.style.overflow).toBe('');
    } finally {
      act(() => root.unmount());
      host.remove();
    }
  });

  it('lists the secondary items and quick links at depth 0, and collapses on a route change', () => {
    const { update } = mount();
    fireEvent.click(within(nav()).getByRole('button', { name: 'Menu' }));
    const more = within(dialog()).getByRole('list', { name: 'More pages' });
    // IDKT is a quick link and a secondary item: its sub-links come with it (they were missing at depth 0).
    expect(within(more).getAllByRole('link').map((a) => a.textContent)).toEqual(['Events', 'IDKT', 'Technologies', 'Info bank', 'About', 'Media Center', 'News']);
    update({ path: '/about' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is in Arabic with Arabic labels', () => {
    render(element({ lang: 'ar' }));
    fireEvent.click(screen.getByRole('button', { name: 'القائمة' }));
    expect(screen.getByRole('dialog')).toHaveAccessibleName('القائمة الرئيسية');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'التعليم' }));
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'رجوع' })).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('link', { name: 'استكشف التعليم' })).toHaveAttribute('href', '/ar/education');
  });
});

describe('map mode', () => {
  it('#map-{id} opens the slide-in menu straight on the list with that place selected (no key)', async () => {
    desktop = false;
    window.history.replaceState(null, '', '/#map-p-library');
    mount();
    await flush();
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleName('All');
    const list = () => within(dialog).getByRole('list', { name: 'Places: All' });
    const place = within(list()).getByRole('button', { name: 'Qatar National Library' });
    expect(place).toHaveAttribute('aria-expanded', 'true');
    expect(place.closest('li')).toHaveAttribute('data-selected');
    const directions = within(dialog).getByRole('link', { name: 'Directions to Qatar National Library (opens in a new tab)' });
    expect(directions).toHaveAttribute('href', 'https://www.google.com/maps/dir/?api=1&destination=Al%20Luqta%20Street%2C%20Doha');
    expect(directions).toHaveAttribute('target', '_blank');
    expect(within(dialog).queryByRole('button', { name: 'Map' })).toBeNull();
    expect(within(dialog).getByText('Qatar National Library is selected.')).toBeInTheDocument();

    // choosing another place sets its hash; its details come from the previews
    fireEvent.click(within(list()).getByRole('button', { name: 'Oxygen Park' }));
    expect(window.location.hash).toBe('#map-p-park');
    await flush();
    expect(within(dialog).getByText('Daily 06:00 to 22:00')).toBeInTheDocument();

    // closing the menu clears the map hash
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the menu' }));
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/');
  });

  it('a page\'s menu names its places by id only: they are fetched with the open menu, once, and the map opens with them (issue 35)', async () => {
    desktop = false;
    window.history.replaceState(null, '', '/#map-p-library');
    mount({ menu: { ...menuEn, places: [] } });
    await flush();
    const dialog = screen.getByRole('dialog');
    const list = within(dialog).getByRole('list', { name: 'Places: All' });
    expect(within(list).getByRole('button', { name: 'Qatar National Library' })).toHaveAttribute('aria-expanded', 'true');
    expect(fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/menuplaces.json'))).toEqual([['/menuplaces.json?lang=en', expect.anything()]]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the menu' }));
    window.history.replaceState(null, '', '/#map-p-park');
    act(() => void window.dispatchEvent(new HashChangeEvent('hashchange')));
    await flush();
    const again = within(screen.getByRole('dialog')).getByRole('list', { name: 'Places: All' });
    expect(within(again).getByRole('button', { name: 'Oxygen Park' })).toHaveAttribute('aria-expanded', 'true');
    expect(fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/menuplaces.json'))).toHaveLength(1);
  });

  it('another area opens at once while the places are still on their way: only the map waits for them', async () => {
    fetchMock.mockImplementation(async (url: string) => (String(url).startsWith('/menuplaces.json') ? new Promise(() => undefined) : { ok: false, status: 404, json: async () => ({}) }));
    mount({ menu: { ...menuEn, places: [] } });
    const education = within(nav()).getByRole('button', { name: 'Education' });
    fireEvent.pointerEnter(education);
    fireEvent.click(education);
    expect(education).toHaveAttribute('aria-expanded', 'true');
    expect(fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/menuplaces.json'))).toHaveLength(1);
  });

  it('#map opens the mega menu on the map area with nothing selected; leaving the map clears the hash', async () => {
    window.history.replaceState(null, '', '/events#map');
    mount({ path: '/events' });
    await flush();
    expect(within(nav()).getByRole('button', { name: 'World Cup' })).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: 'World Cup' });
    expect(within(region).getByRole('heading', { name: 'Places: All' })).toBeInTheDocument();
    expect(within(region).getAllByRole('button', { expanded: false }).map((b) => b.textContent)).toEqual(expect.arrayContaining(['Oxygen Park', 'Qatar National Library', 'Education City Metro Station']));
    expect(window.location.hash).toBe('#map');
    fireEvent.click(within(nav()).getByRole('button', { name: 'Education' }));
    expect(window.location.hash).toBe('');
  });

  it('#map on a first load puts focus in the panel, on the category shown, and Escape gives it to the area', async () => {
    window.history.replaceState(null, '', '/events#map');
    mount({ path: '/events' });
    await flush();
    const region = screen.getByRole('region', { name: 'World Cup' });
    const [shown] = within(region).getAllByRole('button', { expanded: true });
    expect(document.activeElement).toBe(shown);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await flush();
    expect(document.activeElement).toBe(within(nav()).getByRole('button', { name: 'World Cup' }));
    expect(window.location.hash).toBe('');
  });

  it('#map from a link in the page leaves focus on the link', async () => {
    mount();
    const link = document.body.appendChild(document.createElement('a'));
    link.href = '#map';
    link.focus();
    act(() => {
      window.history.replaceState(null, '', '/#map');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    await flush();
    expect(within(nav()).getByRole('button', { name: 'World Cup' })).toHaveAttribute('aria-expanded', 'true');
    expect(document.activeElement).toBe(link);
    link.remove();
  });

  it('in Arabic, a place’s opening hours are written in Arabic-Indic digits, as the page’s dates (content types them in Western digits); its phone is left as dialled', async () => {
    desktop = false;
    window.history.replaceState(null, '', '/ar#map-p-park');
    mount({ lang: 'ar', path: '/ar' });
    await flush();
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('يوميًا من ٠٦:٠٠ إلى ٢٢:٠٠')).toBeInTheDocument());
    expect(within(dialog).queryByText(/06:00/)).toBeNull();
    expect(within(dialog).getByRole('link', { name: '+974 1' })).toHaveAttribute('href', 'tel:+9741');
  });

  it('a later hash change opens the map, and an unknown place opens it without a selection', async () => {
    mount();
    act(() => {
      window.history.replaceState(null, '', '/#map-p-metro');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(within(screen.getByRole('region', { name: 'World Cup' })).getByRole('button', { name: 'Education City Metro Station' })).toHaveAttribute('aria-expanded', 'true');
    act(() => {
      window.history.replaceState(null, '', '/#map-nowhere');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(within(screen.getByRole('region', { name: 'World Cup' })).queryAllByRole('button', { expanded: true }).map((b) => b.textContent)).not.toContain('Education City Metro Station');
  });

  it('other hashes do not open anything', async () => {
    window.history.replaceState(null, '', '/idkt/for-industry#section-2');
    mount({ path: '/idkt/for-industry' });
    await flush();
    expect(within(nav()).getByRole('button', { name: 'World Cup' })).toHaveAttribute('aria-expanded', 'false');
    expect(window.location.hash).toBe('#section-2');
  });

  it('a new language rebuilds the menu and resets the map', async () => {
    desktop = false;
    window.history.replaceState(null, '', '/#map-p-park');
    const { update } = mount();
    await flush();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    update({ lang: 'ar', path: '/ar', menu: menuEn });
    await flush();
    expect(fetchMock).toHaveBeenCalledWith('/menu.json?lang=ar', expect.anything());
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'القائمة' }));
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'كأس العالم' })).toBeInTheDocument();
  });

  describe('with a maps key', () => {
    const fakeMaps = () => {
      const maps: { options: google.maps.MapOptions; setOptions: jest.Mock; setZoom: jest.Mock; panTo: jest.Mock }[] = [];
      const markers: { title: string; setAnimation: jest.Mock; click?: () => void; setMap: jest.Mock }[] = [];
      const infos: { options: google.maps.InfoWindowOptions; open: jest.Mock; setContent: jest.Mock; close: jest.Mock }[] = [];
      const api = {
        Map: jest.fn(function (this: unknown, _el: HTMLElement, options: google.maps.MapOptions) {
          const m = { options, setOptions: jest.fn(), setZoom: jest.fn(), panTo: jest.fn() };
          maps.push(m);
          return m;
        }),
        Marker: jest.fn(function (this: unknown, options: google.maps.MarkerOptions) {
          const m = {
            title: String(options.title),
            setAnimation: jest.fn(),
            setMap: jest.fn(),
            getPosition: () => null,
            addListener: (_e: string, fn: () => void) => {
              m.click = fn;
            },
          } as (typeof markers)[number];
          markers.push(m);
          return m;
        }),
        InfoWindow: jest.fn(function (this: unknown, options: google.maps.InfoWindowOptions) {
          const i = { options, open: jest.fn(), setContent: jest.fn(), close: jest.fn() };
          infos.push(i);
          return i;
        }),
        Animation: { BOUNCE: 1, DROP: 2 },
      } as unknown as MapsApi;
      return { api, maps, markers, infos, load: jest.fn(async () => api) };
    };

    it('shows the map centred on the campus; a marker sets #map-{id}, bounces, zooms to 16 and opens a 300 px info window', async () => {
      const fake = fakeMaps();
      window.history.replaceState(null, '', '/#map');
      const { update } = mount({ mapsApiKey: 'test-key', loadMaps: fake.load });
      await flush();
      expect(fake.load).toHaveBeenCalledWith('test-key', 'en');
      const region = screen.getByRole('region', { name: 'World Cup' });
      expect(within(region).getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
      expect(within(region).getByRole('region', { name: 'Map of places: All' })).toBeInTheDocument();
      expect(fake.maps[0]!.options).toMatchObject({ center: { lat: 25.313964, lng: 51.4394043 }, zoom: 15 });
      expect(fake.maps[0]!.options.styles).not.toEqual([]);
      expect(fake.markers.map((m) => m.title)).toEqual(['Oxygen Park', 'Qatar National Library', 'Education City Metro Station']);
      expect(fake.infos[0]!.options.maxWidth).toBe(300);

      act(() => fake.markers[1]!.click!());
      expect(window.location.hash).toBe('#map-p-library');
      expect(fake.markers[1]!.setAnimation).toHaveBeenCalledWith(1);
      expect(fake.maps[0]!.setZoom).toHaveBeenLastCalledWith(16);
      expect(fake.infos[0]!.open).toHaveBeenCalled();
      const content = fake.infos[0]!.setContent.mock.calls.at(-1)![0] as HTMLElement;
      expect(content.textContent).toContain('Qatar National Library');
      expect(content.querySelector('a')!.href).toBe('https://www.google.com/maps/dir/?api=1&destination=Al%20Luqta%20Street%2C%20Doha');

      // the map style follows the theme
      update({ mapsApiKey: 'test-key', loadMaps: fake.load, theme: 'light' });
      expect(fake.maps[0]!.setOptions).toHaveBeenLastCalledWith({ styles: [] });

      // the list view shows the same selection
      fireEvent.click(within(region).getByRole('button', { name: 'List' }));
      expect(within(region).getByRole('button', { name: 'Qatar National Library' })).toHaveAttribute('aria-expanded', 'true');
    });

    it('falls back to the list when the map cannot load', async () => {
      const load = jest.fn(async () => {
        throw new Error('blocked');
      });
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      window.history.replaceState(null, '', '/#map-p-park');
      mount({ mapsApiKey: 'test-key', loadMaps: load });
      await flush();
      const region = screen.getByRole('region', { name: 'World Cup' });
      expect(within(region).getByRole('status')).toHaveTextContent('The map could not be loaded, so the places are listed instead.');
      expect(within(region).getByRole('button', { name: 'Oxygen Park' })).toHaveAttribute('aria-expanded', 'true');
      error.mockRestore();
    });
  });
});
