import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Lang } from '@qf/shared/i18n';
import { FAVICON, registerStaticFiles } from './static-files';

describe('the shell’s files', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'qf-static-'));
    const clientDir = path.join(dir, 'dist', 'client');
    for (const folder of [clientDir, path.join(dir, 'dist', 'boot'), path.join(dir, 'content', 'media')]) mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(clientDir, 'main.0123456789.js'), 'app');
    writeFileSync(path.join(clientDir, 'main.0123456789.css'), 'body{}');
    writeFileSync(path.join(clientDir, 'sw-assets.json'), '{}');
    writeFileSync(path.join(dir, 'dist', 'boot', 'boot.abcdef0123.js'), 'boot');
    writeFileSync(path.join(dir, 'dist', 'boot', 'boot.js.map'), '{}');
    writeFileSync(path.join(dir, 'content', 'media', 'a.jpg'), 'jpg');
    const globals = async (lang: Lang) => ({ tagline: '', copyright: lang === 'ar' ? '© مؤسسة قطر' : '© Qatar Foundation', email: '', phone: '' });
    app = Fastify();
    await registerStaticFiles(app, { clientDir, contentDir: path.join(dir, 'content'), shellCss: ['/_shell/main.0123456789.css'], siteUrl: 'https://www.example.org', globals });
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the builds’ hashed files for a year and revalidates the others', async () => {
    const cacheOf = async (url: string) => {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      return res.headers['cache-control'];
    };
    expect(await cacheOf('/_shell/main.0123456789.js')).toBe('public, max-age=31536000, immutable');
    expect(await cacheOf('/_shell/main.0123456789.css')).toBe('public, max-age=31536000, immutable');
    expect(await cacheOf('/_shell/sw-assets.json')).toBe('no-cache');
    expect(await cacheOf('/_shell/boot/boot.abcdef0123.js')).toBe('public, max-age=31536000, immutable');
    expect(await cacheOf('/_shell/boot/boot.js.map')).toBe('no-cache');
    expect(await cacheOf('/media/a.jpg')).toBe('public, max-age=86400');
  });

  it('serves nothing outside its folders', async () => {
    expect((await app.inject('/_shell/../../content/media/a.jpg')).statusCode).toBe(404);
    expect((await app.inject('/_shell/%2e%2e/boot/boot.abcdef0123.js')).statusCode).toBe(404);
    expect((await app.inject('/media/missing.jpg')).statusCode).toBe(404);
  });

  it('serves the favicon, and sends the old name to it', async () => {
    const svg = await app.inject('/favicon.svg');
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.body).toBe(FAVICON);
    const ico = await app.inject('/favicon.ico');
    expect(ico.statusCode).toBe(301);
    expect(ico.headers.location).toBe('/favicon.svg');
  });

  it('renders the static error pages in both languages, with the chrome, for a CDN to show', async () => {
    const en = await app.inject('/404.html');
    expect(en.statusCode).toBe(200);
    expect(en.headers['cache-control']).toBe('public, max-age=300');
    expect(en.body).toContain('<html lang="en" dir="ltr"');
    expect(en.body).toContain('Page not found');
    expect(en.body).toContain('© Qatar Foundation');
    expect(en.body).toContain('<link rel="stylesheet" href="/_shell/main.0123456789.css">');
    const ar = await app.inject('/ar/500.html');
    expect(ar.body).toContain('<html lang="ar" dir="rtl"');
    expect(ar.body).toContain('© مؤسسة قطر');
  });
});
