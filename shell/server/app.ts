import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import { contentSourceFromEnv } from '@qf/shared/content';
import { buildInfoSchema, pagePathsSchema, type BuildInfo, type FormAnswer, type RemoteName } from '@qf/shared/contracts';
import { normalizePath, splitLang } from '@qf/shared/routing';
import type { ShellState } from '../src/state';
import { createManifestReader, createStylesheetReader, readShellAssets } from './assets';
import type { ShellConfig } from './config';
import type { ChromeHtml } from '../src/chrome-widgets';
import { renderChrome } from './chrome';
import { documentPieces } from './document';
import { formAnswerFallback, type FormPage } from './form-answer-page';
import { createServerRemotes, type ServerRemotes } from './federation';
import { createGlobalsReader } from './globals';
import { createMenuReader } from './menu';
import { registerChromeData } from './chrome-data';
import { createPageResolver, createWidgetCache, renderSection, type Outcome } from './pages';
import { createPageCache, htmlText, noncedBody, type CacheOptions, type PageRender, type Theme } from './page-cache';
import { createCompositions } from './compositions';
import { registerReleaseHealth } from './release-health';
import { createRedirects, registerRedirects } from './redirects';
import { errorOptions, registerErrorAnswers } from '@qf/shared/server';
import { registerGateway } from './gateway';
import { registerPwa } from './pwa';
import { FRESH, MAX_PAGE_URL, registerPageData, STATUS_CODES } from './page-data';
import { registerSitemaps } from './sitemaps';
import { registerStaticFiles } from './static-files';
import { registerAnswerHeaders } from './answer-headers';
import { createRegistry } from './registry';
import { createStatementReader } from './statement';
import { requestTheme, type RequestTheme } from '../src/theme';
import { createTurns, type Turns } from './turns';
import { newNonce, NONCE_PLACEHOLDER } from './security';

/** Stand-ins for tests: the remotes' Node builds (loaded through Module Federation otherwise). */
export interface ShellOverrides {
  remotes?: ServerRemotes;
  /** Page cache settings (a clock, sizes). */
  cache?: CacheOptions;
  /** The turns heavy steps take (turns.ts). */
  turns?: Turns;
}

export async function buildShellServer(config: ShellConfig, overrides: ShellOverrides = {}): Promise<FastifyInstance> {
  // A forwarded address or protocol is believed only from the proxies the operator names (none by
  // default): anyone else's X-Forwarded-For is ignored, so rate limits key on the address we saw.
  const app = Fastify({ logger: false, trustProxy: config.trustedProxies.length ? config.trustedProxies : false, ...errorOptions });
  registerErrorAnswers(app);

  // Security headers, ETags and the CSP nonce of HTML answers (answer-headers.ts), before compression.
  const { htmlPolicy } = registerAnswerHeaders(app, {
    registry: () => live.registry.registry(),
    imageHosts: config.CONTENT_SOURCE === 'contentful' ? ['https://images.ctfassets.net'] : [],
    assistantScriptUrl: config.ASSISTANT_SCRIPT_URL,
    maps: Boolean(config.GOOGLE_MAPS_API_KEY),
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } } });
  // A remote whose build cannot join this shell's (contract, shared singletons) is never loaded.
  const ownBuild = readShellBuild(config.clientDir);
  const remotes = overrides.remotes ?? createServerRemotes();
  const shellBuild = ownBuild.buildId;
  const shellAssets = readShellAssets(config.clientDir);
  const manifests = createManifestReader();
  const stylesheets = createStylesheetReader();
  const content = contentSourceFromEnv(path.resolve(config.clientDir, '..', '..', '..'), { ...process.env, CONTENT_DIR: config.CONTENT_DIR, CONTENT_SOURCE: config.CONTENT_SOURCE });
  // The featured story's address comes from mf-content's route manifest (its `story` page), as the live composition routes it.
  const globals = createGlobalsReader(content, { storyPath: async (slug) => (await live.registry.routing()).table.href('en', 'mf-content/story', { slug }) });
  const statement = createStatementReader(content);
  const menus = createMenuReader(content);
  const list = (v: string) => v.split(',').map((x) => x.trim().toLowerCase()).filter(Boolean);
  const redirects = createRedirects(
    { siteUrl: config.siteUrl, file: config.REDIRECTS_FILE, legacyHosts: list(config.LEGACY_HOSTS), convocationHost: config.CONVOCATION_HOST || undefined, allowedHosts: list(config.REDIRECT_ALLOWED_HOSTS) },
    content,
  );

  // Step 1 of the request flow: legacy hosts and old paths answer 301 before anything else.
  registerRedirects(app, redirects);
  /**
   * What a request is rendered from: the registry's view (which server and build of each remote), the
   * page resolver and the page cache over it; one live, one for a canary's cohort (compositions.ts).
   */
  function composition(variant: 'live' | 'canary') {
    const registry = createRegistry({
      source: config.REGISTRY,
      ttlMs: config.REMOTE_STATUS_TTL_MS,
      ...ownBuild.compat,
      variant,
      builtRoutes: async (remote, entry, buildId) => (await remotes.get(remote, entry, buildId)).routes,
    });
    const resolve = createPageResolver({ registry, manifests, shellBuild, timeoutMs: config.SSR_TIMEOUT_MS });
    // Rendered pages and page data, served without asking the owner while what they were made from holds (page-cache.ts).
    const cache = createPageCache({ registry, shellBuild, resolve, shellContent: async () => content.version?.() }, overrides.cache);
    return { variant, registry, resolve, cache };
  }
  type Composition = ReturnType<typeof composition>;
  const compositions = createCompositions(composition, { secure: config.siteUrl.startsWith('https:') });
  const { live } = compositions;
  const compositionFor = (request: FastifyRequest, reply: FastifyReply | undefined) => compositions.viewFor(request, reply);
  app.addHook('onClose', async () => compositions.close());

  // Release health while a canary runs (release-health.ts).
  const canaryRuns = () => compositions.canaryRuns();
  const { answered, noteError } = registerReleaseHealth(app, { canaryRuns, viewFor: (request) => compositionFor(request, undefined), opsToken: config.OPS_TOKEN });
  const widgetCache = createWidgetCache();
  const turns = overrides.turns ?? createTurns();

  await registerStaticFiles(app, { clientDir: config.clientDir, contentDir: config.CONTENT_DIR, shellCss: shellAssets.css, siteUrl: config.siteUrl, globals });
  app.get('/healthz', async () => ({ status: 'ok', name: 'shell' }));
  registerPwa(app, { clientDir: config.clientDir, shellBuild });

  registerChromeData(app, { content, menus, globals, statement });

  registerPageData(app, { viewFor: compositionFor, answered, shellBuild });

  registerSitemaps(app, { siteUrl: config.siteUrl, pathsOf });

  // The API gateway: the browser reaches every section's API through this origin (gateway.ts).
  await registerGateway(app, {
    bodyLimit: config.API_BODY_LIMIT_BYTES,
    entryOf: async (request, remote) => (await compositionFor(request, undefined)).registry.entry(remote),
    answerForm: async (request, reply, page, status, answer) => sendFormAnswerPage(reply, page, status, answer, await compositionFor(request, undefined)),
  });

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
    const view = await compositionFor(request, reply);
    answered(request, view, sitePath);
    // The first request of a connection just accepted has waited in the kernel's queue (turns.ts).
    const first = !askedOn.has(request.raw.socket);
    askedOn.add(request.raw.socket);
    return sendPage(reply, sitePath, search, view, first);
  });
  /** Connections that have asked for a page already (the next request on one is not its first). */
  const askedOn = new WeakSet<object>();

  async function pathsOf(remote: RemoteName) {
    const [status, entry] = await Promise.all([live.registry.status(remote), live.registry.entry(remote)]);
    if (!status.up || !entry) return [];
    try {
      const res = await fetch(`${entry.url}/_qf/paths`, { signal: AbortSignal.timeout(config.SSR_TIMEOUT_MS) });
      return res.ok ? pagePathsSchema.parse(await res.json()) : [];
    } catch {
      return [];
    }
  }

  async function sendPage(reply: FastifyReply, sitePath: string, search: string, view: Composition, first = false) {
    // The visitor's theme is rendered by the server (no light-theme flash): it is part of the HTML, so of
    // the cache key, and shared caches must keep one copy per cookie.
    const theme = requestTheme(reply.request.headers.cookie);
    reply.header('Vary', 'Cookie');
    // Rendering and compressing take turns (turns.ts): the loop turns between them under load.
    const answer = await view.cache.page(sitePath, search, theme, (outcome) => turns.run(() => renderPage(sitePath, outcome, theme, undefined, view), { ahead: first }), NONCE_PLACEHOLDER);
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
  async function sendFormAnswerPage(reply: FastifyReply, page: FormPage, status: number, answer: FormAnswer | 'broken', view: Composition) {
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
  async function renderPage(sitePath: string, resolved: Outcome, requested: RequestTheme, form?: { answer: FormAnswer; address: string }, view: Composition = live): Promise<PageRender> {
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
    const preloadJs: string[] = [];
    let inlineCss: Awaited<ReturnType<typeof stylesheets>>[] = [];
    if (outcome.status === 'ok') {
      const pageData = outcome.pageData;
      try {
        const onWidgetError = (e: unknown, remote?: RemoteName) => {
          console.error(e);
          if (remote) void noteError(view, remote, 'widget');
        };
        const rendered = await renderSection(pageData, { registry, remotes, onWidgetError, widgetCache, ...(form ? { formAnswer: form.answer } : {}) });
        slotHtml = rendered.html;
        widgets = rendered.widgets;
        chromeHtml = await renderChrome(pageData, chrome, { registry, remotes, onError: onWidgetError });
        const { page } = pageData.result;
        // Widgets that rendered nothing (a popup that opens later) need no styles at first paint.
        const placed = [...rendered.shownWidgets, ...Object.values(page.chrome ?? {}).map((w) => w.id)];
        for (const remote of pageData.result.remotes) {
          const isOwner = remote.name === pageData.result.remote;
          const [status, entry] = await Promise.all([registry.status(remote.name), registry.entry(remote.name)]);
          if (!status.up || !entry) continue;
          // The owner's template and the widgets this remote renders into the page, styled from the first paint.
          const views = [...(isOwner ? [page.template] : []), ...placed.filter((id) => id.startsWith(`${remote.name}/`)).map((id) => id.slice(remote.name.length + 1))];
          const a = await manifests.parcelAssets(registry.manifestUrl(entry, status), isOwner ? page.hydration : 'visible', views);
          sectionCss.push(...a.css);
          preloadJs.push(...a.js);
        }
        inlineCss = await Promise.all([...new Set(sectionCss)].map(stylesheets));
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
    });
    return { status: outcome.status, html };
  }

  return app;
}

/**
 * The shell's build info, read once at start: its build id ('dev' without one) and what it was made
 * against (none for a build that does not say: remotes are then not checked).
 */
function readShellBuild(clientDir: string): { buildId: string; compat: { shellInfo?: Pick<BuildInfo, 'name' | 'contractVersion' | 'shared'> } } {
  try {
    const info = buildInfoSchema.parse(JSON.parse(readFileSync(path.join(clientDir, '..', 'build-info.json'), 'utf8')));
    return { buildId: info.buildId, compat: info.shared ? { shellInfo: { name: info.name, contractVersion: info.contractVersion, shared: info.shared } } : {} };
  } catch {
    return { buildId: 'dev', compat: {} };
  }
}
