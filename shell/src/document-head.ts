import { languages, type Lang } from '@qf/shared/i18n';

/** The web app manifest of a language (its name, direction and start page are that language's). */
export const manifestPath = (lang: Lang): string => (lang === 'en' ? '/manifest.webmanifest' : '/ar/manifest.webmanifest');

/** The document title of a page: its own title, then the site's name. */
export const documentTitle = (pageTitle: string, siteName: string): string => (pageTitle === siteName ? siteName : `${pageTitle} | ${siteName}`);

/** Bring `<html>` and the head in line with the page after a client-side navigation. */
export function updateDocumentHead(doc: Document, opts: { lang: Lang; title: string; description: string; canonical: string; alternates: Record<Lang, string> }): void {
  doc.documentElement.lang = opts.lang;
  doc.documentElement.dir = languages[opts.lang].dir;
  doc.title = opts.title;
  doc.querySelector('meta[name="description"]')?.setAttribute('content', opts.description);
  doc.querySelector('link[rel="canonical"]')?.setAttribute('href', opts.canonical);
  for (const l of ['en', 'ar'] as const) doc.querySelector(`link[rel="alternate"][hreflang="${l}"]`)?.setAttribute('href', opts.alternates[l]);
  doc.querySelector('link[rel="alternate"][hreflang="x-default"]')?.setAttribute('href', opts.alternates.en);
  // Installing the site after switching language installs that language's app.
  doc.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestPath(opts.lang));
}
