import Fastify, { type FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { registerPwa } from './pwa';

describe('the installable-site routes', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'qf-pwa-'));
    mkdirSync(path.join(dir, 'dist', 'client'), { recursive: true });
    mkdirSync(path.join(dir, 'dist', 'sw'), { recursive: true });
    writeFileSync(path.join(dir, 'dist', 'sw', 'sw.js'), 'const v="__QF_SW_VERSION__";self.addEventListener("fetch",()=>v);');
    app = Fastify();
    registerPwa(app, { clientDir: path.join(dir, 'dist', 'client'), shellBuild: 'build-1', iconsDir: path.resolve(__dirname, '..', 'static', 'icons') });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the worker at /sw.js, always revalidated, stamped with a version of the shell build and its own code', async () => {
    const res = await app.inject('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const version = createHash('sha256').update('build-1').update('const v="__QF_SW_VERSION__";self.addEventListener("fetch",()=>v);').digest('hex').slice(0, 12);
    expect(res.body).toBe(`const v="${version}";self.addEventListener("fetch",()=>v);`);
  });

  it('answers 404 for /sw.js when the worker was not built, rather than an empty worker', async () => {
    const bare = Fastify();
    registerPwa(bare, { clientDir: path.join(dir, 'nowhere', 'client'), shellBuild: 'x' });
    const res = await bare.inject('/sw.js');
    expect(res.statusCode).toBe(404);
    await bare.close();
  });

  it.each([
    ['/manifest.webmanifest', { name: 'Qatar Foundation', lang: 'en', dir: 'ltr', start_url: '/' }],
    ['/ar/manifest.webmanifest', { name: 'مؤسسة قطر', lang: 'ar', dir: 'rtl', start_url: '/ar' }],
  ])('serves %s with the SPEC §9 values and its language’s name', async (url, expected) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = res.json();
    expect(manifest).toMatchObject({ ...expected, short_name: 'QF', display: 'standalone', background_color: '#ffffff', theme_color: '#0b3d2e', scope: '/', id: '/' });
    expect(manifest.icons.map((i: { src: string; sizes: string; purpose: string }) => `${i.src} ${i.sizes} ${i.purpose}`)).toEqual([
      '/icons/icon-192.png 192x192 any',
      '/icons/icon-512.png 512x512 any',
      '/icons/icon-maskable-512.png 512x512 maskable',
      '/favicon.svg any any',
    ]);
  });

  it.each([
    ['/icons/icon-192.png', 192],
    ['/icons/icon-512.png', 512],
    ['/icons/icon-maskable-512.png', 512],
  ])('serves %s as a %i px PNG', async (url, size) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
  });

  it.each([
    ['/offline.html', 'en', 'ltr', 'You are offline', 'Try again', 'href="/"'],
    ['/ar/offline.html', 'ar', 'rtl', 'أنت غير متصل بالإنترنت', 'حاول مرة أخرى', 'href="/ar"'],
  ])('serves the %s offline page translated, self-contained and allowed by its own policy', async (url, lang, dir, title, retry, home) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(`<html lang="${lang}" dir="${dir}">`);
    expect(res.body).toContain(`<h1>${title}</h1>`);
    expect(res.body).toContain(`<a href="">${retry}</a>`);
    expect(res.body).toContain(home);
    expect(res.body).not.toMatch(/<script|<link|src=/);
    const style = /<style>([^<]*)<\/style>/.exec(res.body)![1]!;
    const hash = createHash('sha256').update(style).digest('base64');
    expect(res.headers['content-security-policy']).toBe(`default-src 'none'; style-src 'sha256-${hash}'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`);
  });
});
