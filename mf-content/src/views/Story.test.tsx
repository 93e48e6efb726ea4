/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import type { StoryData } from './story-data';

// Every mf-content view is a chunk of its own (a lazy view): loaded first, as the parcel and the server do.
beforeAll(() => section.loadAll());

const data: StoryData = {
  title: 'A story',
  excerpt: 'What it is about.',
  date: '2026-10-14T09:00:00+03:00',
  author: 'Layla Hassan',
  vertical: 'research',
  tags: [{ label: 'Energy', href: '/stories?tag=energy' }, { label: 'Solar', href: '/stories?tag=solar' }],
  body: ['First paragraph.', 'Second paragraph.'],
};

const renderStory = (lang: 'en' | 'ar', host = {}) => render(<SectionRoot section={section} view="story" data={data} lang={lang} bus={createBus()} host={host} />);

describe('the story template', () => {
  it('shows the title as the page heading, the date, the body and the topics', () => {
    renderStory('en');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('A story');
    expect(screen.getByText('Published 14 October 2026')).toBeInTheDocument();
    expect(screen.getByText('Research')).toBeInTheDocument();
    expect(screen.getByText('Second paragraph.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Topics' })).toHaveTextContent('Solar');
    expect(screen.getByRole('link', { name: 'Solar' })).toHaveAttribute('href', '/stories?tag=solar');
  });

  it('speaks Arabic in Arabic', () => {
    renderStory('ar');
    expect(screen.getByText('البحث')).toBeInTheDocument();
    expect(screen.getByText(/^نُشر في/)).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'ابقَ على تواصل' })).toBeInTheDocument();
  });

  it('places the newsletter widget through the shell, never by loading mf-forms itself', () => {
    const mountWidget = jest.fn(() => () => undefined);
    const { container } = renderStory('en', { mountWidget, serverHtml: () => undefined });
    const slot = container.querySelector('[data-qf-widget="mf-forms/NewsletterSignup"]');
    expect(slot).not.toBeNull();
    expect(mountWidget).toHaveBeenCalledWith(slot, 'mf-forms/NewsletterSignup', { widgetKey: 'mf-forms/NewsletterSignup#story' });
  });
});
