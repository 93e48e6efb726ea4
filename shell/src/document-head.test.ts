/** @jest-environment jsdom */
import type { PageData } from '@qf/shared/contracts';
import { documentTitle, followHead, manifestPath, pageHead, updateDocumentHead, type HeadInput } from './document-head';
import { shellT } from './i18n';
import { createStore } from './store';

const SITE = 'https://www.qf.org.qa';
const globals = { tagline: '', copyright: '', email: 'info@qf.org.qa', phone: '+974 4454 0000' };

const pageData = (path: string, lang: 'en' | 'ar', head: PageData['result']['page']['head']): PageData => ({
  path,
  componentChunkName: 'mf-content/Story',
  webpackCompilationHash: 'h',
  staticQueryHashes: [],
  slicesMap: {},
  result: { lang, remote: 'mf-content', page: { template: 'story', head, data: {}, widgets: [], hydration: 'idle' }, remotes: [] },
});

const story: HeadInput = {
  lang: 'ar',
  path: '/ar/stories/water',
  status: 'ok',
  globals,
  pageData: pageData('/ar/stories/water', 'ar', {
    title: 'الماء',
    description: 'عن الماء',
    alternatePath: '/stories/water',
    image: '/media/water.jpg',
    imageAlt: 'نهر',
    kind: 'article',
    structuredData: [{ '@type': 'NewsArticle', url: '/ar/stories/water' }],
  }),
};

const attr = (selector: string, name = 'content') => document.head.querySelector(selector)?.getAttribute(name);

describe('the head of a page', () => {
  it('names every URL on the server origin, the page in both languages and its share data', () => {
    const tags = pageHead(story, SITE, shellT('ar'));
    const find = (key: string, value: string) => tags.find((tag) => tag.attrs[key] === value)?.attrs;
    expect(tags[0]).toEqual({ tag: 'title', attrs: {}, text: `الماء | ${shellT('ar')('siteName')}` });
    expect(find('rel', 'canonical')?.href).toBe(`${SITE}/ar/stories/water`);
    expect(find('hreflang', 'en')?.href).toBe(`${SITE}/stories/water`);
    expect(find('hreflang', 'ar')?.href).toBe(`${SITE}/ar/stories/water`);
    expect(find('hreflang', 'x-default')?.href).toBe(`${SITE}/stories/water`);
    expect(find('property', 'og:url')?.content).toBe(`${SITE}/ar/stories/water`);
    expect(find('property', 'og:title')?.content).toBe('الماء');
    expect(find('property', 'og:image')?.content).toBe(`${SITE}/media/water.jpg`);
    expect(find('property', 'og:image:alt')?.content).toBe('نهر');
    expect(find('property', 'og:type')?.content).toBe('article');
    expect(find('property', 'og:locale')?.content).toBe('ar_QA');
    expect(find('property', 'og:locale:alternate')?.content).toBe('en_US');
    expect(find('rel', 'manifest')?.href).toBe('/ar/manifest.webmanifest');
    const json = tags.filter((tag) => tag.tag === 'script').map((tag) => JSON.parse(tag.text ?? ''));
    expect(json[0]).toEqual({ '@type': 'NewsArticle', url: `${SITE}/ar/stories/water` });
    expect(json[1]['@type']).toBe('BreadcrumbList');
    expect(json[1].itemListElement.at(-1)).toEqual({ '@type': 'ListItem', position: 3, name: 'الماء', item: `${SITE}/ar/stories/water` });
    expect(json[1].itemListElement[0].item).toBe(`${SITE}/ar`);
  });

  it('is noindex on a status page, with the status as its title and description, and an Organization at home', () => {
    const missing = pageHead({ lang: 'en', path: '/nowhere', status: 'not-found', globals, pageData: null }, SITE, shellT('en'));
    expect(missing.some((tag) => tag.attrs.rel === 'canonical')).toBe(false);
    expect(missing.find((tag) => tag.attrs.name === 'robots')?.attrs.content).toBe('noindex');
    expect(missing.find((tag) => tag.attrs.name === 'description')?.attrs.content).toBe(shellT('en')('status.notFoundTitle'));
    const home = pageHead({ lang: 'en', path: '/', status: 'ok', globals, pageData: pageData('/', 'en', { title: 'Qatar Foundation', description: 'd', alternatePath: '/ar' }) }, SITE, shellT('en'));
    const org = home.filter((tag) => tag.tag === 'script').map((tag) => JSON.parse(tag.text ?? ''));
    expect(org).toEqual([expect.objectContaining({ '@type': 'Organization', url: `${SITE}/`, email: 'info@qf.org.qa', telephone: '+974 4454 0000' })]);
  });

  it('names the site alone on its home page', () => {
    expect(documentTitle('Qatar Foundation', 'Qatar Foundation')).toBe('Qatar Foundation');
    expect(manifestPath('en')).toBe('/manifest.webmanifest');
  });
});

describe('the document head after a client-side navigation', () => {
  beforeEach(() => {
    document.documentElement.lang = 'en';
    document.documentElement.dir = 'ltr';
    document.head.innerHTML = [
      '<meta charset="utf-8">',
      '<title>Old | Qatar Foundation</title>',
      '<meta name="description" content="old">',
      '<link rel="canonical" href="https://www.qf.org.qa/">',
      '<link rel="alternate" hreflang="en" href="https://www.qf.org.qa/">',
      '<meta property="og:url" content="https://www.qf.org.qa/">',
      '<meta property="og:image:alt" content="old picture">',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<link rel="manifest" href="/manifest.webmanifest">',
      '<link rel="stylesheet" href="/_shell/app.css">',
    ].join('');
  });

  it('replaces the page\'s own elements in place, keeping the stylesheets and the charset', () => {
    updateDocumentHead(document, 'ar', pageHead(story, SITE, shellT('ar')));
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.title).toBe(`الماء | ${shellT('ar')('siteName')}`);
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(attr('link[rel="canonical"]', 'href')).toBe(`${SITE}/ar/stories/water`);
    expect(attr('meta[property="og:url"]')).toBe(`${SITE}/ar/stories/water`);
    expect(attr('meta[property="og:image:alt"]')).toBe('نهر');
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(2);
    expect(document.head.firstElementChild?.getAttribute('charset')).toBe('utf-8');
    expect(document.head.children[1]?.tagName).toBe('TITLE');
    expect(document.head.lastElementChild?.getAttribute('rel')).toBe('stylesheet');
    expect(attr('link[rel="manifest"]', 'href')).toBe('/ar/manifest.webmanifest');
  });

  it('drops what the next page has not (no image description, no canonical on a 404)', () => {
    updateDocumentHead(document, 'en', pageHead({ lang: 'en', path: '/nowhere', status: 'not-found', globals, pageData: null }, SITE, shellT('en')));
    expect(document.head.querySelector('meta[property="og:image:alt"]')).toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull();
    expect(attr('meta[name="robots"]')).toBe('noindex');
  });

  it('follows the store once a navigation has landed and again when new globals arrive, not while it loads', () => {
    const store = createStore({ ...story, lang: 'en', path: '/', pageData: null, remotes: [], compositionHash: '', widgets: [], theme: 'dark', loading: false });
    followHead(store, document, SITE, shellT);
    store.set({ theme: 'light' });
    expect(attr('meta[name="description"]')).toBe('old');
    store.set({ loading: true, path: story.path });
    expect(attr('meta[name="description"]')).toBe('old');
    store.set({ ...story, loading: false });
    expect(attr('meta[name="description"]')).toBe('عن الماء');
    expect(attr('link[rel="canonical"]', 'href')).toBe(`${SITE}/ar/stories/water`);
    store.set({ lang: 'en', path: '/', pageData: pageData('/', 'en', { title: 'Qatar Foundation', description: 'home', alternatePath: '/ar' }) });
    const organization = () => JSON.parse(document.head.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}');
    expect(organization().email).toBe('info@qf.org.qa');
    store.set({ globals: { ...globals, email: 'hello@qf.org.qa' } });
    expect(organization().email).toBe('hello@qf.org.qa');
  });
});
