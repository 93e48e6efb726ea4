import { contentPath, fillPattern, isExternalUrl, localePath, normalizePath, pageDataUrl, pathFromPageDataUrl, splitLang } from '@qf/shared/routing';

describe('paths', () => {
  it.each([
    ['//stories///a//', '/stories/a'],
    ['stories/a/', '/stories/a'],
    ['/', '/'],
    ['', '/'],
    ['/index.html', '/'],
    ['/ar/index.html', '/ar'],
    ['/events?x=1#top', '/events'],
    ['/stories/a', '/stories/a'],
    ['/ar/stories/a/b', '/ar/stories/a/b'],
    ['/stories/index.html', '/stories'],
    ['/stories/a/', '/stories/a'],
    ['/stories#a', '/stories'],
    // A backslash is a slash to a browser: never a path it would follow off-site.
    ['/\\evil.example/', '/evil.example'],
    ['\\\\evil.example', '/evil.example'],
    ['/a\\b', '/a/b'],
  ])('normalises %p to %p', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });

  it('splits the Arabic prefix off and adds it back', () => {
    expect(splitLang('/ar/stories/a')).toEqual({ lang: 'ar', path: '/stories/a' });
    expect(splitLang('/ar')).toEqual({ lang: 'ar', path: '/' });
    expect(splitLang('/arts/x')).toEqual({ lang: 'en', path: '/arts/x' });
    expect(localePath('ar', '/')).toBe('/ar');
    expect(localePath('ar', '/events')).toBe('/ar/events');
    expect(localePath('en', '/events/')).toBe('/events');
  });

  it('detects external URLs by their http or https scheme', () => {
    expect(isExternalUrl('https://example.org')).toBe(true);
    expect(isExternalUrl('HTTP://example.org')).toBe(true);
    expect(isExternalUrl('/events')).toBe(false);
    expect(isExternalUrl('mailto:a@b.c')).toBe(false);
  });

  it('fills route patterns', () => {
    expect(fillPattern('/stories/:slug', { slug: 'a b' })).toBe('/stories/a%20b');
  });

  it('maps site paths to page-data URLs and back', () => {
    expect(pageDataUrl('/')).toBe('/page-data/index/page-data.json');
    expect(pageDataUrl('/ar/events', '?page=2')).toBe('/page-data/ar/events/page-data.json?page=2');
    expect(pathFromPageDataUrl('/page-data/index/page-data.json')).toBe('/');
    expect(pathFromPageDataUrl('/page-data/ar/stories/x/page-data.json?y=1')).toBe('/ar/stories/x');
    expect(pathFromPageDataUrl('/page-data/app-data.json')).toBeNull();
  });
});

describe('content routes', () => {
  it('builds each kind’s path, with entities and pages at the root', () => {
    expect(contentPath('article', 'a')).toBe('/stories/a');
    expect(contentPath('expert_profile', 'noor')).toBe('/media-center/experts/noor');
    expect(contentPath('entity', 'sidra-medicine')).toBe('/sidra-medicine');
    expect(contentPath('page', 'job-seekers')).toBe('/job-seekers');
    expect(contentPath('page', 'idkt-about')).toBe('/idkt/about');
    expect(contentPath('page', 'for-industry')).toBe('/idkt/for-industry');
    expect(contentPath('idkt_technology', 'x')).toBe('/idkt/technologies/x');
  });

  it('puts a root-level page under its parent segment when it names one', () => {
    expect(contentPath('page', 'profile', 'about')).toBe('/about/profile');
    expect(contentPath('page', 'qatar-music-academy', 'education')).toBe('/education/qatar-music-academy');
    expect(contentPath('page', 'profile', '')).toBe('/profile');
    // Kinds with their own segment ignore it.
    expect(contentPath('article', 'a', 'about')).toBe('/stories/a');
  });
});
