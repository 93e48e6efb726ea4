/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import { readSearchHash, searchHash } from './search-hash';

const result = (total: number) => ({
  total,
  page: 1,
  pageSize: 10,
  items: [{ id: 'story-1', type: 'article', title: 'A story', excerpt: 'About it.', url: '/stories/a', image: null }],
  facets: { type: { article: total } },
});

describe('the search page', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    window.history.replaceState(null, '', '/search');
  });

  it('reads and writes SPEC’s hash', () => {
    expect(searchHash({ q: 'learning commons', type: '', page: 1 })).toBe('#all=1&allType=1&s=learning%20commons');
    expect(readSearchHash('#all=1&allType=1&s=%D8%AC%D8%A7%D9%85%D8%B9%D8%A9&type=university&page=2')).toEqual({ q: 'جامعة', type: 'university', page: 2 });
    expect(readSearchHash('', '?s=doha')).toEqual({ q: 'doha', type: '', page: 1 });
  });

  it('searches the text of the hash and shows the results with their count', async () => {
    window.history.replaceState(null, '', '/search#all=1&allType=1&s=learning');
    const fetchSpy = jest.fn(async () => ({ ok: true, json: async () => result(1) }));
    global.fetch = fetchSpy as unknown as typeof fetch;
    render(<SectionRoot section={section} view="search" data={{}} lang="en" bus={createBus()} host={{}} />);
    expect(await screen.findByRole('link', { name: 'A story' })).toHaveAttribute('href', '/stories/a');
    expect(screen.getByRole('status')).toHaveTextContent('1 result for “learning”');
    expect(fetchSpy).toHaveBeenCalledWith('/api/content/search?q=learning&lang=en&page=1', expect.anything());
  });

  it('puts a new search in the hash, and speaks Arabic', async () => {
    global.fetch = jest.fn(async () => ({ ok: true, json: async () => result(0) })) as unknown as typeof fetch;
    render(<SectionRoot section={section} view="search" data={{}} lang="ar" bus={createBus()} host={{}} />);
    expect(screen.getByRole('status')).toHaveTextContent('اكتب ما تبحث عنه.');
    fireEvent.change(screen.getByLabelText('ابحث في الموقع'), { target: { value: 'جامعة' } });
    fireEvent.click(screen.getByRole('button', { name: 'ابحث' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('لا توجد نتائج لـ «جامعة». جرّب كلمات أخرى.'));
    expect(window.location.hash).toBe('#all=1&allType=1&s=%D8%AC%D8%A7%D9%85%D8%B9%D8%A9');
  });
});
