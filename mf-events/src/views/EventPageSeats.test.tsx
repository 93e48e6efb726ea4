/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import { eventPageDataSchema, type EventPageData } from './event-page-data';

/** Issue 15: the status line never says open when mf-forms has no seat left to offer. */
const base: EventPageData = eventPageDataSchema.parse({
  id: 'event-1',
  slug: 'a-talk',
  title: 'A talk',
  startDate: '2027-01-20T18:30:00+03:00',
  endDate: '2027-01-20T20:30:00+03:00',
  attendance: 'hybrid',
  location: 'Education City',
  organizer: 'Qatar Foundation',
  summary: 'A summary.',
  body: [],
  registrationOpen: true,
  past: false,
});

const placed: { id: string; props: Record<string, unknown> }[] = [];
const renderPage = (data: EventPageData, lang: 'en' | 'ar') =>
  render(<SectionRoot section={section} view="event" data={data} lang={lang} bus={createBus()} host={{ mountWidget: (_el, id, props) => (placed.push({ id, props }), () => undefined) }} />);

const status = () => document.querySelector('[data-status]');

describe('the event status with the seats left', () => {
  beforeEach(() => (placed.length = 0));

  it.each([
    ['en', 'Registration Closed'],
    ['ar', 'أُغلق باب التسجيل'],
  ] as const)('says Registration Closed in %s when every seat is booked, and hands the seats to the form', (lang, closed) => {
    const availability = { open: true, online: false, inPerson: false, seatsLeft: 0 };
    renderPage({ ...base, availability }, lang);
    expect(status()).toHaveTextContent(closed);
    expect(status()).toHaveAttribute('data-status', 'registrationClosed');
    expect(placed).toEqual([{ id: 'mf-forms/EventRegistration', props: expect.objectContaining({ eventId: 'event-1', open: true, availability }) }]);
  });

  it('stays open while online attendance (or in-person seats) are left', () => {
    renderPage({ ...base, availability: { open: true, online: true, inPerson: false, seatsLeft: 0 } }, 'en');
    expect(screen.getByText('Registration is open')).toBeInTheDocument();
  });

  it('stays as the content says when the seats are unknown', () => {
    renderPage(base, 'en');
    expect(screen.getByText('Registration is open')).toBeInTheDocument();
    expect(placed[0]!.props).not.toHaveProperty('availability');
  });
});
