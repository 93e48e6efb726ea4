import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createFileStore } from '@qf/shared/content';
import { buildFormsServer } from './app';
import type { Db } from './db';

jest.setTimeout(30_000);

let app: FastifyInstance;
let db: Db;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'qf-guard-'));
  ({ app, db } = await buildFormsServer({ dir: path.resolve(__dirname, '..'), dataDir: dir, env: { SHELL_ORIGINS: 'https://www.qf.org.qa' }, content: createFileStore(path.resolve(__dirname, '../../content')), rateLimit: 3 }));
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (payload: unknown, headers: Record<string, string> = {}, lang = 'en') =>
  app.inject({ method: 'POST', url: `/api/forms/newsletter?lang=${lang}`, headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9', ...headers }, payload: JSON.stringify(payload) });

describe('abuse protection of the forms API', () => {
  it('refuses a post from another site', async () => {
    const res = await post({ email: 'x@example.org' }, { origin: 'https://evil.example', 'x-forwarded-for': '198.51.100.1' }, 'ar');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('لا يمكن إرسال هذا النموذج إلا من موقع المؤسسة.');
  });

  it('answers a robot that filled the hidden field as if it succeeded, and stores nothing', async () => {
    const res = await post({ email: 'robot@example.org', website: 'https://spam.example' }, { origin: 'https://www.qf.org.qa', 'x-forwarded-for': '198.51.100.2' });
    expect(res.statusCode).toBe(201);
    const rows = await db.query("SELECT 1 FROM newsletter_subscriptions WHERE email_normalized = 'robot@example.org'");
    expect(rows).toEqual([]);
  });

  it('limits submissions per client, with a translated 429', async () => {
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await post({ email: `limit-${i}@example.org` })).statusCode);
    expect(codes).toEqual([201, 201, 201]);
    const limited = await post({ email: 'limit-4@example.org' }, {}, 'ar');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('تم إرسال عدد كبير جداً من الطلبات من اتصالك. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post({ email: 'other@example.org' }, { 'x-forwarded-for': '203.0.113.10' })).statusCode).toBe(201);
  });

  it('guards the removal of a push subscription like a submission', async () => {
    const remove = (headers: Record<string, string>) =>
      app.inject({ method: 'DELETE', url: '/api/forms/push/subscriptions?lang=ar', headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify({ endpoint: 'https://push.example/one' }) });
    const foreign = await remove({ origin: 'https://evil.example', 'x-forwarded-for': '198.51.100.20' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('لا يمكن إرسال هذا النموذج إلا من موقع المؤسسة.');
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await remove({ 'x-forwarded-for': '198.51.100.21' })).statusCode);
    expect(codes.slice(0, 3).every((c) => c < 429)).toBe(true);
    expect(codes[3]).toBe(429);
  });

  it('guards a write by the route it reaches, however its path is spelled', async () => {
    // `/api/%66orms/newsletter` is routed to the newsletter: it was let through unguarded (201 from evil.example).
    for (const url of ['/api/%66orms/newsletter?lang=ar', '/api/forms/%6eewsletter?lang=ar', '/%61pi/forms/newsletter?lang=ar']) {
      const res = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', origin: 'https://evil.example', 'x-forwarded-for': '198.51.100.30' }, payload: JSON.stringify({ email: 'victim@example.org' }) });
      expect([url, res.statusCode, res.json().message]).toEqual([url, 403, 'لا يمكن إرسال هذا النموذج إلا من موقع المؤسسة.']);
    }
    const codes = [];
    for (const url of ['/api/forms/newsletter', '/api/%66orms/newsletter', '/api/forms/newslette%72', '/api/forms/newsletter']) {
      codes.push((await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.31' }, payload: JSON.stringify({ email: `spelled-${codes.length}@example.org` }) })).statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 429]);
    expect(await db.query("SELECT 1 FROM newsletter_subscriptions WHERE email_normalized = 'victim@example.org'")).toEqual([]);
  });

  it("believes X-Forwarded-For only from a trusted proxy (the shell): anyone else's is ignored and its own address counted", async () => {
    const codes = [];
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/forms/newsletter',
        remoteAddress: '198.51.100.77',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${i}` },
        payload: JSON.stringify({ email: `rotating-${i}@example.org` }),
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 429, 429]);
  });

  it('counts an IPv6 client by its /64: rotating the rest of the address is the same client', async () => {
    const codes = [];
    for (let i = 1; i <= 5; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/forms/newsletter', headers: { 'content-type': 'application/json', 'x-forwarded-for': `2001:db8:7:7::${i.toString(16)}` }, payload: JSON.stringify({ email: `six-${i}@example.org` }) });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 429, 429]);
    const next = await app.inject({ method: 'POST', url: '/api/forms/newsletter', headers: { 'content-type': 'application/json', 'x-forwarded-for': '2001:db8:7:8::1' }, payload: JSON.stringify({ email: 'six-next@example.org' }) });
    expect(next.statusCode).toBe(201);
  });
});
