/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createBus } from '@qf/shared/bus';
import type { WidgetHost } from '@qf/shared/contracts';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import { seriesPageDataSchema, type SeriesPageData, type SeriesSession } from './series-page-data';

const session = (over: Partial<SeriesSession>): SeriesSession => ({
  id: 'event-1',
  slug: 'education-city-speaker-series-future-of-learning',
  title: 'The Future of Learning',
  startDate: '2027-01-20T18:30:00+03:00',
  endDate: '2027-01-20T20:30:00+03:00',
  attendance: 'hybrid',
  location: 'Qatar National Convention Centre',
  summary: 'Educators, students and researchers come together.',
  speakers: [
    { name: 'Dr. Layla Al-Mansouri', role: 'Professor of Education Policy', path: '/education-city-speaker-series/experts/layla-al-mansouri' },
    { name: 'Dr. Daniel Okafor', role: 'Researcher', path: '/education-city-speaker-series/experts/daniel-okafor' },
  ],
  ...over,
});
const learning = session({});
const healthy = session({ id: 'event-12', slug: 'education-city-speaker-series-healthy-cities', title: 'Healthy Cities, Healthy Lives', startDate: '2027-05-05T18:30:00+03:00', endDate: '2027-05-05T20:30:00+03:00', speakers: [] });
const science = session({ id: 'event-6', slug: 'education-city-speaker-series-science-trust-public-life', title: 'Science, Trust and Public Life', startDate: '2026-05-12T18:30:00+03:00', endDate: '2026-05-12T20:30:00+03:00', speakers: [{ name: 'Dr. Sarah Lindqvist', role: 'Historian of science', path: '/education-city-speaker-series/experts/sarah-lindqvist' }] });

const NOW = '2026-11-22T09:00:00.000Z';
const en: SeriesPageData = seriesPageDataSchema.parse({
  id: 'ecss-education-city-speaker-series',
  title: 'Education City Speaker Series',
  description: 'Leading thinkers in open conversations.',
  image: { src: '/media/img-ecss-speaker-series-800.webp', srcSet: '/media/img-ecss-speaker-series-626.webp 626w, /media/img-ecss-speaker-series-800.webp 800w', width: 800, height: 450, alt: 'A full auditorium during a public lecture' },
  now: NOW,
  next: learning,
  upcoming: [learning, healthy],
  past: [science],
  speakersPath: '/education-city-speaker-series/experts',
});
const ar: SeriesPageData = {
  ...en,
  title: 'سلسلة محاضرات المدينة التعليمية',
  next: { ...learning, title: 'مستقبل التعلّم', speakers: [{ name: 'الدكتورة ليلى المنصوري', role: 'أستاذة', path: '/education-city-speaker-series/experts/layla-al-mansouri' }, { name: 'الدكتور دانيال أوكافور', role: 'باحث', path: '/education-city-speaker-series/experts/daniel-okafor' }] },
  upcoming: [{ ...learning, title: 'مستقبل التعلّم', speakers: [{ name: 'الدكتورة ليلى المنصوري', role: 'أستاذة', path: '/education-city-speaker-series/experts/layla-al-mansouri' }, { name: 'الدكتور دانيال أوكافور', role: 'باحث', path: '/education-city-speaker-series/experts/daniel-okafor' }] }, { ...healthy, title: 'مدن صحية' }],
  past: [{ ...science, title: 'العلم والثقة' }],
};

const tree = (data: SeriesPageData, lang: 'en' | 'ar', host: WidgetHost = {}) => <SectionRoot section={section} view="series" data={data} lang={lang} bus={createBus()} host={host} />;

/** The <dd> that follows a <dt> with this text. */
const zone = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
const region = (name: string) => screen.getByRole('region', { name });

describe('SeriesPage', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date(NOW) }));
  afterEach(() => jest.useRealTimers());

  it('renders the series, its hero image, the next session with its countdown and start time in three time zones', () => {
    render(tree(en, 'en'));
    expect(screen.getByRole('heading', { level: 1, name: 'Education City Speaker Series' })).toHaveAttribute('tabindex', '-1');
    const hero = screen.getByRole('img', { name: 'A full auditorium during a public lecture' });
    expect(hero).toHaveAttribute('srcset', en.image!.srcSet);
    expect(hero).toHaveAttribute('sizes', '(min-width: 56rem) 52rem, 100vw');
    expect(hero).toHaveAttribute('width', '800');
    expect(hero).toHaveAttribute('height', '450');
    expect(screen.getByText('Leading thinkers in open conversations.')).toBeInTheDocument();
    const next = region('Next session');
    expect(within(next).getByRole('link', { name: 'The Future of Learning' })).toHaveAttribute('href', '/events/education-city-speaker-series-future-of-learning');
    expect(within(next).getByText('The Future of Learning starts on Wednesday, 20 January 2027 at 18:30, Doha time.')).toBeInTheDocument();
    // 2026-11-22 12:00 in Doha to 2027-01-20 18:30: 59 days, 6 hours and 30 minutes.
    expect(within(next).getByRole('timer')).toHaveTextContent('59Days06Hours30Minutes00Seconds');
    expect(within(next).getByRole('heading', { level: 3, name: 'Start time around the world' })).toBeInTheDocument();
    expect(zone('Doha')).toHaveTextContent('Wednesday, 20 January 2027 at 18:30');
    expect(zone('London')).toHaveTextContent('Wednesday, 20 January 2027 at 15:30');
    expect(zone('New York')).toHaveTextContent('Wednesday, 20 January 2027 at 10:30');
    expect(zone('Doha').querySelector('time')).toHaveAttribute('datetime', learning.startDate);
  });

  it('follows summer time in London and New York', () => {
    render(tree({ ...en, next: healthy }, 'en'));
    expect(zone('Doha')).toHaveTextContent('Wednesday, 5 May 2027 at 18:30');
    expect(zone('London')).toHaveTextContent('Wednesday, 5 May 2027 at 16:30');
    expect(zone('New York')).toHaveTextContent('Wednesday, 5 May 2027 at 11:30');
  });

  it('lists upcoming sessions first, then past ones, each linking to its event page with its speakers', () => {
    render(tree(en, 'en'));
    const titles = (name: string) => within(region(name)).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles('Upcoming sessions')).toEqual(['The Future of Learning', 'Healthy Cities, Healthy Lives']);
    expect(titles('Past sessions')).toEqual(['Science, Trust and Public Life']);
    expect(within(region('Past sessions')).getByRole('link', { name: 'Science, Trust and Public Life' })).toHaveAttribute('href', '/events/education-city-speaker-series-science-trust-public-life');
    // Each speaker's name is a link to their page, joined as English joins a list.
    const learningSpeakers = within(region('Upcoming sessions')).getByText('Speakers:', { exact: false, selector: 'p' });
    expect(learningSpeakers).toHaveTextContent('Speakers: Dr. Layla Al-Mansouri and Dr. Daniel Okafor');
    expect(within(learningSpeakers).getByRole('link', { name: 'Dr. Layla Al-Mansouri' })).toHaveAttribute('href', '/education-city-speaker-series/experts/layla-al-mansouri');
    expect(within(learningSpeakers).getByRole('link', { name: 'Dr. Daniel Okafor' })).toHaveAttribute('href', '/education-city-speaker-series/experts/daniel-okafor');
    const pastSpeakers = within(region('Past sessions')).getByText('Speakers:', { exact: false, selector: 'p' });
    expect(pastSpeakers).toHaveTextContent('Speakers: Dr. Sarah Lindqvist');
    expect(within(pastSpeakers).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/education-city-speaker-series/experts/sarah-lindqvist']);
    expect(screen.getByRole('link', { name: 'All events' })).toHaveAttribute('href', '/events');
    expect(screen.getByRole('link', { name: 'Meet the speakers of the series' })).toHaveAttribute('href', '/education-city-speaker-series/experts');
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'));
    expect(regions).toEqual(['series-next', 'series-upcoming', 'series-past']);
  });

  it('places the question form with the series and the sessions still to come', () => {
    const mountWidget = jest.fn(() => () => undefined);
    const { container } = render(tree(en, 'en', { mountWidget }));
    expect(container.querySelector('[data-qf-widget="mf-forms/EcssQuestion"]')).not.toBeNull();
    expect(mountWidget).toHaveBeenCalledWith(expect.any(HTMLElement), 'mf-forms/EcssQuestion', {
      seriesId: 'ecss-education-city-speaker-series',
      sessions: [
        { id: 'event-1', title: 'The Future of Learning' },
        { id: 'event-12', title: 'Healthy Cities, Healthy Lives' },
      ],
      widgetKey: 'mf-forms/EcssQuestion#ecss',
    });
  });

  it('says so clearly, without a countdown, when no session is upcoming', () => {
    render(tree({ ...en, next: undefined, upcoming: [], past: [healthy, learning, science] }, 'en'));
    expect(within(region('Next session')).getByText('There is no upcoming session in the series at the moment. Past sessions are listed below.')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByText('Start time around the world')).toBeNull();
    expect(within(region('Upcoming sessions')).getByText('No further sessions are scheduled yet. Please check back soon.')).toBeInTheDocument();
    expect(within(region('Past sessions')).getAllByRole('heading', { level: 3 })).toHaveLength(3);
  });

  it('renders in Arabic: translated labels, Arabic time zones and numerals, Arabic links', () => {
    render(tree(ar, 'ar'));
    expect(screen.getByRole('heading', { level: 1, name: 'سلسلة محاضرات المدينة التعليمية' })).toBeInTheDocument();
    const next = region('الجلسة القادمة');
    expect(within(next).getByRole('link', { name: 'مستقبل التعلّم' })).toHaveAttribute('href', '/ar/events/education-city-speaker-series-future-of-learning');
    expect(within(next).getByText('تبدأ جلسة مستقبل التعلّم يوم الأربعاء، ٢٠ يناير ٢٠٢٧ الساعة ٦:٣٠ م بتوقيت الدوحة.')).toBeInTheDocument();
    expect(within(next).getByRole('timer')).toHaveTextContent('٥٩يومًا٠٦ساعات٣٠دقيقة٠٠ثانية');
    expect(within(next).getByRole('heading', { level: 3, name: 'موعد البدء حول العالم' })).toBeInTheDocument();
    expect(zone('الدوحة')).toHaveTextContent('الأربعاء، ٢٠ يناير ٢٠٢٧ في ٦:٣٠ م');
    expect(zone('لندن')).toHaveTextContent('الأربعاء، ٢٠ يناير ٢٠٢٧ في ٣:٣٠ م');
    expect(zone('نيويورك')).toHaveTextContent('الأربعاء، ٢٠ يناير ٢٠٢٧ في ١٠:٣٠ ص');
    const speakers = within(region('الجلسات القادمة')).getByText('المتحدثون:', { exact: false, selector: 'p' });
    expect(speakers).toHaveTextContent('المتحدثون: الدكتورة ليلى المنصوري والدكتور دانيال أوكافور');
    expect(within(speakers).getByRole('link', { name: 'الدكتورة ليلى المنصوري' })).toHaveAttribute('href', '/ar/education-city-speaker-series/experts/layla-al-mansouri');
    expect(screen.getByRole('link', { name: 'تعرّف على المتحدثين في السلسلة' })).toHaveAttribute('href', '/ar/education-city-speaker-series/experts');
    expect(region('الجلسات السابقة')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'جميع الفعاليات' })).toHaveAttribute('href', '/ar/events');
  });

  it('says so in Arabic when no session is upcoming', () => {
    render(tree({ ...ar, next: undefined, upcoming: [] }, 'ar'));
    expect(screen.getByText('لا توجد جلسة قادمة في السلسلة حاليًا. الجلسات السابقة مدرجة أدناه.')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('hydrates the server markup without a mismatch', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree(ar, 'ar'));
    document.body.appendChild(container);
    jest.setSystemTime(Date.parse(NOW) + 3_000);
    const onRecoverableError = jest.fn();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const root = await act(async () => hydrateRoot(container, tree(ar, 'ar'), { onRecoverableError }));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(within(container).getByRole('timer')).toHaveTextContent('٥٩يومًا٠٦ساعات٢٩دقيقة٥٧ثانية');
    act(() => root.unmount());
    container.remove();
    errors.mockRestore();
  });
});
