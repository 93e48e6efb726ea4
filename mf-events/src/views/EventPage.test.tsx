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
  body: ['First paragraph.', 'Second paragraph.'],
  webinarLink: 'https://example.org/webinars/ecss-future-of-learning',
  registrationOpen: true,
  past: false,
});
const ar: EventPageData = {
  ...en,
  title: 'سلسلة محاضرات المدينة التعليمية: مستقبل التعلّم',
  location: 'مركز قطر الوطني للمؤتمرات، المدينة التعليمية',
  organizer: 'مؤسسة قطر',
  body: ['الفقرة الأولى.'],
};

const renderPage = (data: EventPageData, lang: 'en' | 'ar') => render(<SectionRoot section={section} view="event" data={data} lang={lang} bus={createBus()} host={{}} />);

/** The <dd> that follows a <dt> with this text. */
const detail = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('EventPage', () => {
  it('renders the title, the details list and the body in English', () => {
    const { container } = renderPage(en, 'en');
    expect(screen.getByRole('heading', { level: 1, name: en.title })).toHaveAttribute('tabindex', '-1');
    expect(container.querySelector('dl')).not.toBeNull();
    expect(detail('Date')).toHaveTextContent(/Wednesday,? 20 January 2027/);
    expect(detail('Time')).toHaveTextContent('18:30 – 20:30 (Doha time)');
    expect(detail('Where')).toHaveTextContent(en.location);
    expect(detail('Organized by')).toHaveTextContent('Qatar Foundation');
    const link = within(detail('Webinar link')).getByRole('link', { name: /Join the session/ });
    expect(link).toHaveAttribute('href', en.webinarLink);
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Hybrid (in person and online)')).toBeInTheDocument();
    expect(screen.getByText('First paragraph.')).toBeInTheDocument();
    expect(screen.getByText('Second paragraph.')).toBeInTheDocument();
    expect(screen.getByText('Registration is open')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to all events' })).toHaveAttribute('href', '/events');
  });

  it('renders in Arabic with Arabic labels and an Arabic back link', () => {
    renderPage(ar, 'ar');
    expect(screen.getByRole('heading', { level: 1, name: ar.title })).toBeInTheDocument();
    expect(detail('التاريخ')).toHaveTextContent('٢٠ يناير ٢٠٢٧');
    expect(detail('الوقت')).toHaveTextContent('بتوقيت الدوحة');
    expect(detail('المكان')).toHaveTextContent(ar.location);
    expect(detail('الجهة المنظمة')).toHaveTextContent('مؤسسة قطر');
    expect(within(detail('رابط الندوة الإلكترونية')).getByRole('link', { name: /انضم إلى الجلسة/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByText('التسجيل مفتوح')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى جميع الفعاليات' })).toHaveAttribute('href', '/ar/events');
  });

  it('says Registration Closed, and has no webinar link when there is none', () => {
    const { webinarLink: _omit, ...rest } = en;
    renderPage({ ...rest, attendance: 'in-person', registrationOpen: false }, 'en');
    expect(screen.getByText('Registration Closed')).toBeInTheDocument();
    expect(screen.queryByText('Webinar link')).toBeNull();
    expect(screen.queryByRole('link', { name: /Join the session/ })).toBeNull();
    expect(screen.getByText('In person')).toBeInTheDocument();
  });

  it('says when the event has ended, in both languages', () => {
    renderPage({ ...en, registrationOpen: false, past: true }, 'en');
    expect(screen.getByText('This event has ended')).toBeInTheDocument();
    expect(screen.queryByText('Registration Closed')).toBeNull();
  });

  it('links a session of the speaker series to the series page, where its question form is, in both languages', () => {
    const series = { id: 'ecss-education-city-speaker-series', title: 'Education City Speaker Series', path: '/education-city-speaker-series' };
    const { container, unmount } = renderPage({ ...en, series }, 'en');
    expect(screen.getByText(/^This session is part of the Education City Speaker Series\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See every session and send the speakers your question' })).toHaveAttribute('href', '/education-city-speaker-series');
    expect(container.querySelector('[data-qf-widget="mf-forms/EcssQuestion"]')).toBeNull();
    unmount();
    renderPage({ ...ar, series: { ...series, title: 'سلسلة محاضرات المدينة التعليمية' }, past: true }, 'ar');
    expect(screen.getByText(/^هذه الجلسة جزء من سلسلة محاضرات المدينة التعليمية\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'اطّلع على جميع الجلسات وأرسل سؤالك إلى المتحدثين' })).toHaveAttribute('href', '/ar/education-city-speaker-series');
  });

  it('has no series link on an event outside the series', () => {
    renderPage(en, 'en');
    expect(screen.queryByText(/This session is part of/)).toBeNull();
  });

  it('shows a multi-day event as a date range', () => {
    renderPage({ ...ar, startDate: '2027-03-09T09:00:00+03:00', endDate: '2027-03-10T16:00:00+03:00', past: true }, 'ar');
    expect(detail('التاريخ').querySelectorAll('time')).toHaveLength(2);
    expect(screen.getByText('انتهت هذه الفعالية')).toBeInTheDocument();
  });
});
