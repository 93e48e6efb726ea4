import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { ContentSource, Entry } from '@qf/shared/content';
import { buildShellServer } from './app';
import { loadConfig } from './config';
import { browserFiles, standInRoutes, writeShellBuild } from './test-build';
import { createStatementReader } from './statement';

const globalsEntry = (fields: Record<string, unknown>): Entry =>
  ({ sys: { id: 'site-globals', contentType: 'siteGlobals', updatedAt: '2026-11-01T00:00:00Z' }, fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, { 'en-US': v }])) }) as Entry;
const source = (entries: () => Promise<Entry[]>) => ({ entries }) as unknown as ContentSource;

describe('the statement notification flag (SPEC §4, §7)', () => {
  it('is on only when the content says true and names the statements site', async () => {
    const url = 'https://statements.qf.org.qa';
    await expect(createStatementReader(source(async () => [globalsEntry({ showStatementNotification: true, statementUrl: url })]))()).resolves.toEqual({ show: true, url });
    await expect(createStatementReader(source(async () => [globalsEntry({ showStatementNotification: false, statementUrl: url })]))()).resolves.toEqual({ show: false, url });
    await expect(createStatementReader(source(async () => [globalsEntry({ showStatementNotification: true })]))()).resolves.toEqual({ show: false, url: null });
    await expect(createStatementReader(source(async () => []))()).resolves.toEqual({ show: false, url: null });
  });

  it('is off when the content source fails', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(createStatementReader(source(async () => Promise.reject(new Error('CMS down'))))()).resolves.toEqual({ show: false, url: null });
    error.mockRestore();
  });
});

describe('the shell server and the chrome panels', () => {
  let dir: string;
  let shell: FastifyInstance;
  let content: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'qf-panels-'));
    writeShellBuild(dir, { css: ['main.0123456789.css'] });
    content = Fastify();
    content.get('/build-info.json', async () => ({ name: 'mf-content', version: '1.0.0', buildId: 'c1', builtAt: '2026-11-22T00:00:00Z' }));
    content.get('/_qf/page', async (_req, reply) => reply.code(404).send({ found: false }));
    content.get('/browser/:file', browserFiles(standInRoutes('mf-content')));
    await content.listen({ port: 0, host: '127.0.0.1' });
    const contentUrl = `http://127.0.0.1:${(content.server.address() as AddressInfo).port}`;
    writeFileSync(path.join(dir, 'registry.json'), JSON.stringify({ remotes: { 'mf-content': { url: contentUrl } } }));
    const config = loadConfig({
      REGISTRY: path.join(dir, 'registry.json'),
      SITE_URL: 'https://www.example.org',
      REMOTE_STATUS_TTL_MS: '0',
      CONTENT_DIR: path.resolve(__dirname, '../../content'),
      ASSISTANT_SCRIPT_URL: 'https://chat.example.com/widget.js',
    });
    shell = await buildShellServer({ ...config, clientDir: path.join(dir, 'dist', 'client') });
  });

  afterAll(async () => {
    await shell.close();
    await content.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders the theme of the visitor’s cookie, so a light page never flashes dark', async () => {
    const light = await shell.inject({ url: '/no-such-page', headers: { cookie: 'a=1; qf_theme=light' } });
    expect(light.body).toMatch(/<body data-theme="light"/);
    expect(light.body).toContain('Switch to dark theme');
    expect(light.headers.vary).toContain('Cookie');
    const dark = await shell.inject({ url: '/ar/no-such-page' });
    expect(dark.body).toMatch(/<body data-theme="dark"/);
    expect(dark.body).toContain('التبديل إلى المظهر الفاتح');
    const bogus = await shell.inject({ url: '/no-such-page', headers: { cookie: 'qf_theme=<script>' } });
    expect(bogus.body).toMatch(/<body data-theme="dark"/);
  });

  it('serves the statement flag read from the content, never cached', async () => {
    const res = await shell.inject('/statement-notification.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({ show: false, url: 'https://statements.qf.org.qa' });
  });

  it('allows a configured assistant’s origin in the policy and hands its script to the browser', async () => {
    const res = await shell.inject('/no-such-page');
    expect(res.headers['content-security-policy']).toMatch(/script-src [^;]*https:\/\/chat\.example\.com/);
    expect(res.body).toContain('"assistantScript":"https://chat.example.com/widget.js"');
  });

  it('server-renders the search panel as a plain GET form and the header tools', async () => {
    const res = await shell.inject('/ar/no-such-page');
    // A popover its button opens by itself (before any code, and without JavaScript), its field focused.
    expect(res.body).toMatch(/<button type="button"[^>]*aria-controls="qf-search-panel"[^>]*popoverTarget="qf-search-panel"/);
    expect(res.body).toMatch(/<div id="qf-search-panel" role="dialog" aria-modal="true"[^>]*popover="auto"/);
    expect(res.body).toMatch(/<input[^>]*autofocus=""[^>]*type="search"/);
    expect(res.body).toMatch(/<form role="search"[^>]*action="\/ar\/search" method="get"/);
  });
});
