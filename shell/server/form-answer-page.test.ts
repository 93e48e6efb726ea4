import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { FORM_ANSWER_TYPE, type RemoteName } from '@qf/shared/contracts';
import { buildShellServer } from './app';
import { loadConfig } from './config';
import { formPageOf, readFormAnswer } from './form-answer-page';
import type { ServerRemotes } from './federation';
import { browserFiles, standInRoutes, writeShellBuild } from './test-build';

const post = (referer: string | undefined, accept = 'text/html,application/xhtml+xml') => ({ method: 'POST', headers: { accept, ...(referer === undefined ? {} : { referer }) } });

describe('formPageOf', () => {
  it('is the referring page of a browser’s form post, path and query', () => {
    expect(formPageOf(post('https://www.qf.org.qa/ar/events/e?x=1'))).toEqual({ path: '/ar/events/e', search: 'x=1' });
    expect(formPageOf(post('http://127.0.0.1:3000/art-contest'))).toEqual({ path: '/art-contest', search: '' });
    // Sent again from its answer page, whose address is the form's: the page its action names.
    expect(formPageOf({ ...post('https://x.org/api/forms/scholarships?lang=en'), url: '/api/forms/scholarships?lang=en&qf-page=%2Fpre-university-scholarship%3Fa%3D1' })).toEqual({ path: '/pre-university-scholarship', search: 'a=1' });
    expect(formPageOf({ ...post(undefined), url: '/api/forms/x?qf-page=%2F%2Fevil.example' })).toBeNull();
    expect(formPageOf({ ...post(undefined), url: '/api/forms/x?qf-page=%2Fapi%2Fforms%2Fx' })).toBeNull();
    // An address no page has (longer than the page route takes) is not asked of a section.
    expect(formPageOf({ ...post(undefined), url: `/api/forms/x?qf-page=%2F${'a'.repeat(2100)}` })).toBeNull();
    expect(formPageOf({ ...post(undefined), url: `/api/forms/x?qf-page=%2Fevents%3Fq%3D${'a'.repeat(2100)}` })).toBeNull();
    expect(formPageOf(post(`https://x.org/${'b'.repeat(2100)}`))).toBeNull();
  });

  it('is nothing for a script’s request, another method, no or an odd referrer, or a path that is no page', () => {
    expect(formPageOf(post('https://www.qf.org.qa/events/e', 'application/json'))).toBeNull();
    expect(formPageOf({ ...post('https://www.qf.org.qa/events/e'), method: 'GET' })).toBeNull();
    for (const referer of [undefined, 'not a url', 'javascript:alert(1)', 'https://x.org//evil.example/a', 'https://x.org/api/forms/newsletter', 'https://x.org/ar/api/forms/x', 'https://x.org/_qf/page', 'https://x.org/page-data/a/page-data.json'])
      expect([referer, formPageOf(post(referer))]).toEqual([referer, null]);
  });
});

describe('readFormAnswer', () => {
  const type = { 'content-type': `${FORM_ANSWER_TYPE}; charset=utf-8` };
  it('reads an answer of the contract’s type, and says when one breaks it', () => {
    const answer = { widget: 'mf-forms/EventRegistration', outcome: 'invalid', message: 'Fix it', errors: { name: 'Name' }, values: { name: '' } };
    expect(readFormAnswer(type, Buffer.from(JSON.stringify(answer)))).toEqual(answer);
    expect(readFormAnswer(type, Buffer.from('{"widget":"nope"}'))).toBe('broken');
    expect(readFormAnswer(type, Buffer.from('<html>'))).toBe('broken');
    expect(readFormAnswer({ 'content-type': 'text/html' }, Buffer.from('<html>'))).toBeNull();
  });
});

/**
 * Through HTTP: a stand-in owner whose event page places the registration widget, a stand-in forms
 * section that answers for the page when the gateway offers it, and Node builds that show the props the
 * widget was given (the real ones are covered by mf-forms' server-render tests and the journeys).
 */
describe('a form posted without its script, answered as its page', () => {
  let dir: string;
  let shell: FastifyInstance;
  let owner: FastifyInstance;
  let forms: FastifyInstance;
  const offered: (string | undefined)[] = [];
  /** The URLs the forms section was asked. */
  const seen: string[] = [];
  const answerOf = (lang: string) => ({
    widget: 'mf-forms/EventRegistration',
    outcome: 'invalid',
    message: lang === 'ar' ? 'يُرجى تصحيح الحقول المشار إليها أدناه.' : 'Please correct the fields marked below.',
    errors: { email: lang === 'ar' ? 'يرجى إدخال بريد إلكتروني صحيح' : 'Please enter a valid email address' },
    values: { name: 'Layla <b>', email: 'layla@' },
  });

  const remotes: ServerRemotes = {
    get: async (remote: RemoteName, _entry: unknown, buildId: string) => ({
      buildId,
      routes: { contractVersion: 1, remote, routes: [], widgets: [{ name: 'EventRegistration', hydration: 'visible' }] },
      server: {
        render: ({ view, data, host }: { view: string; data: Record<string, unknown>; host: { renderWidget: (id: string, props: object) => string } }) =>
          view === 'EventRegistration' ? `<form class="registration" data-props="${encodeURIComponent(JSON.stringify(data))}"></form>` : `<h1>${String(data.title)}</h1>${host.renderWidget('mf-forms/EventRegistration', { eventId: 'e' })}`,
      },
    }),
  } as unknown as ServerRemotes;

  const stand = async (app: FastifyInstance, name: RemoteName) => {
    app.get('/build-info.json', async () => ({ name, version: '1.0.0', buildId: 'b1', builtAt: '2026-11-22T00:00:00Z', contentVersion: 'c1' }));
    app.get('/browser/:file', browserFiles(standInRoutes(name, name === 'mf-forms' ? [] : undefined)));
    await app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'qf-form-answer-'));
    writeShellBuild(dir);
    owner = Fastify();
    owner.get('/_qf/page', async (req, reply) => {
      const { path: p, lang } = req.query as Record<string, string>;
      if (p === '/gone') return reply.code(404).send({ found: false });
      const widgets = p === '/events/e' ? ['mf-forms/EventRegistration'] : [];
      return { found: true, page: { template: 'event', head: { title: lang === 'ar' ? 'فعالية' : 'An event', description: '', alternatePath: '/ar/events/e' }, data: { title: lang === 'ar' ? 'فعالية' : 'An event' }, widgets, hydration: 'visible' } };
    });
    const ownerUrl = await stand(owner, 'mf-content');
    forms = Fastify();
    forms.addHook('onRequest', async (req) => {
      seen.push(req.url);
    });
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    forms.post('/api/forms/events/e/registrations', async (req, reply) => {
      offered.push(req.headers['x-qf-form-answer'] as string | undefined);
      const lang = (req.query as Record<string, string>).lang ?? 'en';
      if (!req.headers['x-qf-form-answer']) return reply.code(400).type('text/html; charset=utf-8').send('<p>its own page</p>');
      if (String(req.body).includes('broken')) return reply.code(400).type(FORM_ANSWER_TYPE).send('{"widget":1}');
      return reply.code(400).type(FORM_ANSWER_TYPE).send(JSON.stringify(answerOf(lang)));
    });
    const formsUrl = await stand(forms, 'mf-forms');
    writeFileSync(path.join(dir, 'registry.json'), JSON.stringify({ remotes: { 'mf-content': { url: ownerUrl }, 'mf-forms': { url: formsUrl } } }));
    const config = loadConfig({ REGISTRY: path.join(dir, 'registry.json'), SITE_URL: 'https://www.example.org', REMOTE_STATUS_TTL_MS: '0', CONTENT_DIR: path.resolve(__dirname, '../../content') });
    shell = await buildShellServer({ ...config, clientDir: path.join(dir, 'dist', 'client') }, { remotes });
  });

  afterAll(async () => {
    await shell.close();
    await owner.close();
    await forms.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const send = (lang: 'en' | 'ar', referer: string | undefined, body = 'name=Layla&email=layla%40') =>
    shell.inject({
      method: 'POST',
      url: `/api/forms/events/e/registrations?lang=${lang}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/xhtml+xml', ...(referer ? { referer } : {}) },
      payload: body,
    });
  const propsOf = (html: string) => JSON.parse(decodeURIComponent(/data-props="([^"]+)"/.exec(html)?.[1] ?? 'null')) as { answer?: unknown } | null;

  it('is the page the form is on, in the site’s chrome, with the answer given to the form’s widget, in both languages', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const res = await send(lang, `https://www.example.org${lang === 'ar' ? '/ar' : ''}/events/e`);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
      expect(res.body).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}" data-qf-new="">`);
      expect(res.body).toContain(lang === 'ar' ? '<h1>فعالية</h1>' : '<h1>An event</h1>');
      expect(res.body).toContain('id="main"');
      // The answer names its page: the form sent again from there says where it is.
      expect(propsOf(res.body)).toEqual({ eventId: 'e', answer: { ...answerOf(lang), page: `${lang === 'ar' ? '/ar' : ''}/events/e` } });
      // The browser shows the page's own address once a script runs (a reload asks for the page).
      expect(res.body).toContain(`history.replaceState(history.state,'',"${lang === 'ar' ? '/ar' : ''}/events/e")`);
      // What the visitor typed is in the page's state for the widget's hydration, escaped.
      expect(res.body).not.toContain('Layla <b>');
    }
    expect(offered).toEqual(['page', 'page']);
  });

  it('is the page again for the form sent again from it, though the browser’s address is the form’s', async () => {
    offered.length = 0;
    seen.length = 0;
    const res = await shell.inject({
      method: 'POST',
      url: '/api/forms/events/e/registrations?lang=ar&qf-page=%2Far%2Fevents%2Fe',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', referer: 'https://www.example.org/api/forms/events/e/registrations?lang=ar&qf-page=%2Far%2Fevents%2Fe' },
      payload: 'name=Layla',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<h1>فعالية</h1>');
    expect(offered).toEqual(['page']);
    // The section never sees the shell's parameter.
    expect(seen.filter((u) => u.startsWith('/api/'))).toEqual(['/api/forms/events/e/registrations?lang=ar']);
  });

  it('is never kept: the next visitor of the page gets the page without the answer', async () => {
    await send('en', 'https://www.example.org/events/e');
    const page = await shell.inject({ url: '/events/e' });
    expect(page.statusCode).toBe(200);
    expect(propsOf(page.body)).toEqual({ eventId: 'e' });
  });

  it('is not offered without a referring page: the section answers with a page of its own', async () => {
    offered.length = 0;
    const res = await send('en', undefined);
    expect(offered).toEqual([undefined]);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('<p>its own page</p>');
  });

  it('still says every message, with a way back, when the page no longer places the form', async () => {
    const res = await send('ar', 'https://www.example.org/ar/elsewhere');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    expect(res.body).toContain('يُرجى تصحيح الحقول المشار إليها أدناه.');
    expect(res.body).toContain('<li>يرجى إدخال بريد إلكتروني صحيح</li>');
    expect(res.body).toContain('<a href="/ar/elsewhere">العودة إلى الصفحة</a>');
  });

  it('answers the 503 page when the section breaks the contract', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await send('en', 'https://www.example.org/events/e', 'broken=1');
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    error.mockRestore();
  });
});
