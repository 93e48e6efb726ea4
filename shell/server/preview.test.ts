import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { RemoteName } from '@qf/shared/contracts';
import { PREVIEW_COOKIE, previewToken } from '@qf/shared/server';
import { buildShellServer } from './app';
import { loadConfig } from './config';
import type { ServerRemotes } from './federation';
import { previewTarget } from './preview';
import { browserFiles, standInRoutes, writeShellBuild } from './test-build';

const SECRET = 'an-editors-preview-secret-of-32-chars-or-more';

/**
 * An editor's preview through HTTP (issue 35, deliver 6): a stand-in owner that makes its pages from
 * drafts when the shell shows it the preview secret, and from published content otherwise.
 */
describe('the preview of drafts', () => {
  let dir: string;
  let owner: FastifyInstance;
  const shells: FastifyInstance[] = [];
  const asked: { path: string; preview: string | undefined }[] = [];

  const remotes: ServerRemotes = {
    get: async (remote: RemoteName, _entry: unknown, buildId: string) => ({
      buildId,
      routes: { contractVersion: 1, remote, routes: [], widgets: [] },
      server: { render: ({ data }: { data: unknown }) => `<h1>${(data as { title: string }).title}</h1>` },
    }),
  } as unknown as ServerRemotes;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'qf-shell-preview-'));
    writeShellBuild(dir);
    cpSync(path.resolve(__dirname, '../../content/entries'), path.join(dir, 'content', 'entries'), { recursive: true });
    cpSync(path.resolve(__dirname, '../../content/redirects.json'), path.join(dir, 'content', 'redirects.json'));
    owner = Fastify();
    owner.get('/build-info.json', async () => ({ name: 'mf-content', version: '1.0.0', buildId: 'b1', builtAt: '2026-12-07T00:00:00Z', contentVersion: 'c1' }));
    owner.get('/browser/:file', browserFiles(standInRoutes('mf-content')));
    owner.get('/_qf/page', async (req, reply) => {
      const { path: p } = req.query as Record<string, string>;
      const preview = req.headers['x-qf-preview'] as string | undefined;
      asked.push({ path: p!, preview });
      if (preview !== undefined && preview !== SECRET) return reply.code(403).send({ error: 'forbidden' });
      const draft = preview === SECRET;
      if (p === '/unpublished' && !draft) return reply.code(404).send({ found: false });
      const title = draft ? `Draft of ${p}` : `Published ${p}`;
      return { found: true, page: { template: 'page', head: { title, description: 'A page', alternatePath: `/ar${p}` }, data: { title }, widgets: [], hydration: 'idle' }, ...(draft ? {} : { contentVersion: 'c1' }) };
    });
    await owner.listen({ port: 0, host: '127.0.0.1' });
    writeFileSync(path.join(dir, 'registry.json'), JSON.stringify({ remotes: { 'mf-content': { url: `http://127.0.0.1:${(owner.server.address() as AddressInfo).port}` } } }));
  });

  afterAll(async () => {
    await Promise.all(shells.map((s) => s.close()));
    await owner.close();
    rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    asked.length = 0;
  });

  async function startShell(env: Record<string, string> = { CONTENT_PREVIEW_SECRET: SECRET }) {
    const config = loadConfig({ REGISTRY: path.join(dir, 'registry.json'), SITE_URL: 'https://www.example.org', CONTENT_DIR: path.join(dir, 'content'), ...env });
    const shell = await buildShellServer({ ...config, clientDir: path.join(dir, 'dist', 'client') }, { remotes });
    shells.push(shell);
    return shell;
  }
  const html = (res: LightMyRequestResponse) =>
    res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
  const cookieOf = (res: LightMyRequestResponse) => String(res.headers['set-cookie'] ?? '');
  const previewCookie = () => `${PREVIEW_COOKIE}=${previewToken(SECRET)}`;

  it('opens a preview for the secret only: a signed cookie for two hours, then the page', async () => {
    const shell = await startShell();
    const opened = await shell.inject('/_preview?secret=' + encodeURIComponent(SECRET) + '&path=' + encodeURIComponent('/stories/a-draft?tag=x'));
    expect([opened.statusCode, opened.headers.location, opened.headers['cache-control']]).toEqual([302, '/stories/a-draft?tag=x', 'no-store']);
    expect(cookieOf(opened)).toMatch(new RegExp(`^${PREVIEW_COOKIE}=\\d+\\.[A-Za-z0-9_-]{43}; Max-Age=7200; Path=/; HttpOnly; SameSite=Lax; Secure$`));
    // An Arabic page's address, percent-encoded for the Location header.
    const arabic = await shell.inject('/_preview?secret=' + encodeURIComponent(SECRET) + '&path=' + encodeURIComponent('/ar/stories/قصة'));
    expect(arabic.headers.location).toBe('/ar/stories/%D9%82%D8%B5%D8%A9');
  });

  it('refuses a wrong secret and an address that is no page of the site, in the page\'s language, with no cookie', async () => {
    const shell = await startShell();
    const wrong = await shell.inject('/_preview?secret=guess&path=/stories/a');
    expect([wrong.statusCode, wrong.headers['set-cookie']]).toEqual([401, undefined]);
    expect(wrong.body).toContain('This preview address is not valid. Open the preview again from the content management system.');
    expect(wrong.body).toContain('<html lang="en" dir="ltr">');
    const arabic = await shell.inject('/_preview?path=/ar/stories/a');
    expect(arabic.statusCode).toBe(401);
    expect(arabic.body).toContain('عنوان المعاينة هذا غير صالح. افتح المعاينة مجددًا من نظام إدارة المحتوى.');
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    for (const elsewhere of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'stories/a', `/${'a'.repeat(2100)}`]) {
      const refused = await shell.inject('/_preview?secret=' + encodeURIComponent(SECRET) + '&path=' + encodeURIComponent(elsewhere));
      expect([refused.statusCode, refused.headers['set-cookie'], refused.headers.location]).toEqual([400, undefined, undefined]);
      expect(refused.body).toContain('This preview address does not name a page of the site.');
    }
  });

  it('renders an editor\'s pages from drafts, asked each time, marked, never kept or indexed; a visitor still gets the published page', async () => {
    const shell = await startShell();
    const visitor = await shell.inject('/a');
    expect(html(visitor)).toContain('<h1>Published /a</h1>');
    expect(visitor.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    asked.length = 0;
    for (let i = 0; i < 2; i++) {
      const previewed = await shell.inject({ url: '/a', headers: { cookie: `theme=dark; ${previewCookie()}` } });
      expect(previewed.statusCode).toBe(200);
      const body = html(previewed);
      expect(body).toContain('<h1>Draft of /a</h1>');
      expect(body).toContain('Preview: this page shows unpublished drafts. Visitors do not see them.');
      expect(body).toContain('<a href="/_preview/leave" data-qf-t="preview.leave">Leave preview</a>');
      expect(body).toContain('<meta name="robots" content="noindex">');
      expect([previewed.headers['cache-control'], previewed.headers['x-robots-tag']]).toEqual(['private, no-store', 'noindex, nofollow']);
    }
    // Each preview asked the owner with the secret; the visitor's kept page was not asked again, and is not the draft.
    expect(asked).toEqual([
      { path: '/a', preview: SECRET },
      { path: '/a', preview: SECRET },
    ]);
    const again = await shell.inject('/a');
    expect(html(again)).toContain('<h1>Published /a</h1>');
    expect(html(again)).not.toContain('Leave preview');
    expect(asked).toHaveLength(2);
    // A page only a draft has, and in Arabic.
    expect((await shell.inject('/unpublished')).statusCode).toBe(404);
    const draftOnly = await shell.inject({ url: '/ar/unpublished', headers: { cookie: previewCookie() } });
    expect(draftOnly.statusCode).toBe(200);
    expect(html(draftOnly)).toContain('معاينة: تعرض هذه الصفحة مسودات غير منشورة لا يراها الزوار.');
    expect(html(draftOnly)).toContain('الخروج من المعاينة');
  });

  it('gives an editor\'s client-side navigation the drafts\' page data, never kept', async () => {
    const shell = await startShell();
    const published = await shell.inject('/page-data/b/page-data.json');
    expect(published.json().result.page.head.title).toBe('Published /b');
    const previewed = await shell.inject({ url: '/page-data/b/page-data.json', headers: { cookie: previewCookie() } });
    expect(previewed.json().result.page.head.title).toBe('Draft of /b');
    expect([previewed.headers['cache-control'], previewed.headers['x-robots-tag']]).toEqual(['private, no-store', 'noindex, nofollow']);
    expect((await shell.inject('/page-data/b/page-data.json')).json().result.page.head.title).toBe('Published /b');
  });

  it('shows published pages to a forged, ended or other site\'s preview cookie', async () => {
    const shell = await startShell();
    const twoHoursAgo = Date.now() - 2 * 60 * 60 * 1000 - 1000;
    for (const cookie of [`${PREVIEW_COOKIE}=${previewToken('another-secret-of-at-least-32-characters')}`, `${PREVIEW_COOKIE}=${previewToken(SECRET, twoHoursAgo)}`, `${PREVIEW_COOKIE}=1`, `x${PREVIEW_COOKIE}=${previewToken(SECRET)}`]) {
      const res = await shell.inject({ url: '/c', headers: { cookie } });
      expect(html(res)).toContain('<h1>Published /c</h1>');
      expect(res.headers['x-robots-tag']).toBeUndefined();
    }
    expect(asked.every((a) => a.preview === undefined)).toBe(true);
  });

  it('leaves the preview for the page it was left from, on this site only', async () => {
    const shell = await startShell();
    const left = await shell.inject({ url: '/_preview/leave', headers: { cookie: previewCookie(), host: 'www.example.org', referer: 'https://www.example.org/ar/stories/a?tag=x' } });
    expect([left.statusCode, left.headers.location, left.headers['cache-control']]).toEqual([302, '/ar/stories/a?tag=x', 'no-store']);
    expect(cookieOf(left)).toBe(`${PREVIEW_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Secure`);
    for (const referer of ['https://evil.example/x', 'not a url', undefined]) {
      const elsewhere = await shell.inject({ url: '/_preview/leave', headers: { host: 'www.example.org', ...(referer ? { referer } : {}) } });
      expect(elsewhere.headers.location).toBe('/');
    }
  });

  it('has no preview without a secret: the address is a page like any other, and a cookie changes nothing', async () => {
    const shell = await startShell({});
    const res = await shell.inject('/_preview?secret=anything&path=/a');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers.location).toBeUndefined();
    const page = await shell.inject({ url: '/d', headers: { cookie: previewCookie() } });
    expect(html(page)).toContain('<h1>Published /d</h1>');
    expect(asked.every((a) => a.preview === undefined)).toBe(true);
  });
});

describe('previewTarget', () => {
  it('keeps a path of the site with its query, percent-encoded, and nothing else', () => {
    expect(previewTarget('/')).toBe('/');
    expect(previewTarget('/events/a b?x=1#top')).toBe('/events/a%20b?x=1');
    for (const no of [undefined, 42, '', 'a', '//x.example', '/\\x.example', '/a\nb', 'http://x.example/']) expect(previewTarget(no)).toBeUndefined();
  });
});
