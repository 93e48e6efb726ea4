/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import { speakerPageDataSchema, speakersListDataSchema, type SpeakerPageData, type SpeakersListData } from './speakers-data';

const image = { src: '/media/img-speaker-layla-al-mansouri-800.webp', srcSet: '/media/img-speaker-layla-al-mansouri-626.webp 626w, /media/img-speaker-layla-al-mansouri-800.webp 800w', width: 800, height: 450, alt: 'Portrait of Dr. Layla Al-Mansouri' };
const layla = { slug: 'layla-al-mansouri', name: 'Dr. Layla Al-Mansouri', role: 'Professor of Education Policy', bio: 'Dr. Layla Al-Mansouri studies education systems.', path: '/education-city-speaker-series/experts/layla-al-mansouri', image };
const noor = { slug: 'noor-haddad', name: 'Dr. Noor Haddad', role: 'Computational Linguist', bio: 'Dr. Noor Haddad builds language tools.', path: '/education-city-speaker-series/experts/noor-haddad' };

const list: SpeakersListData = speakersListDataSchema.parse({ seriesPath: '/education-city-speaker-series', seriesTitle: 'Education City Speaker Series', speakers: [layla, noor] });
const session = { slug: 'education-city-speaker-series-future-of-learning', title: 'The Future of Learning', startDate: '2027-01-20T18:30:00+03:00', endDate: '2027-01-20T20:30:00+03:00', attendance: 'hybrid', location: 'Qatar National Convention Centre', summary: 'Educators come together.' };
const one: SpeakerPageData = speakerPageDataSchema.parse({ ...layla, seriesPath: '/education-city-speaker-series', seriesTitle: 'Education City Speaker Series', listPath: '/education-city-speaker-series/experts', sessions: [session] });

const renderView = (view: 'speakers' | 'speaker', data: unknown, lang: 'en' | 'ar') => render(<SectionRoot section={section} view={view} data={data} lang={lang} bus={createBus()} host={{}} />);

describe('SpeakersList', () => {
  it('lists each speaker with a link to their page, role, bio and a decorative portrait', () => {
    const { container } = renderView('speakers', list, 'en');
    expect(screen.getByRole('heading', { level: 1, name: 'Speakers' })).toHaveAttribute('tabindex', '-1');
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { level: 2 })).toHaveTextContent('Dr. Layla Al-Mansouri');
    expect(within(cards[0]!).getByRole('link', { name: 'Dr. Layla Al-Mansouri' })).toHaveAttribute('href', '/education-city-speaker-series/experts/layla-al-mansouri');
    expect(within(cards[0]!).getByText('Professor of Education Policy')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Dr. Layla Al-Mansouri studies education systems.')).toBeInTheDocument();
    const img = cards[0]!.querySelector('img')!;
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveAttribute('srcset', image.srcSet);
    expect(img).toHaveAttribute('width', '800');
    expect(cards[1]!.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'See every session of the series' })).toHaveAttribute('href', '/education-city-speaker-series');
    expect(container.textContent).toContain('Part of the Education City Speaker Series.');
  });

  it('links to the Arabic pages in Arabic and says so when there is no speaker', () => {
    renderView('speakers', { ...list, seriesTitle: 'سلسلة محاضرات المدينة التعليمية', speakers: [{ ...layla, name: 'الدكتورة ليلى المنصوري' }] }, 'ar');
    expect(screen.getByRole('heading', { level: 1, name: 'المتحدثون' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'الدكتورة ليلى المنصوري' })).toHaveAttribute('href', '/ar/education-city-speaker-series/experts/layla-al-mansouri');
    expect(screen.getByRole('link', { name: 'اطّلع على جميع جلسات السلسلة' })).toHaveAttribute('href', '/ar/education-city-speaker-series');
  });

  it('says so when no speaker is listed', () => {
    renderView('speakers', { ...list, speakers: [] }, 'en');
    expect(screen.getByText('No speakers are listed yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('SpeakerPage', () => {
  it('shows the name, role, portrait, bio, sessions and links back', () => {
    renderView('speaker', one, 'en');
    expect(screen.getByRole('heading', { level: 1, name: 'Dr. Layla Al-Mansouri' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByText('Professor of Education Policy')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Portrait of Dr. Layla Al-Mansouri' })).toHaveAttribute('height', '450');
    expect(screen.getByText('Dr. Layla Al-Mansouri studies education systems.')).toBeInTheDocument();
    const sessions = screen.getByRole('region', { name: 'Sessions' });
    expect(within(sessions).getByRole('link', { name: 'The Future of Learning' })).toHaveAttribute('href', '/events/education-city-speaker-series-future-of-learning');
    expect(within(sessions).getByText('20 January 2027', { selector: 'time' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All speakers' })).toHaveAttribute('href', '/education-city-speaker-series/experts');
    expect(screen.getByRole('link', { name: 'See every session of the series' })).toHaveAttribute('href', '/education-city-speaker-series');
  });

  it('renders in Arabic with Arabic dates and links, and an empty sessions line', () => {
    renderView('speaker', { ...one, name: 'الدكتورة ليلى المنصوري', sessions: [] }, 'ar');
    expect(screen.getByRole('heading', { level: 1, name: 'الدكتورة ليلى المنصوري' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'الجلسات' })).getByText('لم تُدرَج جلسات لهذا المتحدث بعد.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'جميع المتحدثين' })).toHaveAttribute('href', '/ar/education-city-speaker-series/experts');
  });

  it('words session dates with Arabic numerals in Arabic', () => {
    renderView('speaker', one, 'ar');
    expect(within(screen.getByRole('region', { name: 'الجلسات' })).getByText('٢٠ يناير ٢٠٢٧', { exact: false })).toBeInTheDocument();
  });
});
