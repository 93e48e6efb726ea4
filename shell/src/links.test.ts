import type { PageData } from '@qf/shared/contracts';
import { createLinkBook } from './links';

const pageData = (links?: Record<string, string[]>): PageData => ({
  path: '/idkt',
  componentChunkName: 'mf-idkt/landing',
  webpackCompilationHash: 'h',
  staticQueryHashes: [],
  slicesMap: {},
  result: { lang: 'en', remote: 'mf-idkt', page: { template: 'landing', head: { title: 'IDKT', description: '', alternatePath: '/ar/idkt' }, data: {}, widgets: [], hydration: 'idle' }, remotes: [], ...(links ? { links } : {}) },
});

describe('the browser’s links to other sections’ pages', () => {
  it('answers as the server did, from the links of the page data it has seen, in the language asked', () => {
    const book = createLinkBook();
    expect(book.hrefFor('en')('mf-content/page', { slug: 'about' })).toBeUndefined();
    book.learn(pageData({ 'mf-content/page': ['/:slug', '/about/:slug'] }));
    expect(book.hrefFor('en')('mf-content/page', { slug: 'about' })).toBe('/about');
    expect(book.hrefFor('ar')('mf-content/page', { slug: 'about' })).toBe('/ar/about');
    // A later page without links (a client-side navigation) keeps what was learnt: the composition is the same.
    book.learn(pageData());
    book.learn(null);
    book.learn(pageData({ 'mf-events/events': ['/events'] }));
    expect(book.hrefFor('ar')('mf-content/page', { slug: 'about' })).toBe('/ar/about');
    expect(book.hrefFor('en')('mf-events/events')).toBe('/events');
  });
});
