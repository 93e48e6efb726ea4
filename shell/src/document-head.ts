import type { TFunction } from 'i18next';
import { languages, otherLang, type Lang } from '@qf/shared/i18n';
import { localePath, splitLang } from '@qf/shared/routing';
import { breadcrumbTrail } from './breadcrumb-trail';
import type { ShellState } from './state';
import type { Store } from './store';

/** The web app manifest of a language (its name, direction and start page are that language's). */
export const manifestPath = (lang: Lang): string => (lang === 'en' ? '/manifest.webmanifest' : '/ar/manifest.webmanifest');

/** The document title of a page: its own title, then the site's name. */
export const documentTitle = (pageTitle: string, siteName: string): string => (pageTitle === siteName ? siteName : `${pageTitle} | ${siteName}`);

/** One element of the head that belongs to the page (not to the site): `text` is a title's or a script's content. */
export interface HeadTag {
  tag: 'title' | 'meta' | 'link' | 'script';
  attrs: Record<string, string>;
  text?: string;
}

/** What the page's head is made of: the server renders it, the browser renders it again after a client-side navigation. */
export type HeadInput = Pick<ShellState, 'lang' | 'path' | 'status' | 'pageData' | 'globals'>;

const STATUS_TITLES = { 'not-found': 'status.notFoundTitle', error: 'status.errorTitle', unavailable: 'status.unavailableTitle', ok: 'siteName' } as const;

/**
 * The page's own head elements, in order: title, description, canonical (or noindex), hreflang
 * alternates, Open Graph, Twitter, JSON-LD (the owner's, the BreadcrumbList, the Organization at home)
 * and the manifest of its language. Absolute URLs start with `siteUrl`, the server's SITE_URL, never
 * the host the browser happens to use.
 */
export function pageHead(state: HeadInput, siteUrl: string, t: TFunction): HeadTag[] {
  const lang = state.lang;
  const page = state.status === 'ok' ? state.pageData?.result.page : undefined;
  const title = documentTitle(page?.head.title ?? t(STATUS_TITLES[state.status]), t('siteName'));
  const description = page?.head.description ?? t(state.status === 'ok' ? 'siteName' : STATUS_TITLES[state.status]);
  const neutral = splitLang(state.path).path;
  const alternate = page?.head.alternatePath ?? localePath(otherLang(lang), neutral);
  const hrefs: Record<Lang, string> = { en: lang === 'en' ? state.path : alternate, ar: lang === 'ar' ? state.path : alternate };
  const abs = (p: string) => `${siteUrl}${p}`;
  const absolute = (u: string) => (/^https?:\/\//.test(u) ? u : abs(u));
  const image = page?.head.image ? absolute(page.head.image) : abs('/favicon.svg');
  const crumbs = page ? breadcrumbTrail(t, lang, state.path, page.head.title) : [];
  // Owners give site paths; structured data needs absolute URLs.
  const absolutize = (value: unknown, key = ''): unknown => {
    if (typeof value === 'string') return ['image', 'url', 'logo', 'item'].includes(key) && value.startsWith('/') ? abs(value) : value;
    if (Array.isArray(value)) return value.map((v) => absolutize(v, key));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, absolutize(v, k)]));
    return value;
  };
  const structured: unknown[] = (page?.head.structuredData ?? []).map((d) => absolutize(d));
  if (crumbs.length > 1)
    structured.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.label, ...(c.href ? { item: abs(c.href) } : { item: abs(state.path) }) })),
    });
  if (state.status === 'ok' && neutral === '/')
    structured.push({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: t('siteName'),
      url: abs(localePath(lang, '/')),
      logo: abs('/favicon.svg'),
      email: state.globals.email || undefined,
      telephone: state.globals.phone || undefined,
    });
  const meta = (key: 'name' | 'property', name: string, content: string): HeadTag => ({ tag: 'meta', attrs: { [key]: name, content } });
  const link = (attrs: Record<string, string>): HeadTag => ({ tag: 'link', attrs });
  const shareTitle = page?.head.title ?? title;
  return [
    { tag: 'title', attrs: {}, text: title },
    meta('name', 'description', description),
    state.status === 'ok' ? link({ rel: 'canonical', href: abs(state.path) }) : meta('name', 'robots', 'noindex'),
    link({ rel: 'alternate', hreflang: 'en', href: abs(hrefs.en) }),
    link({ rel: 'alternate', hreflang: 'ar', href: abs(hrefs.ar) }),
    link({ rel: 'alternate', hreflang: 'x-default', href: abs(hrefs.en) }),
    meta('property', 'og:title', shareTitle),
    meta('property', 'og:description', description),
    meta('property', 'og:type', page?.head.kind ?? 'website'),
    meta('property', 'og:url', abs(state.path)),
    meta('property', 'og:site_name', t('siteName')),
    meta('property', 'og:image', image),
    ...(page?.head.imageAlt ? [meta('property', 'og:image:alt', page.head.imageAlt)] : []),
    meta('property', 'og:locale', languages[lang].ogLocale),
    meta('property', 'og:locale:alternate', languages[otherLang(lang)].ogLocale),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', shareTitle),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    ...structured.map((data): HeadTag => ({ tag: 'script', attrs: { type: 'application/ld+json' }, text: JSON.stringify(data) })),
    meta('name', 'theme-color', '#0b3d2e'),
    link({ rel: 'manifest', href: manifestPath(lang) }),
  ];
}

/**
 * The elements of the head a page owns: everything `pageHead` renders. A client-side navigation
 * replaces exactly these; the stylesheets, icons and anything a section added stay.
 */
export const PAGE_HEAD_SELECTOR = [
  'title',
  'meta[name="description"]',
  'meta[name="robots"]',
  'link[rel="canonical"]',
  'link[rel="alternate"][hreflang]',
  'meta[property^="og:"]',
  'meta[name^="twitter:"]',
  'script[type="application/ld+json"]',
  'meta[name="theme-color"]',
  'link[rel="manifest"]',
].join(',');

/**
 * Bring `<html>` and the head in line with the page after a client-side navigation: the head then
 * holds what the server would have rendered for that page, in the same place and order.
 */
export function updateDocumentHead(doc: Document, lang: Lang, tags: HeadTag[]): void {
  doc.documentElement.lang = lang;
  doc.documentElement.dir = languages[lang].dir;
  const old = [...doc.head.querySelectorAll(PAGE_HEAD_SELECTOR)];
  const fragment = doc.createDocumentFragment();
  for (const { tag, attrs, text } of tags) {
    const el = doc.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
    if (text !== undefined) el.textContent = text;
    fragment.append(el);
  }
  const anchor = old.find((el) => el.parentNode === doc.head) ?? null;
  doc.head.insertBefore(fragment, anchor);
  for (const el of old) el.remove();
}

/**
 * Keeps the head in line with the page the store shows: once a navigation has landed (not while it
 * loads), and again when something the head reads changes (the globals of a new language arrive).
 * The server's head stands for the first page, so nothing is rewritten until the page changes.
 */
export function followHead(store: Store, doc: Document, siteUrl: string, t: (lang: Lang) => TFunction): () => void {
  const key = (s: HeadInput) => [s.path, s.lang, s.status, s.pageData, s.globals] as const;
  let shown = key(store.get());
  return store.subscribe(() => {
    const s = store.get();
    if (s.loading) return;
    const next = key(s);
    if (next.every((v, i) => v === shown[i])) return;
    shown = next;
    updateDocumentHead(doc, s.lang, pageHead(s, siteUrl, t(s.lang)));
  });
}
