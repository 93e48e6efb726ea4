import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createFileStore } from '@qf/shared/content';
import { buildFormsServer } from './app';
import type { Db } from './db';
import { testBackends, type TestDatabase } from './test-databases';

jest.setTimeout(30_000);

for (const backend of testBackends()) {
  (backend.enabled ? describe : describe.skip)(`POST /api/forms/newsletter (${backend.label})`, () => {
    let app: FastifyInstance;
    let db: Db;
    let store: TestDatabase;
    const start = () => buildFormsServer({ dir: path.resolve(__dirname, '..'), dataDir: store.dataDir, databaseUrl: store.databaseUrl, env: {}, content: createFileStore(path.resolve(__dirname, '../../content')), rateLimit: 1_000_000 });

    // One database for the whole file: starting PGlite costs seconds, queries cost milliseconds.
    beforeAll(async () => {
      store = await backend.create();
      ({ app, db } = await start());
    });
    afterAll(async () => {
      await app.close();
      await store.drop();
    });

    const post = (payload: unknown, lang = 'en', contentType = 'application/json') =>
      app.inject({ method: 'POST', url: `/api/forms/newsletter?lang=${lang}`, headers: { 'content-type': contentType }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });

    it('subscribes a new address', async () => {
      const res = await post({ email: 'first@example.org' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ outcome: 'subscribed', message: 'Thanks for subscribing.' });
    });

    it('queues the welcome email with the subscription, pending while SMTP_URL is not set', async () => {
      const rows = await db.query('SELECT kind, to_address, lang, subject, attempts, sent_at FROM email_outbox WHERE to_address = $1', ['first@example.org']);
      expect(rows).toEqual([{ kind: 'newsletter-welcome', to_address: 'first@example.org', lang: 'en', subject: 'Welcome to the Qatar Foundation newsletter', attempts: 0, sent_at: null }]);
    });

    it('recognises an address already subscribed, whatever its case', async () => {
      const res = await post({ email: 'First@Example.org' }, 'ar');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ outcome: 'already-subscribed', message: 'أنت مشترك بالفعل في نشرتنا الإخبارية الشهرية.' });
    });

    it.each([[{ email: 'nope' }], [{ email: '' }], [{}], [{ email: 42 }], ['{not json'], [[1, 2]]])('answers %p with the invalid-email outcome', async (payload) => {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ outcome: 'invalid-email', message: 'Invalid email adress.' });
    });

    it('answers a plain form post (no JavaScript) with a page in the visitor’s language and a way back', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/forms/newsletter?lang=ar',
        headers: { 'content-type': 'application/x-www-form-urlencoded', referer: 'http://127.0.0.1:3000/ar/stories/a?x=1' },
        payload: 'email=form%40example.org',
      });
      expect(res.statusCode).toBe(201);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<html lang="ar" dir="rtl">');
      expect(res.body).toContain('<p role="status">شكراً لاشتراكك.</p>');
      expect(res.body).toContain('href="/ar/stories/a?x=1"');
    });

    it('never sends the visitor of a form post to another site', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/forms/newsletter', headers: { 'content-type': 'application/x-www-form-urlencoded', referer: 'not a url' }, payload: 'email=' });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Invalid email adress.');
      expect(res.body).toContain('href="/"');
    });

    it('lets exactly one of many simultaneous identical requests subscribe', async () => {
      const results = await Promise.all(Array.from({ length: 8 }, () => post({ email: 'race@example.org' })));
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
      const rows = await db.query<{ n: string }>("SELECT count(*) AS n FROM newsletter_subscriptions WHERE email_normalized = 'race@example.org'");
      expect(Number(rows[0]?.n)).toBe(1);
    });

    it('answers the generic error, translated, when the database fails', async () => {
      const failing = jest.spyOn(db, 'transaction').mockRejectedValueOnce(new Error('disk full'));
      const spyErr = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const res = await post({ email: 'later@example.org' }, 'ar');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ outcome: 'error', message: 'حدث خطأ. يُرجى المحاولة مرة أخرى' });
      failing.mockRestore();
      spyErr.mockRestore();
    });

    it('keeps its data in the database across restarts', async () => {
      await app.close();
      ({ app, db } = await start());
      const res = await post({ email: 'first@example.org' });
      expect(res.statusCode).toBe(409);
    });

    it('answers its health check', async () => {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      expect(res.json()).toEqual({ status: 'ok', name: 'mf-forms' });
    });
  });
}
