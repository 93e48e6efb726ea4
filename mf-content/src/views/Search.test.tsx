/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import { readSearchHash, searchHash, searchParams, toggleFilter } from './search-hash';

// Every mf-content view is a chunk of its own (a lazy view): loaded first, as the parcel and the server do.
beforeAll(() => section.loadAll());

const result = (total: number) => ({
  total,
  page: 1,
  pageSize: 10,
  items: [{ id: 'story-1', type: 'article', title: 'A story', excerpt: 'About it.', url: '/stories/a', image: null }],
  facets: { type: { article: total, event: 3 }, year: { '2025': 2 }, month: { '03': 1 }, school: { 'qatar-academy-doha': 1 }, part_of_qatar: { yes: 1 } },
  labels: { school: { 'qatar-academy-doha': 'Qatar Academy Doha' } },
});

describe('the search page', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    window.history.replaceState(null, '', '/search');
  });

  it('reads and writes SPEC’s hash', () => {
    expect(searchHash({ q: 'learning commons', filters: {}, page: 1 })).toBe('#all=1&allType=1&s=learning%20commons');
    expect(readSearchHash('#all=1&allType=1&s=%D8%AC%D8%A7%D9%85%D8%B9%D8%A9&type=university&page=2')).toEqual({ q: 'جامعة', filters: { type: ['university'] }, page: 2 });
    expect(readSearchHash('', '?s=doha')).toEqual({ q: 'doha', filters: {}, page: 1 });
  });

  it('keeps several values of every kind in the hash, and asks the API for them', () => {
    const state = readSearchHash('#all=1&allType=1&s=library&type=article&type=event&year=2025&tags=Health&type=article&nope=1&department=a%2Cb');
    expect(state).toEqual({ q: 'library', filters: { type: ['article', 'event'], tags: ['Health'], year: ['2025'] }, page: 1 });
    expect(searchHash(state)).toBe('#all=1&allType=1&s=library&type=article&type=event&tags=Health&year=2025');
    expect(searchParams(state, 'ar').toString()).toBe('q=library&lang=ar&page=1&type=article%2Cevent&tags=Health&year=2025');
    const fewer = toggleFilter({ ...state, page: 3 }, 'type', 'article');
    expect(fewer).toEqual({ q: 'library', filters: { type: ['event'], tags: ['Health'], year: ['2025'] }, page: 1 });
    expect(toggleFilter(toggleFilter(fewer, 'type', 'event'), 'year', '2025').filters).toEqual({ tags: ['Health'] });
  });

  it('searches the text of the hash and shows the results with their count', async () => {
    window.history.replaceState(null, '', '/search#all=1&allType=1&s=learning');
    const fetchSpy = jest.fn(async () => ({ ok: true, json: async () => result(1) }));
    global.fetch = fetchSpy as unknown as typeof fetch;
    render(<SectionRoot section={section} view="search" data={{}} lang="en" bus={createBus()} host={{}} />);
    expect(await screen.findByRole('link', { name: 'A story' })).toHaveAttribute('href', '/stories/a');
    expect(screen.getByRole('status')).toHaveTextContent('1 result for “learning”');
    expect(fetchSpy).toHaveBeenCalledWith('/api/content/search?q=learning&lang=en&page=1', expect.anything());
  });

  it('asks the API once for the search the page opened with, when the shell announces the page after it (no request started, then aborted)', async () => {
    window.history.replaceState(null, '', '/search#all=1&allType=1&s=learning');
    const fetchSpy = jest.fn(async () => ({ ok: true, json: async () => result(1) }));
    global.fetch = fetchSpy as unknown as typeof fetch;
    const bus = createBus();
    render(<SectionRoot section={section} view="search" data={{}} lang="en" bus={bus} host={{}} />);
    bus.publish('route', { path: '/search', lang: 'en', remote: 'mf-content', template: 'search' });
    expect(await screen.findByRole('link', { name: 'A story' })).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    // A search from the header while on the page still asks.
    window.history.replaceState(null, '', '/search#all=1&allType=1&s=library');
    bus.publish('route', { path: '/search', lang: 'en', remote: 'mf-content', template: 'search' });
    await waitFor(() => expect(fetchSpy).toHaveBeenLastCalledWith('/api/content/search?q=library&lang=en&page=1', expect.anything()));
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('offers every kind of filter with values, several at once, each with its count, in the visitor’s words', async () => {
    window.history.replaceState(null, '', '/search#all=1&allType=1&s=learning');
    const fetchSpy = jest.fn(async () => ({ ok: true, json: async () => result(1) }));
    global.fetch = fetchSpy as unknown as typeof fetch;
    render(<SectionRoot section={section} view="search" data={{}} lang="en" bus={createBus()} host={{}} />);
    const filters = await screen.findByRole('region', { name: 'Filter results' });
    expect(filters).toHaveTextContent('Type');
    expect(screen.getByRole('checkbox', { name: 'Stories (1)' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Events (3)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'March (1)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Qatar Academy Doha (1)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Yes (1)' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Stories (1)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '2025 (2)' }));
    await waitFor(() => expect(window.location.hash).toBe('#all=1&allType=1&s=learning&type=article&year=2025'));
    await waitFor(() => expect(fetchSpy).toHaveBeenLastCalledWith('/api/content/search?q=learning&lang=en&page=1&type=article&year=2025', expect.anything()));
    expect(screen.getByRole('checkbox', { name: 'Stories (1)' })).toBeChecked();
    // The other type stays on offer; clearing takes every filter away.
    expect(screen.getByRole('checkbox', { name: 'Events (3)' })).not.toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(window.location.hash).toBe('#all=1&allType=1&s=learning'));
  });

  it('folds the filters into one closed disclosure above the results on a narrow screen, and sets them beside the results on a wide one (issue 38: the first result was below the fold)', async () => {
    const screens = { wide: false };
    const listeners = new Set<() => void>();
    window.matchMedia = ((query: string) => ({
      get matches() {
        return query === '(min-width: 64rem)' && screens.wide;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    })) as unknown as typeof window.matchMedia;
    try {
      window.history.replaceState(null, '', '/search#all=1&allType=1&s=learning&year=2025');
      global.fetch = jest.fn(async () => ({ ok: true, json: async () => result(1) })) as unknown as typeof fetch;
      render(<SectionRoot section={section} view="search" data={{}} lang="en" bus={createBus()} host={{}} />);
      const filters = await screen.findByRole('region', { name: 'Filter results' });
      const fold = filters.querySelector('details');
      expect(fold).not.toBeNull();
      expect(fold!.open).toBe(false);
      // Its summary says how many are chosen, so a folded filter is not a hidden one.
      expect(fold!.querySelector('summary')).toHaveTextContent('Filter results (1 chosen)');
      fireEvent.click(fold!.querySelector('summary')!);
      fold!.open = true;
      fireEvent(fold!, new Event('toggle'));
      await waitFor(() => expect(fold!.open).toBe(true));
      // The screen turns wide: the filters stand beside the results, a heading and their kinds, no fold.
      screens.wide = true;
      listeners.forEach((listener) => listener());
      await waitFor(() => expect(screen.getByRole('region', { name: 'Filter results' }).querySelector('summary h2')).toBeNull());
      expect(screen.getByRole('heading', { level: 2, name: 'Filter results' })).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: '2025 (2)' })).toBeChecked();
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });

  it('lists months in calendar order and the newest year first, whatever their counts (issue 38)', async () => {
    window.history.replaceState(null, '', '/search#all=1&allType=1&s=learning');
    const months = { ...result(1), facets: { month: { '10': 9, '11': 7, '12': 5, '02': 4, '01': 1 }, year: { '2024': 9, '2026': 2, '2025': 5 } } };
    global.fetch = jest.fn(async () => ({ ok: true, json: async () => months })) as unknown as typeof fetch;
    render(<SectionRoot section={section} view="search" data={{}} lang="en" bus={createBus()} host={{}} />);
    await screen.findByRole('region', { name: 'Filter results' });
    // In their closed disclosures: in the document, hidden until opened.
    const names = (legend: string) => [...screen.getByRole('group', { name: legend, hidden: true }).querySelectorAll('label')].map((l) => l.textContent?.replace(/\s+/g, ' ').trim());
    expect(names('Month')).toEqual(['January (1)', 'February (4)', 'October (9)', 'November (7)', 'December (5)']);
    expect(names('Year')).toEqual(['2026 (2)', '2025 (5)', '2024 (9)']);
  });

  it('names the filters in Arabic', async () => {
    window.history.replaceState(null, '', '/ar/search#all=1&allType=1&s=x&type=event');
    global.fetch = jest.fn(async () => ({ ok: true, json: async () => result(1) })) as unknown as typeof fetch;
    render(<SectionRoot section={section} view="search" data={{}} lang="ar" bus={createBus()} host={{}} />);
    await screen.findByRole('region', { name: 'تصفية النتائج' });
    expect(screen.getByRole('checkbox', { name: 'الفعاليات (٣)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'مارس (١)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'نعم (١)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '٢٠٢٥ (٢)' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'النوع' })).toBeInTheDocument();
  });

  it('puts a new search in the hash, and speaks Arabic', async () => {
    global.fetch = jest.fn(async () => ({ ok: true, json: async () => result(0) })) as unknown as typeof fetch;
    render(<SectionRoot section={section} view="search" data={{}} lang="ar" bus={createBus()} host={{}} />);
    expect(screen.getByRole('status')).toHaveTextContent('اكتب ما تبحث عنه.');
    fireEvent.change(screen.getByLabelText('ابحث في الموقع'), { target: { value: 'جامعة' } });
    fireEvent.click(screen.getByRole('button', { name: 'ابحث' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('لا توجد نتائج لـ «جامعة». جرّب كلمات أخرى.'));
    expect(window.location.hash).toBe('#all=1&allType=1&s=%D8%AC%D8%A7%D9%85%D8%B9%D8%A9');
  });
});
