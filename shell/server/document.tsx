import { renderToString } from 'react-dom/server';
import { languages, otherLang, type Lang } from '@qf/shared/i18n';
import { localePath, splitLang } from '@qf/shared/routing';
import { App } from '../src/App';
import { areaOfPath } from '../src/areas';
import { breadcrumbTrail } from '../src/breadcrumb-trail';
import { ChromeContext, type ChromeHtml } from '../src/chrome-widgets';
import { documentTitle } from '../src/document-head';
import { shellT } from '../src/i18n';
import { APP_ID, STATE_ELEMENT_ID, type ShellState } from '../src/state';
import { createStore } from '../src/store';
import { NONCE_PLACEHOLDER } from './security';
import { manifestPath } from '../src/document-head';
import { a11yPrePaintScript } from '../src/chrome/a11y-prepaint';

/** Built once: the same few bytes in every page. */
const A11Y_PREPAINT = a11yPrePaintScript();

export interface DocumentAssets {
  /** The shell's own entry scripts and stylesheets. */
  shellJs: string[];
  shellCss: string[];
  /** Stylesheets of the sections on the page (owner and widgets): needed for the first paint. */
  sectionCss: string[];
  /** Scripts of an eagerly hydrated owner, fetched in parallel with the shell's. */
  preloadJs: string[];
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
/** JSON inside HTML: no `</script>` or line separators can break out of the element. */
const embedJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export function renderDocument({ state, slotHtml, chromeHtml = {}, assets, siteUrl }: { state: ShellState; slotHtml: string; chromeHtml?: ChromeHtml; assets: DocumentAssets; siteUrl: string }): string {
  const lang: Lang = state.lang;
  const t = shellT(lang);
  const page = state.status === 'ok' ? state.pageData?.result.page : undefined;
  const statusTitles = { 'not-found': 'status.notFoundTitle', error: 'status.errorTitle', unavailable: 'status.unavailableTitle', ok: 'siteName' } as const;
  const title = documentTitle(page?.head.title ?? t(statusTitles[state.status]), t('siteName'));
  const description = page?.head.description ?? t(state.status === 'ok' ? 'siteName' : statusTitles[state.status]);
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
  if (state.status === 'ok' && splitLang(state.path).path === '/')
    structured.push({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: t('siteName'),
      url: abs(localePath(lang, '/')),
      logo: abs('/favicon.svg'),
      email: state.globals.email || undefined,
      telephone: state.globals.phone || undefined,
    });
  const area = areaOfPath(state.path, state.globals.areas ?? []);
  const appHtml = renderToString(
    <ChromeContext.Provider value={{ html: chromeHtml }}>
      <App store={createStore({ ...state, theme: state.theme ?? 'dark', loading: false })} slotHtml={slotHtml} onToggleTheme={() => undefined} onSearch={() => undefined} />
    </ChromeContext.Provider>,
  );
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeText(title)}</title>`,
    `<meta name="description" content="${escapeAttr(description)}">`,
    state.status === 'ok' ? `<link rel="canonical" href="${escapeAttr(abs(state.path))}">` : '<meta name="robots" content="noindex">',
    `<link rel="alternate" hreflang="en" href="${escapeAttr(abs(hrefs.en))}">`,
    `<link rel="alternate" hreflang="ar" href="${escapeAttr(abs(hrefs.ar))}">`,
    `<link rel="alternate" hreflang="x-default" href="${escapeAttr(abs(hrefs.en))}">`,
    `<meta property="og:title" content="${escapeAttr(page?.head.title ?? title)}">`,
    `<meta property="og:description" content="${escapeAttr(description)}">`,
    `<meta property="og:type" content="${page?.head.kind ?? 'website'}">`,
    `<meta property="og:url" content="${escapeAttr(abs(state.path))}">`,
    `<meta property="og:site_name" content="${escapeAttr(t('siteName'))}">`,
    `<meta property="og:image" content="${escapeAttr(image)}">`,
    ...(page?.head.imageAlt ? [`<meta property="og:image:alt" content="${escapeAttr(page.head.imageAlt)}">`] : []),
    `<meta property="og:locale" content="${languages[lang].ogLocale}">`,
    `<meta property="og:locale:alternate" content="${languages[otherLang(lang)].ogLocale}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${escapeAttr(page?.head.title ?? title)}">`,
    `<meta name="twitter:description" content="${escapeAttr(description)}">`,
    `<meta name="twitter:image" content="${escapeAttr(image)}">`,
    ...structured.map((data) => `<script type="application/ld+json" nonce="${NONCE_PLACEHOLDER}">${embedJson(data)}</script>`),
    '<meta name="theme-color" content="#0b3d2e">',
    `<link rel="manifest" href="${manifestPath(lang)}">`,
    '<link rel="apple-touch-icon" href="/icons/icon-192.png">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...assets.shellCss.map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}">`),
    ...assets.sectionCss.map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}">`),
    ...assets.shellJs.map((src) => `<script defer src="${escapeAttr(src)}" nonce="${NONCE_PLACEHOLDER}"></script>`),
    ...assets.preloadJs.map((href) => `<link rel="preload" as="script" href="${escapeAttr(href)}">`),
  ];
  return [
    '<!doctype html>',
    `<html lang="${lang}" dir="${languages[lang].dir}">`,
    `<head>${head.join('')}</head>`,
    // The active area's colour applies before any script runs (the stylesheet reads data-area).
    `<body data-theme="${state.theme ?? 'dark'}"${area ? ` data-area="${area.vertical}"` : ''}>`,
    `<script nonce="${NONCE_PLACEHOLDER}">${A11Y_PREPAINT}</script>`,
    `<div id="${APP_ID}">${appHtml}</div>`,
    `<script type="application/json" id="${STATE_ELEMENT_ID}" nonce="${NONCE_PLACEHOLDER}">${embedJson(state)}</script>`,
    '</body></html>',
  ].join('\n');
}
