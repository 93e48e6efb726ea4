import type { ReactElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { languages, type Lang } from '@qf/shared/i18n';
import { parts, rootIdPrefix, type PartProps } from '../src/parts';
import { AnnouncerMarkup, CookieMarkup, DelayedNoticeMarkup, NavigationProgressMarkup, ScrollProgressMarkup, SkipLink, StatementMarkup, ToTopMarkup } from '../src/components/ChromeMarkup';
import { ROOT_ATTR, ROOT_POLICY_ATTR, type RootName } from '../src/boot/protocol';
import { areaOfPath } from '../src/areas';
import { ChromeContext, type ChromeHtml } from '../src/chrome-widgets';
import { shellT } from '../src/i18n';
import type { ShellState } from '../src/state';
import { APP_ID, SECTION_ATTR, SLOT_ID, STATE_ELEMENT_ID } from '../src/state-ids';
import { createStore } from '../src/store';
import { NONCE_PLACEHOLDER } from './security';
import { pageHead, type HeadTag } from '../src/document-head';
import { prePaintScript } from '../src/boot/prepaint';
import { bootLoaderScript } from '../src/boot/loader';
import type { Hydration } from '@qf/shared/contracts';

/** Built once: the same few bytes in every page, run before the first paint (see `prePaintScript`). */
const PREPAINT = prePaintScript();

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
const escapeJson = (json: string) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
const embedJson = (value: unknown) => escapeJson(JSON.stringify(value));

/**
 * The state as embedded JSON. Its two big parts, the menu (~11 KB) and the globals, are objects the
 * server keeps between requests (rebuilt when the content changes): each is stringified once, not on
 * every page it goes into.
 */
const embeddedOnce = new WeakMap<object, string>();
function embedShared(value: object): string {
  let json = embeddedOnce.get(value);
  if (json === undefined) embeddedOnce.set(value, (json = embedJson(value)));
  return json;
}
export function embedState(state: ShellState & { siteUrl: string }): string {
  const { menu, globals, ...rest } = state;
  const shared = [menu && `"menu":${embedShared(menu)}`, globals && `"globals":${embedShared(globals)}`].filter(Boolean);
  const head = embedJson(rest);
  if (!shared.length) return head;
  return `${head.slice(0, -1)}${head === '{}' ? '' : ','}${shared.join(',')}}`;
}

/** The chrome's markup that depends on the language alone (skip link, notices, cookie banner): rendered once per language. */
const fixedMarkup = new Map<Lang, { top: string; bottom: string }>();
function fixedChrome(lang: Lang): { top: string; bottom: string } {
  let html = fixedMarkup.get(lang);
  if (!html) {
    const t = shellT(lang);
    html = {
      top: renderToStaticMarkup(<SkipLink t={t} />) + renderToStaticMarkup(<StatementMarkup t={t} />),
      bottom: renderToStaticMarkup(<AnnouncerMarkup />) + renderToStaticMarkup(<ToTopMarkup t={t} />) + renderToStaticMarkup(<CookieMarkup t={t} />),
    };
    fixedMarkup.set(lang, html);
  }
  return html;
}

/** One head element as HTML; JSON-LD carries the response's nonce like every script. */
function renderHeadTag({ tag, attrs, text }: HeadTag): string {
  const attributes = Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${escapeAttr(value)}"`)
    .join('');
  if (tag === 'title') return `<title>${escapeText(text ?? '')}</title>`;
  if (tag === 'script') return `<script${attributes} nonce="${NONCE_PLACEHOLDER}">${escapeJson(text ?? '')}</script>`;
  return `<${tag}${attributes}>`;
}

export function renderDocument({
  state,
  slotHtml,
  chromeHtml = {},
  assets,
  siteUrl,
  address,
}: {
  state: ShellState;
  slotHtml: string;
  chromeHtml?: ChromeHtml;
  assets: DocumentAssets;
  siteUrl: string;
  /**
   * The page's own address when the document answers another one (a form sent back answers the form's
   * POST): the browser is told to show it, so a reload asks for the page, not the post again.
   */
  address?: string;
}): string {
  const lang: Lang = state.lang;
  const t = shellT(lang);
  const page = state.status === 'ok' ? state.pageData?.result.page : undefined;
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
  const fixed = fixedChrome(lang);
  const appHtml = [
    fixed.top,
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
    fixed.bottom,
  ].join('');
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // Before any stylesheet, so that it waits for none and the parser never waits for it.
    `<script nonce="${NONCE_PLACEHOLDER}">${PREPAINT}${assets.bootJs ? bootLoaderScript(assets.bootJs, assets.appJs) : ''}${address ? `;history.replaceState(history.state,'',${escapeJson(JSON.stringify(address))});` : ''}</script>`,
    ...pageHead(state, siteUrl, t).map(renderHeadTag),
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
    `<div id="${APP_ID}">${appHtml}</div>`,
    // The site's origin goes with the state: the browser builds the head of the next pages from it.
    `<script type="application/json" id="${STATE_ELEMENT_ID}" nonce="${NONCE_PLACEHOLDER}">${embedState({ ...state, siteUrl })}</script>`,
    '</body></html>',
  ].join('\n');
}
