/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import type { LandingData } from './landing-data';

const item = (title: string, href: string, external = false) => ({ title, href, external, date: '2026-03-01T09:00:00+03:00', excerpt: '', ...(external ? { source: 'The Peninsula' } : {}) });
const data: LandingData = {
  news: [item('Release one', '/media-center/news/one')],
  mentions: [item('Mention one', 'https://example.org/m', true)],
  galleries: [],
  experts: 12,
  links: { news: '/media-center/news', mentions: '/media-center/media-mentions', galleries: '/media-center/media-galleries', experts: '/media-center/experts' },
  pressEmail: 'pressoffice@qf.org.qa',
};
const view = (d: LandingData, lang: 'en' | 'ar' = 'en') => render(<SectionRoot section={section} view="landing" data={d} lang={lang} bus={createBus()} host={{}} />);
// These views are chunks of their own in the browser (lazy views): loaded first, as the parcel and the server do.
beforeAll(() => section.loadAll());

describe('the media centre landing page', () => {
  it('links the latest items, the full lists, the experts and the press office', () => {
    view(data);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Media center');
    expect(screen.getByRole('link', { name: 'Release one' })).toHaveAttribute('href', '/media-center/news/one');
    expect(screen.getByRole('link', { name: 'All press releases' })).toHaveAttribute('href', '/media-center/news');
    expect(screen.getByRole('link', { name: 'Mention one (The Peninsula, opens the outlet’s website)' })).toHaveAttribute('rel', 'noopener external');
    expect(screen.queryByRole('heading', { name: 'Media galleries' })).toBeNull();
    expect(screen.getByText('12 experts comment on education, research and community topics and are available for interviews.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse our experts' })).toHaveAttribute('href', '/media-center/experts');
    expect(screen.getByRole('link', { name: 'Email the press office: pressoffice@qf.org.qa' })).toHaveAttribute('href', 'mailto:pressoffice@qf.org.qa?subject=Media%20inquiry');
  });

  it('speaks Arabic, and leaves the mail link out without a press office address', () => {
    const { pressEmail: _, ...without } = data;
    view(without, 'ar');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('المركز الإعلامي');
    expect(screen.getByRole('heading', { level: 2, name: 'الاستفسارات الإعلامية' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /راسل المكتب الإعلامي/ })).toBeNull();
    expect(screen.getByText(/^١٢ خبيرًا/)).toBeInTheDocument();
  });
});
