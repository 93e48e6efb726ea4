/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import type { WidgetHost } from '@qf/shared/contracts';
import { linkHref } from '@qf/shared/routing';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import type { AreaData, DetailData, TapStoryData } from './directory-data';

// Every mf-content view is a chunk of its own (a lazy view): loaded first, as the parcel and the server do.
beforeAll(() => section.loadAll());

const view = (name: string, data: unknown, lang: 'en' | 'ar' = 'en') => render(<SectionRoot section={section} view={name} data={data} lang={lang} bus={createBus()} host={{}} />);

const place: DetailData = {
  kind: 'place',
  title: 'Oxygen Park',
  subtitle: 'Sport',
  paragraphs: ['A park.'],
  facts: [{ key: 'openingHours', value: 'Daily 05:00 to 23:00' }],
  address: { text: 'Education City, Doha', directions: 'https://www.google.com/maps/dir/?api=1&destination=Oxygen%20Park%2C%20Education%20City%2C%20Doha', lat: 25.3, lon: 51.4 },
  contact: { phone: '+974 4454 0000' },
  related: [{ key: 'located', items: [{ title: 'Sidra Medicine', href: '/sidra-medicine' }] }],
  back: { key: 'community', href: '/community' },
};

const programme: DetailData = {
  kind: 'program',
  title: 'Bachelor of Science in Computer Science',
  subtitle: "Bachelor's degree",
  paragraphs: ['A summary.', 'An overview.'],
  facts: [
    { key: 'duration', value: 'Four years, full time' },
    { key: 'language', value: 'English' },
  ],
  admission: { requirements: ['Secondary school completed', 'English proficiency'], howToApply: 'Apply through the admissions office.', provider: { title: 'Carnegie Mellon University in Qatar', href: '/education/education-city/carnegie-mellon-university-in-qatar' } },
  related: [],
  back: { key: 'programs', href: '/program' },
};

describe('the detail template', () => {
  it('tells a prospective student how long, in which language, who may enter and how to apply', () => {
    view('program', programme);
    expect(screen.getByText('Duration').nextSibling).toHaveTextContent('Four years, full time');
    expect(screen.getByText('Language of instruction').nextSibling).toHaveTextContent('English');
    expect(screen.getByRole('region', { name: 'Entry requirements' }).querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'How to apply' })).toHaveTextContent('Apply through the admissions office.');
    expect(screen.getByRole('link', { name: 'Admissions at Carnegie Mellon University in Qatar' })).toHaveAttribute('href', '/education/education-city/carnegie-mellon-university-in-qatar');
  });

  it('says it in Arabic', () => {
    view('program', { ...programme, back: { key: 'programs', href: '/ar/program' } }, 'ar');
    expect(screen.getByRole('region', { name: 'شروط القبول' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'كيفية التقديم' })).toBeInTheDocument();
  });

  it('shows a place with its facts, its address and a directions link that opens a maps service', () => {
    view('place', place);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Oxygen Park');
    expect(screen.getByText('Opening hours').tagName).toBe('DT');
    expect(screen.getByText('Education City, Doha').tagName).toBe('ADDRESS');
    const directions = screen.getByRole('link', { name: /Get directions to Oxygen Park/ });
    expect(directions).toHaveAttribute('href', place.address!.directions);
    expect(directions).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: '+974 4454 0000' })).toHaveAttribute('href', 'tel:+97444540000');
    expect(screen.getByRole('region', { name: 'Located here' })).toHaveTextContent('Sidra Medicine');
    expect(screen.getByRole('link', { name: 'More in Community' })).toHaveAttribute('href', '/community');
  });

  it('speaks Arabic', () => {
    view('place', { ...place, back: { key: 'community', href: '/ar/community' } }, 'ar');
    expect(screen.getByText('ساعات العمل')).toBeInTheDocument();
    // Its facts' numbers as the page writes its dates (they were Western digits beside Arabic-Indic dates).
    expect(screen.getByText('Daily ٠٥:٠٠ to ٢٣:٠٠')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /احصل على الاتجاهات إلى/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'المزيد في المجتمع' })).toBeInTheDocument();
  });
});

describe('the area template', () => {
  const area: AreaData = {
    vertical: 'research',
    stories: [],
    groups: [{ key: 'entities', items: [{ title: 'Sidra Medicine', href: '/sidra-medicine', subtitle: 'Health' }] }],
    links: [
      { key: 'programs', href: '/program' },
      { key: 'technologies', route: 'mf-idkt/technologies' },
      { key: 'idkt', route: 'mf-idkt/landing' },
    ],
  };
  // The shell's answer for the page's links (page data's `links`): here it knows the technologies list only.
  const host: WidgetHost = { href: (route, params) => linkHref({ 'mf-idkt/technologies': ['/idkt/technologies'] }[route as string], 'en', params) };
  it('is themed by its area and lists its categories', () => {
    const { container } = render(<SectionRoot section={section} view="area" data={area} lang="en" bus={createBus()} host={host} />);
    expect(container.querySelector('[data-vertical="research"]')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Research');
    expect(screen.getByRole('region', { name: 'Entities' })).toHaveTextContent('Sidra Medicine');
    // Its own page by path, another section's by route id as the shell resolves it; one it does not know is left out.
    expect(screen.getByRole('link', { name: 'Explore the technology database' })).toHaveAttribute('href', '/idkt/technologies');
    expect(within(screen.getByRole('list', { name: 'More in Research' })).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/program', '/idkt/technologies']);
  });
  it('speaks Arabic', () => {
    view('area', area, 'ar');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('البحث');
  });
});

describe('the tap-story template', () => {
  const story: TapStoryData = {
    title: 'A day',
    steps: [
      { heading: 'Morning', body: 'First.' },
      { heading: 'Noon', body: 'Second.' },
      { heading: 'Night', body: 'Third.' },
    ],
    overview: '/stories/tap',
  };
  it('steps through the story with the buttons, a tap on the step and the arrow keys', () => {
    view('tapStory', story);
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Noon');
    expect(screen.getByRole('region', { name: 'Noon' })).toHaveFocus();
    fireEvent.click(screen.getByRole('region', { name: 'Noon' }));
    expect(screen.getByText('Step 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Read again' })).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('region', { name: 'Night' }), { key: 'ArrowLeft' });
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Noon');
  });
  it('follows the reading direction in Arabic', () => {
    view('tapStory', story, 'ar');
    act(() => {
      fireEvent.keyDown(screen.getByRole('region', { name: 'Morning' }), { key: 'ArrowLeft' });
    });
    expect(screen.getByText('الخطوة ٢ من ٣')).toBeInTheDocument();
  });
});
