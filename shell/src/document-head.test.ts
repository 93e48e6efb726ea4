/** @jest-environment jsdom */
import { documentTitle, manifestPath, updateDocumentHead } from './document-head';

describe('the document head after a client-side navigation', () => {
  beforeEach(() => {
    document.documentElement.lang = 'en';
    document.documentElement.dir = 'ltr';
    document.head.innerHTML = [
      '<meta name="description" content="old">',
      '<link rel="canonical" href="https://www.qf.org.qa/">',
      '<link rel="alternate" hreflang="en" href="https://www.qf.org.qa/">',
      '<link rel="alternate" hreflang="ar" href="https://www.qf.org.qa/ar">',
      '<link rel="alternate" hreflang="x-default" href="https://www.qf.org.qa/">',
      '<link rel="manifest" href="/manifest.webmanifest">',
    ].join('');
  });

  it('follows a switch to Arabic: language, direction, title, description, links and the Arabic app manifest', () => {
    updateDocumentHead(document, {
      lang: 'ar',
      title: documentTitle('من نحن', 'مؤسسة قطر'),
      description: 'عن المؤسسة',
      canonical: 'https://www.qf.org.qa/ar/about',
      alternates: { en: 'https://www.qf.org.qa/about', ar: 'https://www.qf.org.qa/ar/about' },
    });
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.title).toBe('من نحن | مؤسسة قطر');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('عن المؤسسة');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://www.qf.org.qa/ar/about');
    expect(document.querySelector('link[hreflang="en"]')?.getAttribute('href')).toBe('https://www.qf.org.qa/about');
    expect(document.querySelector('link[hreflang="x-default"]')?.getAttribute('href')).toBe('https://www.qf.org.qa/about');
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/ar/manifest.webmanifest');
  });

  it('names the site alone on its home page', () => {
    expect(documentTitle('Qatar Foundation', 'Qatar Foundation')).toBe('Qatar Foundation');
    expect(manifestPath('en')).toBe('/manifest.webmanifest');
  });
});
