import type { ReactElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { languages, type Lang } from '@qf/shared/i18n';
import { partInputs, parts, rootIdPrefix, type PartProps } from '../src/parts';
import { AnnouncerMarkup, CookieMarkup, DelayedNoticeMarkup, NavigationProgressMarkup, PreviewMarkup, ScrollProgressMarkup, SkipLink, StatementMarkup, ToTopMarkup } from '../src/components/ChromeMarkup';
import { NEW_VISITOR_ATTR, ROOT_ATTR, ROOT_POLICY_ATTR, type RootName } from '../src/boot/protocol';
import { areaOfPath } from '../src/areas';
import { ChromeContext, type ChromeHtml } from '../src/chrome-widgets';
import { shellT } from '../src/i18n';
import type { ShellState } from '../src/state';
import { APP_ID, SECTION_ATTR, SLOT_ID, STATE_ELEMENT_ID } from '../src/state-ids';
import { createStore } from '../src/store';
import { NONCE_PLACEHOLDER } from './security';
import { htmlText, type HtmlPiece } from './page-cache';
import { boundedMap } from './bounded-map';
import { pageHead, type HeadTag } from '../src/document-head';
import { prePaintScript } from '../src/boot/prepaint';
import { bootLoaderScript } from '../src/boot/loader';
import type { Hydration } from '@qf/shared/contracts';

/** Built once: the same few bytes in every page, run before the first paint (see `prePaintScript`). */
const PREPAINT = prePaintScript();

/** A stylesheet of the page: inlined (its text, from the page's own HTML) or, when its text could not be read, linked (with its release's digest when known). */
export interface PageStylesheet {
  href: string;
  text?: string;
  integrity?: string;
}

/** A script of a section fetched ahead (its release's digest when known: the preload is then what the runtime's checked script uses). */
export interface PreloadedScript {
  href: string;
  integrity?: string;
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
  preloadJs: PreloadedScript[];
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A file's `integrity`, and `crossorigin` when it is on another origin than the site's: as the sections'
 * runtime loads it (shared/build/chunk-integrity.js, `crossOriginLoading`), so the browser uses the
 * preloaded response for the checked request, and checks a file of another origin (which needs CORS).
 */
export function checked(file: { href: string; integrity?: string }, siteUrl: string): string {
  const other = /^https?:\/\//i.test(file.href) && new URL(file.href).origin !== new URL(siteUrl).origin;
  return `${file.integrity ? ` integrity="${escapeAttr(file.integrity)}"` : ''}${other ? ' crossorigin="anonymous"' : ''}`;
}
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
/** CSS inside `<style>`: nothing in a stylesheet can close the element early. */
const escapeStyle = (css: string) => css.replace(/<\/style/gi, '<\\/style');
/** JSON inside HTML: no `</script>` or line separators can break out of the element. */
const escapeJson = (json: string) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
const embedJson = (value: unknown) => escapeJson(JSON.stringify(value));

/**
 * The state as embedded JSON. Its two big parts, the menu (~11 KB) and the globals, are objects the
 * server keeps between requests (rebuilt when the content changes): each is stringified and encoded
 * once, not on every page it goes into.
 */
const embeddedOnce = new WeakMap<object, Buffer>();
function embedShared(value: object): Buffer {
  let json = embeddedOnce.get(value);
  if (json === undefined) embeddedOnce.set(value, (json = Buffer.from(embedJson(value), 'utf8')));
  return json;
}
export function embedState(state: ShellState & { siteUrl: string }): string {
  return htmlText(embeddedStatePieces(state));
}
/** The embedded state as pieces: the page's own part, then the kept menu and globals (never copied into one string). */
function embeddedStatePieces(state: ShellState & { siteUrl: string }): HtmlPiece[] {
  const { menu, globals, ...rest } = state;
  const head = embedJson(rest);
  const shared = [menu && ['"menu":', embedShared(menu)], globals && ['"globals":', embedShared(globals)]].filter((p): p is [string, Buffer] => Array.isArray(p));
  if (!shared.length) return [head];
  return [head.slice(0, -1), ...shared.flatMap((p, i) => (i || head !== '{}' ? [',', ...p] : p)), '}'];
}

/**
 * The chrome's markup that depends on the language alone (skip link, notices, progress bars, cookie
 * banner): rendered and encoded once per language.
 */
interface FixedChrome {
  top: Buffer;
  scrollProgress: Buffer;
  progress: Buffer;
  bottom: Buffer;
}
const fixedMarkup = new Map<Lang, FixedChrome>();
function fixedChrome(lang: Lang): FixedChrome {
  let html = fixedMarkup.get(lang);
  if (!html) {
    const t = shellT(lang);
    const bytes = (...nodes: ReactElement[]) => Buffer.from(nodes.map((node) => renderToStaticMarkup(node)).join(''), 'utf8');
    html = {
      top: bytes(<SkipLink t={t} />, <StatementMarkup t={t} />),
      scrollProgress: bytes(<ScrollProgressMarkup />),
      progress: bytes(<NavigationProgressMarkup />, <DelayedNoticeMarkup />),
      bottom: bytes(<AnnouncerMarkup />, <ToTopMarkup t={t} />, <CookieMarkup t={t} />),
    };
    fixedMarkup.set(lang, html);
  }
  return html;
}

/**
 * The chrome's parts as rendered for their inputs (`partInputs`): the header with its mega menu and the
 * footer with its links are a third of a page's markup and of its render time, and the same every time
 * a path is rendered again (another query string, a page re-rendered when it expires, an events list
 * kept for a short time); the footer and the status part are the same on most pages. Kept as UTF-8
 * (encoded once, off the JS heap), bounded (about 10 MB at most: a header is ~30 KB), the one kept
 * longest ago out.
 */
const renderedParts = boundedMap<string, Buffer>(300);
const identities = new WeakMap<object, number>();
let nextIdentity = 0;
function partKey(name: RootName, inputs: readonly unknown[]): string {
  const key = inputs.map((v) => {
    if (v !== null && typeof v === 'object') {
      let id = identities.get(v);
      if (id === undefined) identities.set(v, (id = ++nextIdentity));
      return `#${id}`;
    }
    return v === undefined ? '' : `${typeof v}:${String(v)}`;
  });
  return JSON.stringify([name, ...key]);
}
function keptPart(key: string, render: () => string): Buffer {
  let html = renderedParts.get(key);
  if (html === undefined) renderedParts.set(key, (html = Buffer.from(render(), 'utf8')));
  return html;
}

/** A part of the chrome as its root's server HTML (UTF-8): rendered once for its inputs, then reused. */
export function renderPart(name: RootName, props: PartProps, chromeHtml: ChromeHtml): Buffer {
  const Part = parts[name];
  return keptPart(partKey(name, partInputs[name](props.store.get(), chromeHtml)), () =>
    renderToString(
      <ChromeContext.Provider value={{ html: chromeHtml }}>
        <Part {...props} />
      </ChromeContext.Provider>,
      { identifierPrefix: rootIdPrefix(name) },
    ),
  );
}

/**
 * The response's nonce goes where a piece of the document is the placeholder itself, and only there
 * (page-cache.ts `bytesCutAt`): the markup of a section or of content that happens to hold the
 * placeholder's text is never given the nonce.
 */
const NONCE = NONCE_PLACEHOLDER;

/** A stylesheet's text escaped for `<style>` and encoded once (the texts are the builds' own, a handful). */
const escapedStyles = boundedMap<string, Buffer>(200);
function styleText(css: string): Buffer {
  let escaped = escapedStyles.get(css);
  if (escaped === undefined) escapedStyles.set(css, (escaped = Buffer.from(escapeStyle(css), 'utf8')));
  return escaped;
}

/** One head element as HTML; JSON-LD carries the response's nonce like every script. */
function renderHeadTag({ tag, attrs, text }: HeadTag): string[] {
  const attributes = Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${escapeAttr(value)}"`)
    .join('');
  if (tag === 'title') return [`<title>${escapeText(text ?? '')}</title>`];
  if (tag === 'script') return [`<script${attributes} nonce="`, NONCE, `">${escapeJson(text ?? '')}</script>`];
  return [`<${tag}${attributes}>`];
}

/** The document as one string (the static error pages, tests): see `documentPieces`. */
export function renderDocument(input: DocumentInput): string {
  return htmlText(documentPieces(input));
}

interface DocumentInput {
  state: ShellState;
  slotHtml: string;
  chromeHtml?: ChromeHtml;
  assets: DocumentAssets;
  siteUrl: string;
  /** The request came without the theme cookie (`NEW_VISITOR_ATTR`): stored choices, if any, are the old site's. */
  newVisitor?: boolean;
  /**
   * The page's own address when the document answers another one (a form sent back answers the form's
   * POST): the browser is told to show it, so a reload asks for the page, not the post again.
   */
  address?: string;
  /** Rendered from drafts for an editor (issue 35): marked as a preview, never to be indexed. */
  preview?: boolean;
}

/**
 * The document as the pieces it is made of, in order, never joined: a page of a few tens of thousands
 * of characters joined into one string is a single heap object of over 128 KB once it holds a character
 * above U+00FF (two bytes each: every Arabic page, and an English one with a dash), which V8 allocates in
 * its large-object space, several times per request (the join, the nonce filled in, the encoding): that
 * cost more than the rest of the document (bench:ssr, /events uncached). The bytes are made piece by
 * piece instead (page-cache.ts `bytesCutAt`). Each nonce is a piece of its own (`NONCE`).
 */
export function documentPieces({
  state,
  slotHtml,
  chromeHtml = {},
  assets,
  siteUrl,
  newVisitor = false,
  address,
  preview = false,
}: DocumentInput): HtmlPiece[] {
  const lang: Lang = state.lang;
  const t = shellT(lang);
  const page = state.status === 'ok' ? state.pageData?.result.page : undefined;
  const area = areaOfPath(state.path, state.globals.areas ?? []);
  const store = createStore({ ...state, theme: state.theme ?? 'dark', loading: false });
  const partProps: PartProps = { store, onToggleTheme: () => undefined, onSearch: () => undefined };
  // Each part of the chrome is its own root; the boot hydrates the header and footer when the visitor
  // reaches for them (the footer when its section widget comes into view), the others only for a
  // client-side navigation.
  const root = (name: RootName, policy?: Hydration): HtmlPiece[] => [
    `<div ${ROOT_ATTR}="${name}" class="qf-root"${policy ? ` ${ROOT_POLICY_ATTR}="${policy}"` : ''}>`,
    renderPart(name, partProps, chromeHtml),
    '</div>',
  ];
  const ok = state.status === 'ok';
  const fixed = fixedChrome(lang);
  const appHtml = [
    fixed.top,
    ...(preview ? [renderToStaticMarkup(<PreviewMarkup t={t} />)] : []),
    ...root('header', 'interaction'),
    fixed.scrollProgress,
    ...root('subheader'),
    fixed.progress,
    `<main id="main" tabindex="-1" data-qf-page="${escapeAttr(page?.template ?? state.status)}">`,
    `<div id="${SLOT_ID}" class="qf-slot"${ok ? '' : ' hidden'}>`,
    ...(ok ? [`<div ${SECTION_ATTR}="">`, slotHtml, '</div>'] : []),
    '</div>',
    ...root('status'),
    '</main>',
    ...root('footer', page?.chrome?.footer ? 'visible' : 'interaction'),
    fixed.bottom,
  ];
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // Before any stylesheet, so that it waits for none and the parser never waits for it.
    '<script nonce="',
    NONCE,
    `">${PREPAINT}${assets.bootJs ? bootLoaderScript(assets.bootJs, assets.appJs) : ''}${address ? `;history.replaceState(history.state,'',${escapeJson(JSON.stringify(address))});` : ''}</script>`,
    ...pageHead(state, siteUrl, t).flatMap(renderHeadTag),
    // A page the server renders only for its editor (pageHead says noindex for the pages that are no page).
    ...(preview && ok ? ['<meta name="robots" content="noindex">'] : []),
    '<link rel="apple-touch-icon" href="/icons/icon-192.png">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...assets.shellCss.map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}">`),
    // data-href: the sections' style loader (mini-css-extract) finds these and never fetches them again.
    ...assets.sectionCss.flatMap((css) =>
      css.text === undefined ? [`<link rel="stylesheet" href="${escapeAttr(css.href)}"${checked(css, siteUrl)}>`] : ['<style nonce="', NONCE, `" data-href="${escapeAttr(css.href)}">`, styleText(css.text), '</style>'],
    ),
    ...assets.preloadJs.map((js) => `<link rel="preload" as="script" href="${escapeAttr(js.href)}"${checked(js, siteUrl)}>`),
  ];
  return [
    '<!doctype html>\n',
    `<html lang="${lang}" dir="${languages[lang].dir}"${newVisitor ? ` ${NEW_VISITOR_ATTR}=""` : ''}>\n`,
    '<head>',
    ...head,
    '</head>\n',
    // The active area's colour applies before any script runs (the stylesheet reads data-area).
    `<body data-theme="${state.theme ?? 'dark'}"${area ? ` data-area="${area.vertical}"` : ''}>\n`,
    `<div id="${APP_ID}">`,
    ...appHtml,
    '</div>\n',
    // The site's origin goes with the state: the browser builds the head of the next pages from it.
    `<script type="application/json" id="${STATE_ELEMENT_ID}" nonce="`,
    NONCE,
    '">',
    ...embeddedStatePieces({ ...state, siteUrl }),
    '</script>\n',
    '</body></html>',
  ];
}
