import { searchPageUrl, searchSite, showsAllResults } from './search-link';

describe('the header search link (SPEC §2, §5)', () => {
  it('shows ‘See all results’ only for text with something other than whitespace', () => {
    expect(showsAllResults('')).toBe(false);
    expect(showsAllResults('   ')).toBe(false);
    expect(showsAllResults('\t\n')).toBe(false);
    expect(showsAllResults(' a ')).toBe(true);
    expect(showsAllResults('جامعة')).toBe(true);
  });

  it('goes to /search with the URL-encoded text in the hash, under /ar for Arabic', () => {
    expect(searchPageUrl('en', 'Learning Commons')).toBe('/search#all=1&allType=1&s=Learning%20Commons');
    expect(searchPageUrl('en', '  a&b=c #1  ')).toBe('/search#all=1&allType=1&s=a%26b%3Dc%20%231');
    expect(searchPageUrl('ar', 'الجامعة')).toBe(`/ar/search#all=1&allType=1&s=${encodeURIComponent('الجامعة')}`);
  });

  it('asks the search API for the first results in the page language', async () => {
    const fetchImpl = jest.fn(async () => new Response(JSON.stringify({ total: 1, page: 1, pageSize: 6, items: [{ id: 'a', type: 'article', title: 'A', excerpt: 'x', url: '/stories/a', image: null }], facets: {} })));
    const answer = await searchSite('ar', ' جامعة ', { fetchImpl: fetchImpl as unknown as typeof fetch });
    expect(fetchImpl).toHaveBeenCalledWith(`/api/content/search?q=${encodeURIComponent('جامعة')}&lang=ar&pageSize=6`, expect.anything());
    expect(answer.items).toEqual([{ id: 'a', type: 'article', title: 'A', excerpt: 'x', url: '/stories/a' }]);
  });

  it('fails on an error answer or a malformed one', async () => {
    const failing = jest.fn(async () => new Response('{}', { status: 503 })) as unknown as typeof fetch;
    await expect(searchSite('en', 'x', { fetchImpl: failing })).rejects.toThrow('search answered 503');
    const malformed = jest.fn(async () => new Response(JSON.stringify({ items: 'no' }))) as unknown as typeof fetch;
    await expect(searchSite('en', 'x', { fetchImpl: malformed })).rejects.toThrow();
  });
});
