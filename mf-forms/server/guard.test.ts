import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createFileStore } from '@qf/shared/content';
import { buildFormsServer } from './app';
import type { Db } from './db';
import { testBackends, type TestDatabase } from './test-databases';

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

const postgres = testBackends().find((b) => b.kind === 'postgres')!;

/** Two servers over one PostgreSQL, as behind a load balancer: the limit is counted once for both. */
(postgres.enabled ? describe : describe.skip)(`the rate limit across servers (${postgres.label})`, () => {
  let database: TestDatabase;
  const servers: { app: FastifyInstance; db: Db }[] = [];
  beforeAll(async () => {
    database = await postgres.create();
    for (let i = 0; i < 2; i++)
      servers.push(
        await buildFormsServer({
          dir: path.resolve(__dirname, '..'),
          databaseUrl: database.databaseUrl,
          dataDir: path.join(database.dataDir, `server-${i}`),
          env: { SHELL_ORIGINS: 'https://www.qf.org.qa', FORMS_SECRET: 'a-secret-both-servers-share-0123456789' },
          content: createFileStore(path.resolve(__dirname, '../../content')),
        }),
      );
  });
  afterAll(async () => {
    for (const s of servers) await s.app.close();
    await database.drop();
  });

  it('refuses the 31st submission of a minute from one client whichever server answers, and counts another client apart', async () => {
    const send = (i: number, address: string) =>
      servers[i % 2]!.app.inject({ method: 'POST', url: '/api/forms/newsletter?lang=ar', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, payload: JSON.stringify({ email: `spread-${address}-${i}@example.org` }) });
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await send(i, '203.0.113.50')).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 201)).toBe(true);
    expect(codes[30]).toBe(429);
    // Simultaneous requests cannot slip past it either, and nothing about the address is stored.
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => send(i, '203.0.113.50')));
    expect(burst.every((r) => r.statusCode === 429)).toBe(true);
    expect((await send(1, '203.0.113.51')).statusCode).toBe(201);
  });

  it('keeps no client address in the table, only keyed hashes', async () => {
    const { db } = servers[0]!;
    const rows = await db.query<{ key: string }>('SELECT key FROM rate_limits');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.key.includes('203.0.113'))).toBe(false);
  });
});

describe('cluster mode', () => {
  it('refuses to start without what every instance must share, naming it', async () => {
    const start = (env: Record<string, string>, databaseUrl?: string) =>
      buildFormsServer({ dir: path.resolve(__dirname, '..'), dataDir: path.join(dir, 'cluster'), databaseUrl, env: { QF_CLUSTER: '1', ...env }, content: createFileStore(path.resolve(__dirname, '../../content')) });
    await expect(start({})).rejects.toThrow('mf-forms in cluster mode (QF_CLUSTER=1) needs DATABASE_URL, FORMS_SECRET, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: every instance must share them, none may generate its own');
    await expect(start({ FORMS_SECRET: 'x'.repeat(40), VAPID_PUBLIC_KEY: 'p' }, 'postgres://127.0.0.1:1/none')).rejects.toThrow('needs VAPID_PRIVATE_KEY:');
  });
});
