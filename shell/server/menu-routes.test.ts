import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildShellServer } from './app';
import { loadConfig } from './config';
import { contentSecurityPolicy } from './security';

/** The menu reaches the browser server-rendered in the page state, and per language from /menu.json. */
describe('the menu through HTTP', () => {
  let dir: string;
  const servers: FastifyInstance[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const config = loadConfig({ REGISTRY: path.join(dir, 'registry.json'), CONTENT_DIR: path.resolve(__dirname, '../../content'), REMOTE_STATUS_TTL_MS: '0', ...env });
    const app = await buildShellServer({ ...config, clientDir: path.join(dir, 'dist', 'client') });
    servers.push(app);
    return app;
  };
  const stateOf = (html: string) => JSON.parse(/<script type="application\/json" id="__QF_STATE__"[^>]*>(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>;

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'qf-shell-menu-'));
    mkdirSync(path.join(dir, 'dist', 'client'), { recursive: true });
    writeFileSync(path.join(dir, 'dist', 'client-assets.json'), JSON.stringify({ publicPath: '/_shell/', entries: { main: { js: ['main.0123456789.js'], css: [] } } }));
    writeFileSync(path.join(dir, 'dist', 'boot-assets.json'), JSON.stringify({ publicPath: '/_shell/boot/', entries: { boot: { js: ['boot.0123456789.js'], css: [] } } }));
    writeFileSync(path.join(dir, 'registry.json'), JSON.stringify({ remotes: {} }));
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('server-renders the areas as plain links in the page’s language, and embeds the menu in the state', async () => {
    const shell = await start();
    const ar = await shell.inject('/ar/nowhere');
    expect(ar.statusCode).toBe(404);
    expect(ar.body).toContain('href="/ar/education"');
    expect(ar.body).toContain('>التعليم</a>');
    const state = stateOf(ar.body) as { menu: { lang: string; areas: { label: string }[] }; mapsApiKey?: string };
    expect(state.menu.lang).toBe('ar');
    expect(state.menu.areas.map((a) => a.label)).toEqual(['التعليم', 'البحث', 'المجتمع', 'كأس العالم']);
    expect(state.mapsApiKey).toBeUndefined();
    const en = await shell.inject('/nowhere');
    expect(en.body).toContain('href="/education"');
    expect(en.body).toContain('>World Cup</a>');
  });

  it('answers /menu.json per language, and 400 for anything else', async () => {
    const shell = await start();
    const res = await shell.inject('/menu.json?lang=ar');
    expect(res.statusCode).toBe(200);
    expect(res.json().areas[3].categories[0].title).toBe('الكل');
    expect((await shell.inject('/menu.json?lang=fr')).statusCode).toBe(400);
    expect((await shell.inject('/menu.json')).json()).toEqual({ error: 'lang must be en or ar' });
  });

  it('allows the maps service in the CSP, and passes the key, only when a key is configured', async () => {
    const without = await (await start()).inject('/nowhere');
    expect(without.headers['content-security-policy']).not.toContain('maps.googleapis.com');
    const shell = await start({ GOOGLE_MAPS_API_KEY: 'browser-key-1' });
    const res = await shell.inject('/nowhere');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/maps\.googleapis\.com/);
    expect(csp).toContain('img-src \'self\' data: https://maps.googleapis.com https://maps.gstatic.com');
    expect(csp).toContain('connect-src \'self\' https://maps.googleapis.com');
    expect(csp).not.toContain('unsafe-eval');
    expect(stateOf(res.body).mapsApiKey).toBe('browser-key-1');
  });

  it('keeps the policy strict for scripts either way', () => {
    for (const maps of [false, true]) {
      const script = contentSecurityPolicy('n1', ['http://127.0.0.1:3001'], [], { maps }).split('; ').find((d) => d.startsWith('script-src'));
      expect(script).not.toContain('unsafe-inline');
    }
  });
});
