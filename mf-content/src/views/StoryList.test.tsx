/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import { REVEAL_ATTR } from '@qf/shared/contracts';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import type { CampaignData, CategoryListData, StoryCard, StoryListData } from './list-data';
import { parseStoryQuery, storyQuery, tagKey } from './story-filter';

// Every mf-content view is a chunk of its own (a lazy view): loaded first, as the parcel and the server do.
beforeAll(() => section.loadAll());

const card = (n: number, vertical: StoryCard['vertical'] = 'education'): StoryCard => ({
  title: `Story ${n}`,
  href: `/stories/story-${n}`,
  excerpt: `Excerpt ${n}`,
  date: new Date(Date.UTC(2026, 0, 30) - n * 86_400_000).toISOString(),
  vertical,
  type: 'news',
});
const cards = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => card(from + i));
const data = (over: Partial<StoryListData> = {}): StoryListData => ({
  stories: cards(1, 9),
  total: 12,
  page: 1,
  pageSize: 9,
  filter: {},
  tags: [
    { value: 'football', label: 'Football' },
    { value: 'sustainability', label: 'Sustainability' },
  ],
  invalid: [],
  ...over,
});
const view = (name: string, d: unknown, lang: 'en' | 'ar' = 'en') => render(<SectionRoot section={section} view={name} data={d} lang={lang} bus={createBus()} host={{}} />);
const titles = () => within(screen.getAllByRole('list').at(-1)!).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
/** A page-data answer of the shell (SPEC §7) carrying a stories list. */
const answer = (d: StoryListData) => ({ ok: true, status: 200, json: async () => ({ result: { page: { template: 'stories', data: d } } }) }) as Response;

describe('the story cards', () => {
  it('are marked for the shell’s scroll reveal, which hides nothing by itself', () => {
    view('stories', data());
    const items = within(screen.getAllByRole('list').at(-1)!).getAllByRole('listitem');
    expect(items).toHaveLength(9);
    for (const item of items) expect(item.getAttribute(REVEAL_ATTR)).toBe('');
  });
});

describe('the stories list', () => {
  let fetchMock: jest.Mock;
  beforeEach(() => {
    window.history.replaceState(null, '', '/stories');
    fetchMock = jest.fn();
    global.fetch = fetchMock;
  });

  it('is a GET form on /stories with labelled area, type and topic fields, and a “Load more” link to the next page', () => {
    view('stories', data());
    const form = screen.getByRole('form', { name: 'Filter stories' });
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/stories');
    expect(screen.getByLabelText('Area')).toHaveAttribute('name', 'area');
    expect(screen.getByLabelText('Type')).toHaveAttribute('name', 'type');
    expect(screen.getByLabelText('Topic')).toHaveAttribute('name', 'tag');
    expect(screen.getByRole('option', { name: 'World Cup' })).toHaveValue('worldcup');
    expect(screen.getByRole('status')).toHaveTextContent('12 stories');
    expect(screen.getByText('Showing 9 of 12')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Load more stories' })).toHaveAttribute('href', '/stories?page=2');
    expect(titles()).toHaveLength(9);
  });

  it('offers no “Load more” past the most pages one list shows, but still says how many stories there are', () => {
    view('stories', data({ total: 1000, page: 40, stories: cards(1, 360) }));
    expect(screen.queryByRole('link', { name: 'Load more stories' })).toBeNull();
    expect(screen.getByText(/360.*1000|1000.*360/)).toBeTruthy();
  });

  it('keeps the filter in the “Load more” link and shows no link on the last page', () => {
    view('stories', data({ filter: { area: 'research', tag: 'football' }, total: 20, page: 2, stories: cards(1, 18) }));
    expect(screen.getByLabelText('Area')).toHaveValue('research');
    expect(screen.getByLabelText('Topic')).toHaveValue('football');
    expect(screen.getByRole('link', { name: 'Load more stories' })).toHaveAttribute('href', '/stories?area=research&tag=football&page=3');
    view('stories', data({ total: 9 }));
    expect(screen.getAllByRole('link', { name: 'Load more stories' })).toHaveLength(1);
  });

  it('loads the next page in place, writes it into the address and focuses the first new story', async () => {
    fetchMock.mockResolvedValue(answer(data({ stories: cards(1, 12), page: 2 })));
    view('stories', data());
    fireEvent.click(screen.getByRole('link', { name: 'Load more stories' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading more stories…');
    await waitFor(() => expect(titles()).toHaveLength(12));
    expect(fetchMock).toHaveBeenCalledWith('/page-data/stories/page-data.json?page=2', { headers: { accept: 'application/json' } });
    expect(window.location.pathname + window.location.search).toBe('/stories?page=2');
    expect(document.activeElement).toHaveTextContent('Story 10');
    expect(screen.queryByRole('link', { name: 'Load more stories' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('12 stories');
  });

  it('filters in place once hydrated and makes the filter shareable', async () => {
    fetchMock.mockResolvedValue(answer(data({ stories: [card(3, 'community')], total: 1, filter: { area: 'community' } })));
    view('stories', data());
    fireEvent.change(screen.getByLabelText('Area'), { target: { value: 'community' } });
    await waitFor(() => expect(titles()).toEqual(['Story 3']));
    expect(fetchMock).toHaveBeenCalledWith('/page-data/stories/page-data.json?area=community', expect.anything());
    expect(window.location.search).toBe('?area=community');
    expect(screen.getByRole('status')).toHaveTextContent('1 story');
    fetchMock.mockResolvedValue(answer(data()));
    fireEvent.click(screen.getByRole('link', { name: 'Clear filters' }));
    await waitFor(() => expect(titles()).toHaveLength(9));
    expect(window.location.pathname + window.location.search).toBe('/stories');
  });

  it('says so when more stories cannot be loaded, and keeps the list', async () => {
    fetchMock.mockResolvedValue({ ok: false, status: 503, json: async () => ({}) } as Response);
    view('stories', data());
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Load more stories' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('More stories could not be loaded. Please try again.');
    expect(titles()).toHaveLength(9);
    expect(window.location.search).toBe('');
  });

  it('speaks Arabic, with the form and links inside /ar, and explains a bad query', () => {
    view('stories', data({ invalid: ['tag'], stories: cards(1, 2), total: 2 }), 'ar');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('الأخبار والقصص');
    expect(screen.getByRole('form', { name: 'تصفية القصص' })).toHaveAttribute('action', '/ar/stories');
    expect(screen.getByText('هذا الموضوع غير موجود في قائمتنا، لذا تُعرض القصص في جميع المواضيع.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('قصتان');
    expect(screen.getByRole('option', { name: 'مقابلة' })).toHaveValue('interview');
    // Dates read as in English, day, month name and year (not ١٤‏/١٠‏/٢٠٢٦).
    expect(screen.getByText('٢٩ يناير ٢٠٢٦')).toBeInTheDocument();
  });

  it('dates the cards with the month’s name in English too', () => {
    view('stories', data({ stories: cards(1, 2), total: 2 }));
    expect(screen.getByText('29 Jan 2026')).toBeInTheDocument();
  });
});

describe('story filter helpers', () => {
  it('accepts known values only', () => {
    expect(parseStoryQuery(new URLSearchParams('area=research&type=video&tag=football&page=3'), ['football'])).toEqual({ filter: { area: 'research', type: 'video', tag: 'football' }, page: 3, invalid: [] });
    expect(parseStoryQuery(new URLSearchParams('area=x&type=y&tag=z&page=0'), ['football'])).toEqual({ filter: {}, page: 1, invalid: ['area', 'type', 'tag', 'page'] });
    expect(parseStoryQuery(new URLSearchParams('page=2.5'), []).invalid).toEqual(['page']);
    // At most 40 pages (360 stories) in one answer, whatever the store's size.
    expect(parseStoryQuery(new URLSearchParams('page=40'), [])).toEqual({ filter: {}, page: 40, invalid: [] });
    expect(parseStoryQuery(new URLSearchParams('page=41'), [])).toEqual({ filter: {}, page: 1, invalid: ['page'] });
    expect(parseStoryQuery(new URLSearchParams('page=9999'), [])).toEqual({ filter: {}, page: 1, invalid: ['page'] });
  });

  it('round-trips through the query string and keys topics the same in both languages', () => {
    expect(storyQuery({})).toBe('');
    expect(storyQuery({ area: 'education' }, 1)).toBe('?area=education');
    expect(storyQuery({ type: 'news', tag: 'ai' }, 2)).toBe('?type=news&tag=ai&page=2');
    expect(tagKey('FIFA World Cup Qatar 2022')).toBe('fifa-world-cup-qatar-2022');
    expect(tagKey('Qatar Science & Technology Park')).toBe('qatar-science-technology-park');
  });
});

describe('the category and campaign pages', () => {
  it('lists places with their address and a directions link that opens in a new tab', () => {
    const d: CategoryListData = {
      vertical: 'community',
      category: 'places',
      items: [{ title: 'Oxygen Park', href: '/place/oxygen-park', subtitle: 'Sport', openingHours: 'Daily', address: { text: 'Education City, Doha', directions: 'https://www.google.com/maps/dir/?api=1&destination=Oxygen%20Park' } }],
      area: '/community',
    };
    view('category', d);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Places');
    expect(screen.getByText('Education City, Doha').tagName).toBe('ADDRESS');
    const link = screen.getByRole('link', { name: /Get directions to Oxygen Park/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Back to Community' })).toHaveAttribute('href', '/community');
  });

  it('writes an Arabic place’s hours and address in Arabic-Indic digits, as its dates', () => {
    const item = { title: 'حديقة الأكسجين', href: '/ar/place/oxygen-park', openingHours: 'يوميًا من 06:00 إلى 22:00', address: { text: 'شارع 2، الدوحة', directions: 'https://www.google.com/maps/dir/?api=1&destination=x' } };
    view('category', { vertical: 'community', category: 'places', items: [item], area: '/ar/community' } satisfies CategoryListData, 'ar');
    expect(screen.getByText('شارع ٢، الدوحة').tagName).toBe('ADDRESS');
    expect(screen.getByText(/يوميًا من ٠٦:٠٠ إلى ٢٢:٠٠/)).toBeInTheDocument();
  });

  it('titles a World Cup map category in Arabic', () => {
    view('category', { vertical: 'worldcup', category: 'places', map: 'culture', items: [], area: '/ar/world-cup' } satisfies CategoryListData, 'ar');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('الأماكن: الثقافة');
    expect(screen.getByText('لا يوجد شيء مدرج بعد.')).toBeInTheDocument();
  });

  it('shows a campaign with its stories', () => {
    const d: CampaignData = { title: 'Sport for All', year: 2016, description: 'A campaign.', stories: [card(1, 'community')], all: '/stories' };
    view('campaign', d);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sport for All');
    expect(screen.getByText('Campaign of 2016')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Story 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All stories' })).toHaveAttribute('href', '/stories');
  });
});
