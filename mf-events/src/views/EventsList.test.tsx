/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import { eventsListDataSchema, type EventsListData } from './events-list-data';

const upcoming = {
  slug: 'education-city-speaker-series-future-of-learning',
  title: 'Education City Speaker Series: The Future of Learning',
  startDate: '2027-01-20T18:30:00+03:00',
  endDate: '2027-01-20T20:30:00+03:00',
  attendance: 'hybrid' as const,
  location: 'Qatar National Convention Centre, Education City',
  summary: 'Educators, students and researchers come together.',
};
const past = {
  slug: 'qnl-childrens-reading-festival-2026',
  title: "Qatar National Library Children's Reading Festival 2026",
  startDate: '2026-04-15T09:00:00+03:00',
  endDate: '2026-04-18T20:00:00+03:00',
  attendance: 'in-person' as const,
  location: 'Qatar National Library, Education City',
  summary: 'Four days of storytelling.',
};
const data: EventsListData = eventsListDataSchema.parse({ now: '2026-11-22T09:00:00.000Z', upcoming: [upcoming], past: [past] });

const renderList = (d: EventsListData, lang: 'en' | 'ar') => render(<SectionRoot section={section} view="events" data={d} lang={lang} bus={createBus()} host={{}} />);

describe('EventsList', () => {
  it('renders the heading, the intro and both sections in English', () => {
    renderList(data, 'en');
    expect(screen.getByRole('heading', { level: 1, name: 'Events' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByText(/Talks, workshops, festivals and webinars/)).toBeInTheDocument();
    const upcomingSection = screen.getByRole('region', { name: 'Upcoming events' });
    const pastSection = screen.getByRole('region', { name: 'Past events' });
    const link = within(upcomingSection).getByRole('link', { name: upcoming.title });
    expect(link).toHaveAttribute('href', `/events/${upcoming.slug}`);
    expect(within(upcomingSection).getByRole('listitem')).toHaveTextContent('Hybrid (in person and online)');
    expect(within(upcomingSection).getByText(upcoming.location)).toBeInTheDocument();
    expect(within(upcomingSection).getByText(upcoming.summary)).toBeInTheDocument();
    expect(within(pastSection).getByRole('link', { name: past.title })).toHaveAttribute('href', `/events/${past.slug}`);
    expect(within(pastSection).getByText('In person')).toBeInTheDocument();
  });

  it('shows dates and times in Doha time', () => {
    const { container } = renderList(data, 'en');
    const item = within(screen.getByRole('region', { name: 'Upcoming events' })).getByRole('listitem');
    expect(item).toHaveTextContent('20 January 2027');
    expect(item).toHaveTextContent('18:30 – 20:30 (Doha time)');
    const multiDay = within(screen.getByRole('region', { name: 'Past events' })).getByRole('listitem');
    expect(multiDay).toHaveTextContent('15 April 2026 – 18 April 2026');
    expect(container.querySelector(`time[datetime="${upcoming.startDate}"]`)).not.toBeNull();
  });

  it('renders in Arabic with Arabic links and labels', () => {
    renderList({ ...data, upcoming: [{ ...upcoming, title: 'سلسلة محاضرات المدينة التعليمية: مستقبل التعلّم' }] }, 'ar');
    expect(screen.getByRole('heading', { level: 1, name: 'الفعاليات' })).toBeInTheDocument();
    const upcomingSection = screen.getByRole('region', { name: 'الفعاليات القادمة' });
    expect(within(upcomingSection).getByRole('link', { name: 'سلسلة محاضرات المدينة التعليمية: مستقبل التعلّم' })).toHaveAttribute('href', `/ar/events/${upcoming.slug}`);
    expect(upcomingSection).toHaveTextContent('مدمج (حضوريًا وعبر الإنترنت)');
    expect(upcomingSection).toHaveTextContent('بتوقيت الدوحة');
    expect(upcomingSection).toHaveTextContent('٢٠ يناير ٢٠٢٧');
    expect(screen.getByRole('region', { name: 'الفعاليات السابقة' })).toBeInTheDocument();
  });

  it('shows the empty states', () => {
    renderList({ ...data, upcoming: [], past: [] }, 'en');
    expect(screen.getByText('There are no upcoming events at the moment. Please check back soon.')).toBeInTheDocument();
    expect(screen.getByText('There are no past events to show.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('hydrates the server markup without a mismatch', async () => {
    const tree = <SectionRoot section={section} view="events" data={data} lang="ar" bus={createBus()} host={{}} />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.appendChild(container);
    const onRecoverableError = jest.fn();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const root = await act(async () => hydrateRoot(container, tree, { onRecoverableError }));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(container).toHaveTextContent('الفعاليات القادمة');
    act(() => root.unmount());
    errors.mockRestore();
  });
});
