import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { remoteNames, type RemoteName } from '@qf/shared/contracts';
import { pagePathsSchema } from '@qf/shared/contracts';
import { isLang, type Lang } from '@qf/shared/i18n';
import { normalizePath, pathFromPageDataUrl, splitLang } from '@qf/shared/routing';
import { shellT } from '../src/i18n';
import type { ShellState } from '../src/state';
import { createManifestReader, readShellAssets } from './assets';
import type { ShellConfig } from './config';
import { renderDocument } from './document';
import { createServerRemotes } from './federation';
import { createGlobalsReader } from './globals';
import { createPageResolver, renderSection, type Outcome } from './pages';
import { createRegistry } from './registry';

const STATUS_CODES = { ok: 200, 'not-found': 404, unavailable: 503, error: 500 } as const;

export async function buildShellServer(config: ShellConfig): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, trustProxy: true });
  const registry = createRegistry({ source: config.REGISTRY, ttlMs: config.REMOTE_STATUS_TTL_MS });
  const remotes = createServerRemotes();
  const shellBuild = readShellBuild(config.clientDir);
  const shellAssets = readShellAssets(config.clientDir);
  const manifests = createManifestReader();
  const globals = createGlobalsReader(config.CONTENT_DIR);
  const resolve = createPageResolver({ registry, manifests, shellBuild, timeoutMs: config.SSR_TIMEOUT_MS });

  await app.register(fastifyStatic, {
    root: config.clientDir,
    prefix: '/_shell/',
    index: false,
    setHeaders(reply, file) {
      reply.header('Cache-Control', /\.[0-9a-f]{10}\.(js|css)$/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  app.get('/healthz', async () => ({ status: 'ok', name: 'shell' }));

  app.get('/favicon.svg', async (_req, reply) => {
    reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400');
    return FAVICON;
  });
  app.get('/favicon.ico', async (_req, reply) => reply.redirect('/favicon.svg', 301));

  app.get('/page-data/app-data.json', async (_req, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { webpackCompilationHash: await registry.compositionHash(shellBuild) };
  });

  app.get('/page-data/*', async (request, reply) => {
    const sitePath = pathFromPageDataUrl(request.url);
    reply.header('Cache-Control', 'no-cache');
    if (!sitePath) return reply.code(404).send({ notFound: true });
    const outcome = await safely(() => resolve(sitePath), splitLang(sitePath).lang);
    if (outcome.status === 'ok') return outcome.pageData;
    if (outcome.status === 'unavailable') reply.header('Retry-After', '30');
    return reply.code(STATUS_CODES[outcome.status]).send({ path: sitePath, notFound: outcome.status === 'not-found', status: outcome.status });
  });

  app.get('/sitemap.xml', async (_req, reply) => {
    const entries = (await Promise.all(remoteNames.map((r) => pathsOf(r)))).flat();
    const site = config.siteUrl;
    const urls = entries.flatMap((e) =>
      (['en', 'ar'] as const).map(
        (l) =>
          `<url><loc>${site}${l === 'en' ? e.en : e.ar}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}` +
          `<xhtml:link rel="alternate" hreflang="en" href="${site}${e.en}"/><xhtml:link rel="alternate" hreflang="ar" href="${site}${e.ar}"/>` +
          `<xhtml:link rel="alternate" hreflang="x-default" href="${site}${e.en}"/></url>`,
      ),
    );
    reply.type('application/xml; charset=utf-8');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
  });

  app.get('/robots.txt', async (_req, reply) => {
    reply.type('text/plain; charset=utf-8');
    return `User-agent: *\nAllow: /\nSitemap: ${config.siteUrl}/sitemap.xml\n`;
  });

  // The API gateway: the browser reaches every section's API through this origin.
  await app.register(async (api) => {
    api.removeAllContentTypeParsers();
    api.addContentTypeParser('*', (_req, _payload, done) => done(null));
    api.all('/api/:section/*', async (request, reply) => {
      const { section } = request.params as { section: string };
      const remote = `mf-${section}` as RemoteName;
      const lang: Lang = isLang((request.query as Record<string, unknown>).lang) ? ((request.query as Record<string, string>).lang as Lang) : 'en';
      const entry = remoteNames.includes(remote) ? await registry.entry(remote) : undefined;
      if (!entry) return reply.code(404).send({ error: 'not-found' });
      const headers: Record<string, string> = { 'x-forwarded-for': request.ip };
      for (const h of ['content-type', 'content-length', 'accept', 'accept-language', 'idempotency-key', 'user-agent', 'referer']) {
        const v = request.headers[h];
        if (typeof v === 'string') headers[h] = v;
      }
      try {
        const hasBody = !['GET', 'HEAD'].includes(request.method);
        const res = await fetch(`${entry.url}${request.url}`, {
          method: request.method,
          headers,
          body: hasBody ? (Readable.toWeb(request.raw) as unknown as BodyInit) : undefined,
          duplex: 'half',
          signal: AbortSignal.timeout(30_000),
        } as RequestInit);
        reply.code(res.status);
        for (const h of ['content-type', 'retry-after', 'cache-control']) {
          const v = res.headers.get(h);
          if (v) reply.header(h, v);
        }
        return reply.send(Buffer.from(await res.arrayBuffer()));
      } catch {
        reply.header('Retry-After', '30');
        return reply.code(503).send({ error: 'unavailable', message: shellT(lang)('status.unavailableBody') });
      }
    });
  });

  app.get('/*', async (request, reply) => {
    const [pathname, search = ''] = request.url.split('?');
    const sitePath = normalizePath(pathname ?? '/');
    if (sitePath !== pathname && pathname !== '/index.html') {
      return reply.redirect(`${sitePath}${search ? `?${search}` : ''}`, 301);
    }
    return sendPage(reply, sitePath);
  });

  async function pathsOf(remote: RemoteName) {
    const [status, entry] = await Promise.all([registry.status(remote), registry.entry(remote)]);
    if (!status.up || !entry) return [];
    try {
      const res = await fetch(`${entry.url}/_qf/paths`, { signal: AbortSignal.timeout(config.SSR_TIMEOUT_MS) });
      return res.ok ? pagePathsSchema.parse(await res.json()) : [];
    } catch {
      return [];
    }
  }

  async function safely(fn: () => Promise<Outcome>, lang: Lang): Promise<Outcome> {
    try {
      return await fn();
    } catch (error) {
      console.error(error);
      return { status: 'error', lang };
    }
  }

  async function sendPage(reply: FastifyReply, sitePath: string) {
    const lang = splitLang(sitePath).lang;
    let outcome = await safely(() => resolve(sitePath), lang);
    let slotHtml = '';
    let widgets: ShellState['widgets'] = [];
    const sectionCss: string[] = [];
    const preloadJs: string[] = [];
    if (outcome.status === 'ok') {
      const pageData = outcome.pageData;
      try {
        const rendered = await renderSection(pageData, { registry, remotes, onWidgetError: (e) => console.error(e) });
        slotHtml = rendered.html;
        widgets = rendered.widgets;
        for (const remote of pageData.result.remotes) {
          const isOwner = remote.name === pageData.result.remote;
          const [status, entry] = await Promise.all([registry.status(remote.name), registry.entry(remote.name)]);
          if (!status.up || !entry) continue;
          const a = await manifests.parcelAssets(registry.manifestUrl(entry, status), isOwner ? pageData.result.page.hydration : 'visible');
          sectionCss.push(...a.css);
          preloadJs.push(...a.js);
        }
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
      compositionHash: await registry.compositionHash(shellBuild).catch(() => 'unknown'),
      widgets,
      globals: await globals(lang),
    };
    const html = renderDocument({ state, slotHtml, assets: { shellJs: shellAssets.js, shellCss: shellAssets.css, sectionCss, preloadJs }, siteUrl: config.siteUrl });
    if (outcome.status === 'unavailable') reply.header('Retry-After', '30');
    reply.code(STATUS_CODES[outcome.status]).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
    return reply.send(html);
  }

  return app;
}

const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0b3d2e"/><text x="16" y="21" font-family="Arial, sans-serif" font-size="13" font-weight="700" fill="#6bcdb2" text-anchor="middle">QF</text></svg>';

function readShellBuild(clientDir: string): string {
  try {
    return (JSON.parse(readFileSync(path.join(clientDir, '..', 'build-info.json'), 'utf8')) as { buildId: string }).buildId;
  } catch {
    return 'dev';
  }
}
