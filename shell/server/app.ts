import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import { contentSourceFromEnv } from '@qf/shared/content';
import { registerContentHook } from './content-hook';
import { buildInfoSchema, pagePathsSchema, type BuildInfo, type RemoteName } from '@qf/shared/contracts';
import { createObservability, deadlineOptions, errorOptions, PREVIEW_HEADER, registerErrorAnswers, traceHeaders } from '@qf/shared/server';
import { splitLang } from '@qf/shared/routing';
import type { Lang } from '@qf/shared/i18n';
import { registerAnswerHeaders } from './answer-headers';
import { createManifestReader, createStylesheetReader, readShellAssets } from './assets';
import { registerChromeData } from './chrome-data';
import { COHORT_COOKIE } from './cohort';
import { createCompositions } from './compositions';
import type { ShellConfig } from './config';
import { createServerRemotes, type ServerRemotes } from './federation';
import { registerFieldData, routeTemplates } from './field-data';
import { registerGateway } from './gateway';
import { createGlobalsReader } from './globals';
import { createMenuReader, pageMenu } from './menu';
import { createShellMetrics } from './metrics';
import { createBrotliQueue, type BrotliQueueOptions } from './brotli-queue';
import { createPageCache, type CacheOptions } from './page-cache';
import { registerPageData } from './page-data';
import { createPageAnswers, registerPageRoute } from './page-route';
import { createPageResolver, createWidgetCache } from './pages';
import { createPreview, uncachedPages } from './preview';
import { registerPwa } from './pwa';
import { createRedirects, registerRedirects } from './redirects';
import { createRegistry, sectionsOf, statusAndEntry } from './registry';
import { registerReleaseHealth } from './release-health';
import { registerSitemaps } from './sitemaps';
import { createStatementReader } from './statement';
import { registerStaticFiles } from './static-files';
import { createTurns, type Turns } from './turns';

/** Stand-ins for tests: the remotes' Node builds (loaded through Module Federation otherwise). */
export interface ShellOverrides {
  remotes?: ServerRemotes;
  /** Page cache settings (a clock, sizes). */
  cache?: CacheOptions;
  /** The turns heavy steps take (turns.ts). */
  turns?: Turns;
  /** Where log lines go (tests read them); stdout otherwise. */
  logDestination?: { write(line: string): unknown };
  /** How kept pages' brotli streams are queued (brotli-queue.ts: a size, the rest between makings). */
  brotli?: BrotliQueueOptions;
}

export async function buildShellServer(config: ShellConfig, overrides: ShellOverrides = {}): Promise<FastifyInstance> {
  // A forwarded address or protocol is believed only from the proxies the operator names (none by
  // default): anyone else's X-Forwarded-For is ignored, so rate limits key on the address we saw.
  // One access-log line per request, metrics, and the trace passed on to the sections (observability.ts):
  // a page's line and metrics name the section that owns it, its release and what the page cache did.
  const ownBuild = readShellBuild(config.clientDir);
  const observability = createObservability({
    service: 'shell',
    release: ownBuild.buildId,
    trustedProxies: config.trustedProxies,
    env: process.env,
    ...(overrides.logDestination ? { destination: overrides.logDestination } : {}),
  });
  const app = Fastify({ ...observability.fastifyOptions, ...deadlineOptions(config), trustProxy: config.trustedProxies.length ? config.trustedProxies : false, ...errorOptions });
  observability.register(app);
  const metrics = createShellMetrics(observability.registry);
  // One queue for every composition's pages: brotli's best quality is made one page at a time.
  const brotli = createBrotliQueue({ ...overrides.brotli, observe: (outcome, seconds) => metrics.brotli(outcome, seconds) });
  metrics.brotliWaiting(() => brotli.waiting);
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
  // Their code runs only as their releases' digests say (remote-integrity.ts); a refusal is an operator's page.
  const remotes =
    overrides.remotes ??
    createServerRemotes({
      digestsRequired: config.REMOTE_CODE_DIGESTS === 'required',
      onRefused: (refusal) => {
        app.log.error({ section: refusal.remote, file: refusal.url, reason: refusal.reason }, 'remote code refused');
        metrics.remoteCodeRefused(refusal.remote, refusal.reason);
      },
    });
  const shellBuild = ownBuild.buildId;
  const shellAssets = readShellAssets(config.clientDir);
  const manifests = createManifestReader();
  const stylesheets = createStylesheetReader();
  const content = contentSourceFromEnv(path.resolve(config.clientDir, '..', '..', '..'), { ...process.env, CONTENT_DIR: config.CONTENT_DIR, CONTENT_SOURCE: config.CONTENT_SOURCE });
  // The featured story's address comes from mf-content's route manifest (its `story` page), as the live composition routes it.
  const globals = createGlobalsReader(content, { storyPath: async (slug) => (await live.registry.routing()).table.href('en', 'mf-content/story', { slug }) });
  const statement = createStatementReader(content);
  const fullMenus = createMenuReader(content);
  const menus = async (lang: Lang) => pageMenu(await fullMenus(lang));
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
    const resolve = createPageResolver({ registry, manifests, shellBuild, timeoutMs: config.SSR_TIMEOUT_MS, metrics });
    // Rendered pages and page data, served without asking the owner while what they were made from holds (page-cache.ts).
    const cache = createPageCache(
      { registry, shellBuild, resolve, shellContent: async () => content.version?.(), brotli },
      { maxEntries: config.PAGE_CACHE_ENTRIES, maxBytes: config.PAGE_CACHE_MB * 1024 * 1024, ...overrides.cache },
    );
    return { variant, registry, resolve, cache };
  }
  const compositions = createCompositions(composition, { secure: config.siteUrl.startsWith('https:') });
  // An answer that gives a visitor a cohort is that visitor's: no shared cache (CDN, proxy) may keep it
  // and give the cookie to others (issue 37, L3); the browser still may.
  // (A hook with a callback: an async one held every answer's end back a turn, answer-headers.ts.)
  app.addHook('onSend', (_request, reply, payload, done) => {
    const cookies = reply.getHeader('set-cookie');
    if (cookies !== undefined && [cookies].flat().some((c) => typeof c === 'string' && c.startsWith(`${COHORT_COOKIE}=`))) {
      const cache = String(reply.getHeader('cache-control') ?? '');
      const maxAge = /\bmax-age=(\d+)/.exec(cache)?.[1] ?? '0';
      if (!/\bno-store\b/.test(cache)) reply.header('Cache-Control', `private, max-age=${maxAge}`);
    }
    done(null, payload);
  });
  const { live } = compositions;
  const compositionFor = (request: FastifyRequest, reply: FastifyReply | undefined) => compositions.viewFor(request, reply);
  type Composition = Awaited<ReturnType<typeof compositionFor>>;

  // An editor's preview of drafts (preview.ts): the visitor's composition, its pages asked of their
  // owners with the preview secret and never kept. Pages and page data only: assets and APIs are the site's.
  const preview = createPreview({ secret: config.CONTENT_PREVIEW_SECRET, secure: config.siteUrl.startsWith('https:') });
  preview.register(app);
  const previews = new WeakMap<Composition, Composition & { preview: true }>();
  const previewOf = (view: Composition) => {
    let made = previews.get(view);
    if (!made) {
      const resolve = createPageResolver({ registry: view.registry, manifests, shellBuild, timeoutMs: config.SSR_TIMEOUT_MS, metrics, headers: { [PREVIEW_HEADER]: config.CONTENT_PREVIEW_SECRET ?? '' } });
      previews.set(view, (made = { ...view, resolve, cache: uncachedPages(resolve), preview: true }));
    }
    return made;
  };
  // No promise of its own for a visitor's page (the cached page's path is counted in microseconds: issue 32).
  const pageViewFor = (request: FastifyRequest, reply: FastifyReply): Promise<Composition> => {
    if (!preview.isPreview(request)) return compositionFor(request, reply);
    preview.mark(reply);
    return compositionFor(request, reply).then(previewOf);
  };
  app.addHook('onClose', async () => compositions.close());

  // Release health while a canary runs (release-health.ts).
  const canaryRuns = () => compositions.canaryRunsNow() ?? compositions.canaryRuns();
  const health = registerReleaseHealth(app, {
    canaryRuns,
    viewFor: (request) => compositionFor(request, undefined),
    opsToken: config.OPS_TOKEN,
    onBrowserFailure: (remote, build, kind) => metrics.browserFailure(remote, build, kind),
  });
  const { noteError } = health;
  metrics.reporters(() => health.reporters());
  /**
   * A page or its data is answered from `view`: release health counts it, and its log line and metrics
   * name the route it matched (the owner's pattern, never the path), the owner and the owner's release.
   */
  async function answered(request: FastifyRequest, view: Composition, sitePath: string) {
    health.answered(request, view, sitePath);
    const { lang, path: bare } = splitLang(sitePath);
    // Known at once while the registry's answers hold (most requests), else asked.
    const match = (view.registry.routingNow() ?? (await view.registry.routing())).table.route(bare);
    if (!match) return;
    const status = view.registry.statusNow(match.remote) ?? (await view.registry.status(match.remote));
    observability.note(request, {
      ...(request.routeOptions.url === '/*' ? { route: lang === 'ar' ? `/ar${match.pattern === '/' ? '' : match.pattern}` : match.pattern } : {}),
      section: match.remote,
      release: status.up ? status.info.buildId : '',
    });
  }
  const observeCache = (request: FastifyRequest, result: 'hit' | 'miss' | 'stale' | 'uncached') => {
    observability.note(request, { cache: result });
    metrics.pageCache(observability.notesOf(request).section ?? '', result);
  };
  const widgetCache = createWidgetCache();
  const turns = overrides.turns ?? createTurns();

  await registerStaticFiles(app, { clientDir: config.clientDir, contentDir: config.CONTENT_DIR, shellCss: shellAssets.css, siteUrl: config.siteUrl, globals });
  app.get('/healthz', async () => ({ status: 'ok', name: 'shell' }));
  // Alive (Kubernetes' startup and liveness probes); the shell is ready as soon as it listens.
  app.get('/livez', async () => ({ status: 'live', name: 'shell' }));
  registerPwa(app, { clientDir: config.clientDir, shellBuild });

  registerChromeData(app, { content, menus, places: async (lang) => ({ lang, places: (await fullMenus(lang)).places }), globals, statement });

  // The CMS's webhook: the shell's content and every section's looked at now (content-hook.ts).
  await registerContentHook(app, {
    secret: config.CONTENT_WEBHOOK_SECRET,
    sections: async () => (await Promise.all(sectionsOf(await live.registry.registry()).map(async (name) => ({ name, url: (await live.registry.entry(name))?.url })))).filter((s): s is { name: RemoteName; url: string } => s.url !== undefined),
    refreshOwn: async () => content.refresh?.(),
  });

  // Field data: what visitors' browsers measured (web vitals, tap to content), per template the live
  // route table knows (field-data.ts).
  registerFieldData(app, {
    registry: observability.registry,
    templates: async () => routeTemplates((await live.registry.routing()).table),
  });

  // Pages and the page a form is sent back to (page-route.ts).
  const pageAnswers = createPageAnswers({ config, live, shellBuild, shellAssets, remotes, manifests, stylesheets, globals, menus, widgetCache, turns, htmlPolicy, noteError, metrics, observeCache });
  const { sendFormAnswerPage } = pageAnswers;

  registerPageData(app, { viewFor: pageViewFor, answered, shellBuild, observeCache });

  registerSitemaps(app, { siteUrl: config.siteUrl, sections: async () => sectionsOf(await live.registry.registry()), pathsOf });

  // The API gateway: the browser reaches every section's API through this origin (gateway.ts).
  await registerGateway(app, {
    bodyLimit: config.API_BODY_LIMIT_BYTES,
    entryOf: async (request, remote) => (await compositionFor(request, undefined)).registry.entry(remote),
    answerForm: async (request, reply, page, status, answer) => sendFormAnswerPage(reply, page, status, answer, await compositionFor(request, undefined)),
  });

  registerPageRoute(app, { viewFor: pageViewFor, answered, answers: pageAnswers });

  async function pathsOf(remote: RemoteName) {
    const { status, entry } = await statusAndEntry(live.registry, remote);
    if (!status.up || !entry) return [];
    try {
      const res = await fetch(`${entry.url}/_qf/paths`, { headers: traceHeaders(), signal: AbortSignal.timeout(config.SSR_TIMEOUT_MS) });
      return res.ok ? pagePathsSchema.parse(await res.json()) : [];
    } catch {
      return [];
    }
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
