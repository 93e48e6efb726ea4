/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import { eventsListDataSchema, type EventCard, type EventsListData } from './events-list-data';

const card = (i: number, over: Partial<EventCard> = {}): EventCard => ({
  slug: `event-${i}`,
  title: `Event number ${i}`,
  startDate: `2027-02-${String(i).padStart(2, '0')}T18:00:00+03:00`,
  endDate: `2027-02-${String(i).padStart(2, '0')}T20:00:00+03:00`,
  attendance: 'in-person',
  location: 'Qatar National Library, Education City',
  summary: `Summary ${i}.`,
  ...over,
});
const QNL = { key: 'qatar-national-library-education-city', name: 'Qatar National Library, Education City', count: 9 };
const ONLINE = { key: 'online', name: 'Online', count: 1 };
const all = Array.from({ length: 9 }, (_, i) => card(i + 1));
const first: EventsListData = eventsListDataSchema.parse({
  now: '2026-11-22T09:00:00.000Z',
  featured: [all[1]],
  upcoming: all.slice(0, 6),
  past: [card(20, { startDate: '2026-01-01T10:00:00+03:00', endDate: '2026-01-01T12:00:00+03:00' })],
  upcomingTotal: 9,
  pastTotal: 1,
  upcomingPages: 1,
  pastPages: 1,
  pageSize: 6,
  locations: [ONLINE, QNL],
});
const second: EventsListData = { ...first, upcoming: all, upcomingPages: 2 };

const renderList = (d: EventsListData, lang: 'en' | 'ar' = 'en') => render(<SectionRoot section={section} view="events" data={d} lang={lang} bus={createBus()} host={{}} />);
const region = (name: string) => screen.getByRole('region', { name });

describe('EventsList: featured, by location, load more', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('shows featured events first, and no featured section when there is none', () => {
    const { unmount } = renderList(first);
    expect(within(region('Featured events')).getByRole('link', { name: 'Event number 2' })).toHaveAttribute('href', '/events/event-2');
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'));
    expect(regions).toEqual(['events-featured', 'events-upcoming', 'events-past']);
    unmount();
    renderList({ ...first, featured: [] });
    expect(screen.queryByRole('region', { name: 'Featured events' })).toBeNull();
  });

  it('links every venue as a plain link, the current one marked, with its count', () => {
    renderList({ ...first, location: QNL.key });
    expect(screen.getByRole('heading', { level: 1, name: 'Events at Qatar National Library, Education City' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Events by location' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')])).toEqual([
      ['All locations', '/events', null],
      ['Online', '/events?location=online', null],
      ['Qatar National Library, Education City', `/events?location=${QNL.key}`, 'page'],
    ]);
    expect(nav).toHaveTextContent('Online (1 event)');
    expect(nav).toHaveTextContent('Education City (9 events)');
  });

  it('offers Load more events as a link to the next page, keeping the venue and the other list', () => {
    renderList({ ...first, location: QNL.key, pastPages: 2 });
    const more = within(region('Upcoming events')).getByRole('link', { name: 'Load more events' });
    expect(more).toHaveAttribute('href', `/events?location=${QNL.key}&upcoming=2&past=2`);
    expect(more).toHaveAccessibleDescription('Upcoming events');
    expect(within(region('Upcoming events')).getByRole('status')).toHaveTextContent('Showing 6 of 9.');
    // Every past event is shown: no link there.
    expect(within(region('Past events')).queryByRole('link', { name: 'Load more events' })).toBeNull();
    expect(within(region('Past events')).getByRole('status')).toHaveTextContent('Showing 1 of 1.');
  });

  it('loads the next page in place, moves the focus to the first new event and updates the address', async () => {
    const fetchMock = jest.fn(async () => ({ ok: true, json: async () => ({ result: { page: { template: 'events', data: second } } }) }));
    (globalThis as { fetch?: unknown }).fetch = fetchMock;
    renderList(first);
    const more = within(region('Upcoming events')).getByRole('link', { name: 'Load more events' });
    await act(async () => {
      fireEvent.click(more);
    });
    expect(fetchMock).toHaveBeenCalledWith('/page-data/events/page-data.json?upcoming=2', expect.anything());
    await waitFor(() => expect(within(region('Upcoming events')).getAllByRole('listitem')).toHaveLength(9));
    expect(document.activeElement).toBe(within(region('Upcoming events')).getByRole('link', { name: 'Event number 7' }));
    expect(window.location.pathname + window.location.search).toBe('/events?upcoming=2');
    expect(within(region('Upcoming events')).queryByRole('link', { name: 'Load more events' })).toBeNull();
    expect(within(region('Upcoming events')).getByRole('status')).toHaveTextContent('Showing 9 of 9.');
  });

  it('says so and keeps the list when loading fails', async () => {
    (globalThis as { fetch?: unknown }).fetch = jest.fn(async () => ({ ok: false, status: 503, json: async () => ({}) }));
    renderList(first);
    await act(async () => {
      fireEvent.click(within(region('Upcoming events')).getByRole('link', { name: 'Load more events' }));
    });
    expect(await within(region('Upcoming events')).findByRole('alert')).toHaveTextContent('More events could not be loaded. Please try again.');
    expect(within(region('Upcoming events')).getAllByRole('listitem')).toHaveLength(6);
  });

  it('leaves a modified click (new tab) to the browser', () => {
    const fetchMock = jest.fn();
    (globalThis as { fetch?: unknown }).fetch = fetchMock;
    renderList(first);
    fireEvent.click(within(region('Upcoming events')).getByRole('link', { name: 'Load more events' }), { ctrlKey: true });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is in Arabic with Arabic numerals', () => {
    renderList({ ...first, locations: [{ ...QNL, name: 'مكتبة قطر الوطنية، المدينة التعليمية' }] }, 'ar');
    const nav = screen.getByRole('navigation', { name: 'الفعاليات حسب المكان' });
    expect(within(nav).getByRole('link', { name: 'جميع الأماكن' })).toHaveAttribute('href', '/ar/events');
    expect(nav).toHaveTextContent('(٩ فعاليات)');
    expect(within(region('الفعاليات القادمة')).getByRole('link', { name: 'تحميل المزيد من الفعاليات' })).toHaveAttribute('href', '/ar/events?upcoming=2');
    expect(within(region('الفعاليات القادمة')).getByRole('status')).toHaveTextContent('تُعرض ٦ من ٩.');
    expect(region('فعاليات مميزة')).toBeInTheDocument();
  });

  it('tells the visitor when the asked venue has no event', () => {
    renderList({ ...first, unknownLocation: true });
    expect(screen.getByText('There are no events at that location. All events are shown.')).toBeInTheDocument();
  });
});
