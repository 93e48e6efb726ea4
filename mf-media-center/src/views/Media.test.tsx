/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import type { GalleryData, MediaListData } from './media-data';

const view = (name: string, data: unknown, lang: 'en' | 'ar' = 'en') => render(<SectionRoot section={section} view={name} data={data} lang={lang} bus={createBus()} host={{}} />);
// These views are chunks of their own in the browser (lazy views): loaded first, as the parcel and the server do.
beforeAll(() => section.loadAll());
const img = (n: number) => ({ src: `/media/p${n}-800.webp`, srcSet: `/media/p${n}-626.webp 626w, /media/p${n}-672.webp 672w, /media/p${n}-800.webp 800w`, width: 800, height: 533, alt: `Photo ${n}` });

describe('media centre views', () => {
  it('shows a gallery with every photo captioned', () => {
    const data: GalleryData = { title: 'Sport Day', date: '2026-02-10T18:00:00+03:00', description: 'Photos.', images: [img(1), img(2)], list: '/media-center/media-galleries' };
    view('gallery', data);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sport Day');
    expect(screen.getByText('Published 10 February 2026', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo 2' })).toHaveAttribute('srcset', img(2).srcSet);
    expect(screen.getAllByRole('figure')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'All media galleries' })).toHaveAttribute('href', '/media-center/media-galleries');
  });

  it('lists media mentions as links to the outlets, in Arabic too', () => {
    const data: MediaListData = { kind: 'mentions', items: [{ title: 'عنوان', href: 'https://example.org/a', external: true, date: '2026-01-01T00:00:00Z', excerpt: 'ملخص', source: 'مجلة' }] };
    view('mentions', data, 'ar');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('التغطيات الإعلامية');
    const link = screen.getByRole('link', { name: 'عنوان (مجلة، يفتح موقع الوسيلة الإعلامية)' });
    expect(link).toHaveAttribute('href', 'https://example.org/a');
    expect(link).toHaveAttribute('rel', 'noopener external');
  });
});
