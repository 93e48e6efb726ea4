import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FormAnswer, RemoteName } from '@qf/shared/contracts';
import type { Lang } from '@qf/shared/i18n';
import { normalizePath, splitLang } from '@qf/shared/routing';
import type { ChromeHtml } from '../src/chrome-widgets';
import type { Globals, ShellState } from '../src/state';
import { requestTheme, type RequestTheme } from '../src/theme';
import type { createStylesheetReader, ManifestReader } from './assets';
import { renderChrome } from './chrome';
import type { ShellConfig } from './config';
import { documentPieces, type PreloadedScript } from './document';
import type { ServerRemotes } from './federation';
import { formAnswerFallback, type FormPage } from './form-answer-page';
import type { createMenuReader } from './menu';
import { htmlText, noncedBody, type createPageCache, type PageRender, type Theme } from './page-cache';
import { FRESH, MAX_PAGE_URL, STATUS_CODES } from './page-data';
import { renderSection, type Outcome, type WidgetCache } from './pages';
import { statusAndEntry, type RegistryClient } from './registry';
import type { ShellMetrics } from './metrics';
import type { ErrorKind } from './release-health';
import { newNonce, NONCE_PLACEHOLDER } from './security';
import type { Turns } from './turns';

/** What a page is rendered from (a composition, live or canary: app.ts). */
export interface PageView {
  registry: RegistryClient;
  resolve: (sitePath: string, search?: string) => Promise<Outcome>;
  cache: Pick<ReturnType<typeof createPageCache>, 'page' | 'pageData'>;
  /** An editor's preview: pages made from drafts, never kept (preview.ts); marked so in the document. */
  preview?: boolean;
}

interface Deps<V extends PageView> {
  config: Pick<ShellConfig, 'siteUrl' | 'GOOGLE_MAPS_API_KEY' | 'ASSISTANT_SCRIPT_URL'>;
  /** The live composition: what a page outside any visitor's composition (the 404 of an address too long) is rendered from. */
  live: V;
  shellBuild: string;
  shellAssets: { bootJs: string; appJs: string; css: string[] };
  remotes: ServerRemotes;
  manifests: ManifestReader;
  stylesheets: ReturnType<typeof createStylesheetReader>;
  globals: (lang: Lang) => Promise<Globals>;
  menus: ReturnType<typeof createMenuReader>;
  widgetCache: WidgetCache;
  turns: Turns;
  /** The Content-Security-Policy of an HTML answer with its nonce (answer-headers.ts). */
  htmlPolicy: (nonce: string) => Promise<string>;
  /** A widget of `remote` that failed to render on the server (release health). */
  noteError: (view: V, remote: RemoteName, kind: ErrorKind) => Promise<void>;
  /** Render times and widget failures (metrics.ts). */
  metrics?: Pick<ShellMetrics, 'rendered' | 'widgetFailed'>;
  /** What the page cache did for a request (its log line and metrics). */
  observeCache?: (request: FastifyRequest, result: 'hit' | 'miss' | 'stale' | 'uncached') => void;
}

/**
 * Steps 4 and 5 of the request flow: the HTML of a page (the owner's section and its widgets through
 * their Node builds, the chrome, the state the browser hydrates with) and its answer (from the page
 * cache, with a fresh nonce, ETag and compression; rendering and compressing take turns under load),
 * and the page a form was sent back to (the form-answer contract: never kept).
 */
export function createPageAnswers<V extends PageView>({ config, live, shellBuild, shellAssets, remotes, manifests, stylesheets, globals, menus, widgetCache, turns, htmlPolicy, noteError, metrics, observeCache }: Deps<V>) {
  async function sendPage(reply: FastifyReply, sitePath: string, search: string, view: V, first = false) {
    // The visitor's theme is rendered by the server (no light-theme flash): it is part of the HTML, so of
    // the cache key, and shared caches must keep one copy per cookie.
    const theme = requestTheme(reply.request.headers.cookie);
    reply.header('Vary', 'Cookie');
    // Rendering and compressing take turns (turns.ts): the loop turns between them under load.
    const answer = await view.cache.page(sitePath, search, theme, (outcome) => turns.run(() => renderPage(sitePath, outcome, theme, undefined, view), { ahead: first }), NONCE_PLACEHOLDER);
    observeCache?.(reply.request, answer.cached ? answer.state : 'uncached');
    if (!answer.cached) {
      const { status, html } = answer.render;
      if (status === 'unavailable') reply.header('Retry-After', '30');
      reply.code(STATUS_CODES[status]).type('text/html; charset=utf-8').header('Cache-Control', status === 'ok' ? FRESH : 'no-store');
      if (status !== 'ok') return reply.send(htmlText(html));
      // A page answered once and not kept (an address with a query string asked for the first time):
      // made into this one answer's body at once, as the first answers of a kept page are.
      const nonce = newNonce();
      // Cut at the nonces, hashed and compressed in a turn: the request's last heavy step goes ahead
      // (finishing what is begun before beginning more).
      const { etag, made } = await turns.run(
        () => {
          const once = noncedBody(html, NONCE_PLACEHOLDER);
          return { etag: once.etag, made: reply.request.headers['if-none-match'] === once.etag ? null : once.answer(nonce, reply.request.headers['accept-encoding'], true) };
        },
        { ahead: true },
      );
      reply.header('ETag', etag).header('Vary', 'Cookie, Accept-Encoding');
      if (!made) return reply.code(304).send();
      const { body, encoding } = made;
      reply.header('Content-Security-Policy', await htmlPolicy(nonce));
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply.send(body);
    }
    // A kept page: its ETag was computed before any nonce, its body is made with a fresh nonce (gzip
    // without compressing the page again once it is asked a second time: page-cache.ts).
    const { page } = answer;
    reply.code(200).type('text/html; charset=utf-8').header('Cache-Control', FRESH).header('ETag', page.etag).header('Vary', 'Cookie, Accept-Encoding');
    if (reply.request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    const nonce = newNonce();
    reply.header('Content-Security-Policy', await htmlPolicy(nonce));
    // A first answer is compressed for itself: a heavy step, the request's last (it goes ahead); a later one is spliced.
    const made = () => page.answer(nonce, reply.request.headers['accept-encoding'], answer.state === 'miss');
    const { body, encoding } = answer.state === 'miss' ? await turns.run(made, { ahead: true }) : made();
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(body);
  }

  /**
   * A form sent back (form-answer contract): the page it was posted from, rendered for this request only
   * (never kept: it holds what the visitor typed), with the answer given to the form's widget, answered
   * with the section's status. The address the browser shows becomes the page's again once a script runs.
   */
  async function sendFormAnswerPage(reply: FastifyReply, page: FormPage, status: number, answer: FormAnswer | 'broken', view: V) {
    const { lang } = splitLang(page.path);
    const theme = requestTheme(reply.request.headers.cookie);
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    if (answer === 'broken') {
      console.error(`the answer to a form posted from ${page.path} broke the form-answer contract`);
      const { html } = await renderPage(page.path, { status: 'unavailable', lang }, theme, undefined, view);
      return reply.code(503).header('Retry-After', '30').send(htmlText(html));
    }
    const outcome = await view.resolve(page.path, page.search);
    const placed = outcome.status === 'ok' && [...outcome.pageData.result.page.widgets, ...Object.values(outcome.pageData.result.page.chrome ?? {}).map((w) => w.id)].includes(answer.widget);
    const address = `${page.path}${page.search ? `?${page.search}` : ''}`;
    if (!placed) return reply.code(status).send(formAnswerFallback(lang, answer, address));
    // The answer names its page: sent again from there, the form says where it is (FORM_PAGE_PARAM).
    const { html } = await renderPage(page.path, outcome, theme, { answer: { ...answer, page: address }, address }, view);
    // The nonce only where the document puts one (not in what the visitor typed, sent back in the form).
    const nonce = newNonce();
    reply.header('Content-Security-Policy', await htmlPolicy(nonce));
    const { body, encoding } = noncedBody(html, NONCE_PLACEHOLDER).answer(nonce, reply.request.headers['accept-encoding'], true);
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding).header('Vary', 'Accept-Encoding');
    return reply.code(status).send(body);
  }

  /** The HTML of an outcome: the owner's section and its widgets through their Node builds, and the chrome. */
  async function renderPage(sitePath: string, resolved: Outcome, requested: RequestTheme, form?: { answer: FormAnswer; address: string }, view: V = live): Promise<PageRender> {
    const { registry } = view;
    const theme: Theme = requested === 'unset' ? 'dark' : requested;
    let outcome = resolved;
    const lang = outcome.lang;
    const chrome = await globals(lang);
    const menu = await menus(lang);
    const compositionHash = await registry.compositionHash(shellBuild).catch(() => 'unknown');
    let slotHtml = '';
    let widgets: ShellState['widgets'] = [];
    let chromeHtml: ChromeHtml = {};
    const sectionCss: string[] = [];
    const preloadJs: PreloadedScript[] = [];
    // Each section file's digest from its release (browserIntegrity), by address.
    const digests = new Map<string, string>();
    let inlineCss: Awaited<ReturnType<typeof stylesheets>>[] = [];
    if (outcome.status === 'ok') {
      const pageData = outcome.pageData;
      try {
        const onWidgetError = (e: unknown, remote?: RemoteName) => {
          console.error(e);
          if (!remote) return;
          void noteError(view, remote, 'widget');
          void registry.status(remote).then((s) => metrics?.widgetFailed(remote, s.up ? s.info.buildId : ''));
        };
        const started = performance.now();
        const rendered = await renderSection(pageData, { registry, remotes, onWidgetError, widgetCache, ...(form ? { formAnswer: form.answer } : {}) });
        slotHtml = rendered.html;
        widgets = rendered.widgets;
        chromeHtml = await renderChrome(pageData, chrome, { registry, remotes, onError: onWidgetError });
        metrics?.rendered(pageData.result.remote, (performance.now() - started) / 1000);
        const { page } = pageData.result;
        // Widgets that rendered nothing (a popup that opens later) need no styles at first paint.
        const placed = [...rendered.shownWidgets, ...Object.values(page.chrome ?? {}).map((w) => w.id)];
        for (const remote of pageData.result.remotes) {
          const isOwner = remote.name === pageData.result.remote;
          const { status, entry } = await statusAndEntry(registry, remote.name);
          if (!status.up || !entry) continue;
          // The owner's template and the widgets this remote renders into the page, styled from the first paint.
          const views = [...(isOwner ? [page.template] : []), ...placed.filter((id) => id.startsWith(`${remote.name}/`)).map((id) => id.slice(remote.name.length + 1))];
          const manifestUrl = registry.manifestUrl(entry, status);
          const a = await manifests.parcelAssets(manifestUrl, isOwner ? page.hydration : 'visible', views);
          const folder = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
          for (const href of [...a.css, ...a.js]) {
            const integrity = href.startsWith(folder) ? entry.browserIntegrity?.[href.slice(folder.length)] : undefined;
            if (integrity) digests.set(href, integrity);
          }
          sectionCss.push(...a.css);
          preloadJs.push(...a.js.map((href) => ({ href, ...(digests.has(href) ? { integrity: digests.get(href)! } : {}) })));
        }
        inlineCss = await Promise.all([...new Set(sectionCss)].map((href) => stylesheets(href, digests.get(href))));
      } catch (error) {
        console.error(error);
        outcome = { status: 'unavailable', lang };
      }
    }
    const state: ShellState = {
      lang,
      path: sitePath,
      status: outcome.status,
      pageData: outcome.status === 'ok' ? outcome.pageData : null,
      remotes: outcome.status === 'ok' ? outcome.pageData.result.remotes : [],
      compositionHash,
      widgets,
      globals: chrome,
      menu,
      ...(config.GOOGLE_MAPS_API_KEY ? { mapsApiKey: config.GOOGLE_MAPS_API_KEY } : {}),
      theme,
      ...(config.ASSISTANT_SCRIPT_URL ? { assistantScript: config.ASSISTANT_SCRIPT_URL } : {}),
    };
    const html = documentPieces({
      state,
      newVisitor: requested === 'unset',
      slotHtml,
      chromeHtml,
      assets: { bootJs: shellAssets.bootJs, appJs: shellAssets.appJs, shellCss: shellAssets.css, sectionCss: inlineCss, preloadJs },
      siteUrl: config.siteUrl,
      ...(form && outcome.status === 'ok' ? { address: form.address } : {}),
      ...(view.preview ? { preview: true } : {}),
    });
    return { status: outcome.status, html };
  }

  return { sendPage, sendFormAnswerPage, renderPage };
}

/**
 * Every page (`GET /*`): an address too long is the 404 page, a path that is not normal answers 301
 * to the normal one, and the rest is the visitor's composition's page (`sendPage`). `answered` tells
 * release health.
 */
export function registerPageRoute<V extends PageView>(
  app: FastifyInstance,
  {
    viewFor,
    answered,
    answers: { sendPage, renderPage },
  }: {
    viewFor: (request: FastifyRequest, reply: FastifyReply) => Promise<V>;
    answered: (request: FastifyRequest, view: V, sitePath: string) => unknown;
    answers: ReturnType<typeof createPageAnswers<V>>;
  },
): void {
  app.get('/*', async (request, reply) => {
    const [pathname = '/', search = ''] = request.url.split('?');
    // No page has an address this long, and a section would refuse to look it up (it answered 503):
    // the visitor reads the translated 404 page, and no section is asked.
    if (pathname.length > MAX_PAGE_URL || search.length > MAX_PAGE_URL) {
      const { lang } = splitLang(pathname.slice(0, 4));
      const { html } = await renderPage(lang === 'ar' ? '/ar' : '/', { status: 'not-found', lang }, requestTheme(request.headers.cookie));
      return reply.code(404).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(htmlText(html));
    }
    const sitePath = normalizePath(pathname);
    if (sitePath !== pathname && pathname !== '/index.html') {
      return reply.redirect(`${sitePath}${search ? `?${search}` : ''}`, 301);
    }
    const view = await viewFor(request, reply);
    await answered(request, view, sitePath);
    // The first request of a connection just accepted has waited in the kernel's queue (turns.ts).
    const first = !askedOn.has(request.raw.socket);
    askedOn.add(request.raw.socket);
    return sendPage(reply, sitePath, search, view, first);
  });
  /** Connections that have asked for a page already (the next request on one is not its first). */
  const askedOn = new WeakSet<object>();
}
