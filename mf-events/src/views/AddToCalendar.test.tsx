/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import { eventPageDataSchema, type EventPageData } from './event-page-data';

const en: EventPageData = eventPageDataSchema.parse({
  id: 'event-1',
  slug: 'education-city-speaker-series-future-of-learning',
  title: 'Education City Speaker Series: The Future of Learning',
  startDate: '2027-01-20T18:30:00+03:00',
  endDate: '2027-01-20T20:30:00+03:00',
  attendance: 'hybrid',
  location: 'Qatar National Convention Centre, Education City',
  organizer: 'Qatar Foundation',
  summary: 'Educators, students and researchers come together.',
  body: ['First paragraph.'],
  webinarLink: 'https://example.org/webinars/ecss-future-of-learning',
  registrationOpen: true,
  past: false,
});

const renderPage = (data: EventPageData, lang: 'en' | 'ar') => render(<SectionRoot section={section} view="event" data={data} lang={lang} bus={createBus()} host={{}} />);

describe('Add to calendar on the event page', () => {
  it('offers the .ics download and the Google and Outlook links, times in UTC', () => {
    renderPage(en, 'en');
    const region = screen.getByRole('region', { name: 'Add to calendar' });
    const ics = within(region).getByRole('link', { name: 'Download a calendar file (.ics)' });
    expect(ics).toHaveAttribute('href', '/api/events/calendar/education-city-speaker-series-future-of-learning.ics');
    expect(ics).toHaveAttribute('download', 'education-city-speaker-series-future-of-learning.ics');
    const google = within(region).getByRole('link', { name: 'Google Calendar (opens in a new tab)' });
    expect(google).toHaveAttribute('target', '_blank');
    expect(google).toHaveAttribute('rel', 'noopener noreferrer');
    const g = new URL(google.getAttribute('href')!);
    expect(g.searchParams.get('dates')).toBe('20270120T153000Z/20270120T173000Z');
    expect(g.searchParams.get('details')).toBe('Educators, students and researchers come together.\n\nJoin online: https://example.org/webinars/ecss-future-of-learning');
    const outlook = new URL(within(region).getByRole('link', { name: 'Outlook Calendar (opens in a new tab)' }).getAttribute('href')!);
    expect(outlook.searchParams.get('startdt')).toBe('2027-01-20T15:30:00Z');
    expect(outlook.searchParams.get('subject')).toBe(en.title);
  });

  it('is in Arabic on the Arabic page, with the Arabic file', () => {
    renderPage({ ...en, title: 'مستقبل التعلّم', summary: 'ملخص.', webinarLink: undefined }, 'ar');
    const region = screen.getByRole('region', { name: 'أضف إلى التقويم' });
    expect(within(region).getByRole('link', { name: 'تنزيل ملف التقويم (ics.)' })).toHaveAttribute('href', '/api/events/calendar/education-city-speaker-series-future-of-learning.ics?lang=ar');
    const google = new URL(within(region).getByRole('link', { name: 'تقويم Google (يُفتح في علامة تبويب جديدة)' }).getAttribute('href')!);
    expect(google.searchParams.get('text')).toBe('مستقبل التعلّم');
    expect(google.searchParams.get('details')).toBe('ملخص.');
    expect(within(region).getByRole('link', { name: 'تقويم Outlook (يُفتح في علامة تبويب جديدة)' })).toBeInTheDocument();
  });
});
