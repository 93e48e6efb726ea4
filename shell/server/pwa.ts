import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { languages, type Lang } from '@qf/shared/i18n';
import { localePath } from '@qf/shared/routing';
import { documentTitle, manifestPath } from '../src/document-head';
import { shellT } from '../src/i18n';
import { OFFLINE_PAGES, VERSION_PLACEHOLDER } from '../src/sw/worker';

/** SPEC §9: the manifest's fixed values. The theme colour is the site's dark green. */
export const MANIFEST_CONSTANTS = { short_name: 'QF', display: 'standalone', background_color: '#ffffff', theme_color: '#0b3d2e' } as const;
export const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
] as const;

export interface PwaOptions {
  /** The shell's browser build folder; the worker is built next to it (`dist/sw/sw.js`). */
  clientDir: string;
  /** The shell build: part of the worker's version, so a new shell build installs a new worker. */
  shellBuild: string;
  /** The PNG icons (`npm run icons -w shell` writes them). */
  iconsDir?: string;
}

export function webManifest(lang: Lang) {
  const t = shellT(lang);
  return {
    id: '/',
    name: t('manifest.name'),
    ...MANIFEST_CONSTANTS,
    description: t('manifest.description'),
    lang,
    dir: languages[lang].dir,
    // The Arabic manifest starts the installed app on the Arabic home page; the English one on '/'.
    start_url: localePath(lang, '/'),
    scope: '/',
    icons: ICONS,
  };
}

const OFFLINE_CSS = [
  'body{margin:0;font-family:system-ui,"Segoe UI",Tahoma,Arial,sans-serif;line-height:1.5;background:#fff;color:#14201d}',
  'main{max-inline-size:36rem;margin-inline:auto;padding-block:4rem;padding-inline:1.5rem}',
  '.brand{font-weight:700;color:#0b3d2e;margin:0}',
  'h1{font-size:1.75rem;margin-block:1rem}',
  'a{color:#0b6b55;font-weight:600;margin-inline-end:1.5rem}',
  ':focus-visible{outline:3px solid #0b6b55;outline-offset:2px}',
  '@media (prefers-color-scheme:dark){body{background:#0f1514;color:#e8efed}.brand{color:#6bcdb2}a{color:#6bcdb2}:focus-visible{outline-color:#6bcdb2}}',
].join('');
const OFFLINE_CSS_HASH = `'sha256-${createHash('sha256').update(OFFLINE_CSS).digest('base64')}'`;
/** The offline page needs nothing from the network: no script, one inline stylesheet allowed by its hash. */
const OFFLINE_CSP = `default-src 'none'; style-src ${OFFLINE_CSS_HASH}; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** The page the worker shows for a page that is neither reachable nor saved. Cached at install. */
export function offlinePage(lang: Lang): string {
  const t = shellT(lang);
  return [
    '<!doctype html>',
    `<html lang="${lang}" dir="${languages[lang].dir}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">`,
    `<title>${escapeText(documentTitle(t('offline.title'), t('siteName')))}</title><style>${OFFLINE_CSS}</style></head>`,
    `<body><main><p class="brand">${escapeText(t('siteName'))}</p><h1>${escapeText(t('offline.title'))}</h1><p>${escapeText(t('offline.body'))}</p>`,
    // An empty href is the address the visitor asked for: the worker answers it again, from the
    // network when the connection is back.
    `<p><a href="">${escapeText(t('offline.retry'))}</a><a href="${localePath(lang, '/')}">${escapeText(t('offline.home'))}</a></p></main></body></html>`,
  ].join('\n');
}

/** The worker script with its version stamped in, or null when the shell was built without it. */
export function serviceWorkerScript(clientDir: string, shellBuild: string): string | null {
  let source: string;
  try {
    source = readFileSync(path.join(clientDir, '..', 'sw', 'sw.js'), 'utf8');
  } catch {
    return null;
  }
  const version = createHash('sha256').update(shellBuild).update(source).digest('hex').slice(0, 12);
  return source.split(VERSION_PLACEHOLDER).join(version);
}

/** The installable-site routes: /sw.js, the web app manifests, the offline pages and the icons. */
export function registerPwa(app: FastifyInstance, options: PwaOptions): void {
  const script = serviceWorkerScript(options.clientDir, options.shellBuild);
  const iconsDir = options.iconsDir ?? path.resolve(options.clientDir, '..', '..', 'static', 'icons');

  app.get('/sw.js', async (_req, reply) => {
    if (script === null) return reply.code(404).type('text/plain; charset=utf-8').send('The service worker has not been built.');
    // Always revalidated: a new build must reach the browser's update check at once.
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache');
    return reply.send(script);
  });

  for (const lang of ['en', 'ar'] as const) {
    const manifest = JSON.stringify(webManifest(lang));
    app.get(manifestPath(lang), async (_req, reply) => {
      reply.type('application/manifest+json; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
      return reply.send(manifest);
    });
    const page = Buffer.from(offlinePage(lang));
    app.get(OFFLINE_PAGES[lang], async (_req, reply) => {
      // A Buffer: the document hook leaves it alone (it has no nonce to fill), so this strict policy stays.
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Content-Security-Policy', OFFLINE_CSP);
      return reply.send(page);
    });
  }

  for (const icon of ICONS.filter((i) => i.type === 'image/png')) {
    const file = path.join(iconsDir, path.basename(icon.src));
    app.get(icon.src, async (_req, reply) => {
      let png: Buffer;
      try {
        png = readFileSync(file);
      } catch {
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      }
      reply.type('image/png').header('Cache-Control', 'public, max-age=86400');
      return reply.send(png);
    });
  }
}
