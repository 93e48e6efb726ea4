import type { ReactElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { languages, otherLang, type Lang } from '@qf/shared/i18n';
import { localePath, splitLang } from '@qf/shared/routing';
import { parts, rootIdPrefix, type PartProps } from '../src/parts';
import { AnnouncerMarkup, CookieMarkup, DelayedNoticeMarkup, NavigationProgressMarkup, ScrollProgressMarkup, SkipLink, StatementMarkup, ToTopMarkup } from '../src/components/ChromeMarkup';
import { ROOT_ATTR, ROOT_POLICY_ATTR, type RootName } from '../src/boot/protocol';
import { areaOfPath } from '../src/areas';
import { breadcrumbTrail } from '../src/breadcrumb-trail';
import { ChromeContext, type ChromeHtml } from '../src/chrome-widgets';
import { documentTitle } from '../src/document-head';
import { shellT } from '../src/i18n';
import type { ShellState } from '../src/state';
import { APP_ID, SECTION_ATTR, SLOT_ID, STATE_ELEMENT_ID } from '../src/state-ids';
import { createStore } from '../src/store';
import { NONCE_PLACEHOLDER } from './security';
import { manifestPath } from '../src/document-head';
import { a11yPrePaintScript } from '../src/chrome/a11y-prepaint';
import { themePrePaintScript } from '../src/theme';
import { bootLoaderScript } from '../src/boot/loader';
import type { Hydration } from '@qf/shared/contracts';

/** Built once: the same few bytes in every page, run before the first paint. */
const PREPAINT = themePrePaintScript() + a11yPrePaintScript();

/** A stylesheet of the page: inlined (its text, from the page's own HTML) or, when its text could not be read, linked. */
export interface PageStylesheet {
  href: string;
  text?: string;
}

export interface DocumentAssets {
  /** The page's first script (the boot) and the app it loads when the visitor first needs it. */
  bootJs: string;
  appJs: string;
  /** The shell's own stylesheets (same origin, cached across pages). */
  shellCss: string[];
  /**
   * Stylesheets of the section and widgets the server rendered, needed for the first paint. They
   * live on the sections' own origins: inlined, they never block the paint on another origin.
   */
  sectionCss: PageStylesheet[];
  /** Scripts of an eagerly hydrated owner, fetched in parallel with the boot. */
  preloadJs: string[];
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
/** CSS inside `<style>`: nothing in a stylesheet can close the element early. */
const escapeStyle = (css: string) => css.replace(/<\/style/gi, '<\\/style');
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
  const store = createStore({ ...state, theme: state.theme ?? 'dark', loading: false });
  const partProps: PartProps = { store, onToggleTheme: () => undefined, onSearch: () => undefined };
  // Each part of the chrome is its own root; the boot hydrates the header and footer when the visitor
  // reaches for them (the footer when its section widget comes into view), the others only for a
  // client-side navigation.
  const root = (name: RootName, policy?: Hydration) => {
    const Part = parts[name];
    const html = renderToString(
      <ChromeContext.Provider value={{ html: chromeHtml }}>
        <Part {...partProps} />
      </ChromeContext.Provider>,
      { identifierPrefix: rootIdPrefix(name) },
    );
    return `<div ${ROOT_ATTR}="${name}" class="qf-root"${policy ? ` ${ROOT_POLICY_ATTR}="${policy}"` : ''}>${html}</div>`;
  };
  const markup = (node: ReactElement) => renderToStaticMarkup(node);
  const ok = state.status === 'ok';
  const appHtml = [
    markup(<SkipLink t={t} />),
    markup(<StatementMarkup t={t} />),
    root('header', 'interaction'),
    markup(<ScrollProgressMarkup />),
    root('subheader'),
    markup(<NavigationProgressMarkup />),
    markup(<DelayedNoticeMarkup />),
    `<main id="main" tabindex="-1" data-qf-page="${escapeAttr(page?.template ?? state.status)}">`,
    `<div id="${SLOT_ID}" class="qf-slot"${ok ? '' : ' hidden'}>${ok ? `<div ${SECTION_ATTR}="">${slotHtml}</div>` : ''}</div>`,
    root('status'),
    '</main>',
    root('footer', page?.chrome?.footer ? 'visible' : 'interaction'),
    markup(<AnnouncerMarkup />),
    markup(<ToTopMarkup t={t} />),
    markup(<CookieMarkup t={t} />),
  ].join('');
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
    // data-href: the sections' style loader (mini-css-extract) finds these and never fetches them again.
    ...assets.sectionCss.map((css) =>
      css.text === undefined ? `<link rel="stylesheet" href="${escapeAttr(css.href)}">` : `<style nonce="${NONCE_PLACEHOLDER}" data-href="${escapeAttr(css.href)}">${escapeStyle(css.text)}</style>`,
    ),
    ...assets.preloadJs.map((href) => `<link rel="preload" as="script" href="${escapeAttr(href)}">`),
  ];
  return [
    '<!doctype html>',
    `<html lang="${lang}" dir="${languages[lang].dir}">`,
    `<head>${head.join('')}</head>`,
    // The active area's colour applies before any script runs (the stylesheet reads data-area).
    `<body data-theme="${state.theme ?? 'dark'}"${area ? ` data-area="${area.vertical}"` : ''}>`,
    `<script nonce="${NONCE_PLACEHOLDER}">${PREPAINT}${assets.bootJs ? bootLoaderScript(assets.bootJs, assets.appJs) : ''}</script>`,
    `<div id="${APP_ID}">${appHtml}</div>`,
    `<script type="application/json" id="${STATE_ELEMENT_ID}" nonce="${NONCE_PLACEHOLDER}">${embedJson(state)}</script>`,
    '</body></html>',
  ].join('\n');
}
