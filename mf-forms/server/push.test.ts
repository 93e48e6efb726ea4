import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createFileStore } from '@qf/shared/content';
import { buildFormsServer } from './app';
import type { Db } from './db';
import { loadVapidKeys, sendPush, VAPID_FILE } from './push';

jest.setTimeout(30_000);

/** A subscription as a browser makes it: a real P-256 public key and a 16-byte secret. */
const browserSubscription = (endpoint: string) => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
};

const MESSAGES = {
  en: {
    subscribed: 'Push subscription successful!',
    invalid: 'This notification subscription is not valid.',
    disabled: 'Push notifications disabled',
    unknown: 'This device is not subscribed to notifications.',
    enableError: 'An error occured while enabling push notifications. please try again',
    disableError: 'Error occured while disabling push notifications. please try again',
  },
  ar: {
    subscribed: 'تم الاشتراك في الإشعارات بنجاح!',
    invalid: 'اشتراك الإشعارات هذا غير صالح.',
    disabled: 'تم إيقاف الإشعارات الفورية',
    unknown: 'هذا الجهاز غير مشترك في الإشعارات.',
    enableError: 'حدث خطأ أثناء تفعيل الإشعارات الفورية. يُرجى المحاولة مرة أخرى',
    disableError: 'حدث خطأ أثناء إيقاف الإشعارات الفورية. يُرجى المحاولة مرة أخرى',
  },
} as const;

describe('the push API', () => {
  let app: FastifyInstance;
  let db: Db;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'qf-push-'));
    ({ app, db } = await buildFormsServer({ dir: path.resolve(__dirname, '..'), dataDir, env: {}, content: createFileStore(path.resolve(__dirname, '../../content')), rateLimit: 1_000_000 }));
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const subscribe = (body: unknown, lang = 'en') =>
    app.inject({ method: 'POST', url: `/api/forms/push/subscriptions?lang=${lang}`, headers: { 'content-type': 'application/json' }, payload: typeof body === 'string' ? body : JSON.stringify(body) });
  const unsubscribe = (body: unknown, lang = 'en') =>
    app.inject({ method: 'DELETE', url: `/api/forms/push/subscriptions?lang=${lang}`, headers: { 'content-type': 'application/json' }, payload: typeof body === 'string' ? body : JSON.stringify(body) });
  const rowsFor = (endpoint: string) => db.query<{ lang: string; auth: string }>('SELECT lang, auth FROM push_subscriptions WHERE endpoint = $1', [endpoint]);

  it('generated its VAPID keys on first start, kept them in the data folder readable by its owner only, and gives the public one', async () => {
    const file = path.join(dataDir, VAPID_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    const res = await app.inject('/api/forms/push/key');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: saved.publicKey });
    expect(Buffer.from(saved.publicKey, 'base64url')).toHaveLength(65);
    expect(loadVapidKeys({ env: {}, dataDir })).toMatchObject(saved);
  });

  it.each(['en', 'ar'] as const)('stores a subscription (%s), and a second identical one is the same subscription', async (lang) => {
    const sub = browserSubscription(`https://fcm.googleapis.com/fcm/send/${lang}-device`);
    const first = await subscribe(sub, lang);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ outcome: 'subscribed', message: MESSAGES[lang].subscribed });
    const again = await subscribe(sub, lang);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ outcome: 'subscribed', message: MESSAGES[lang].subscribed });
    expect(await rowsFor(sub.endpoint)).toEqual([{ lang, auth: sub.keys.auth }]);
  });

  it('keeps one row per endpoint with the latest keys and language', async () => {
    const endpoint = 'https://updates.push.services.mozilla.com/wpush/v2/renewed';
    await subscribe(browserSubscription(endpoint), 'en');
    const renewed = browserSubscription(endpoint);
    expect((await subscribe(renewed, 'ar')).statusCode).toBe(200);
    expect(await rowsFor(endpoint)).toEqual([{ lang: 'ar', auth: renewed.keys.auth }]);
  });

  it('stores one row for simultaneous identical subscriptions', async () => {
    const sub = browserSubscription('https://fcm.googleapis.com/fcm/send/race');
    const results = await Promise.all(Array.from({ length: 6 }, () => subscribe(sub)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(await rowsFor(sub.endpoint)).toHaveLength(1);
  });

  const valid = browserSubscription('https://fcm.googleapis.com/fcm/send/valid');
  it.each([
    ['an empty body', {}],
    ['a body that is not JSON', '{"endpoint":'],
    ['an array', [valid]],
    ['a plain http endpoint', { ...valid, endpoint: 'http://fcm.googleapis.com/fcm/send/x' }],
    ['an endpoint that is not a URL', { ...valid, endpoint: '<script>alert(1)</script>' }],
    ['a 10,000-character endpoint', { ...valid, endpoint: `https://push.example/${'a'.repeat(10_000)}` }],
    // The server sends to the endpoint: never to itself, its network or the cloud metadata service.
    ['an endpoint on this machine', { ...valid, endpoint: 'https://127.0.0.1:8443/push' }],
    ['the metadata service', { ...valid, endpoint: 'https://169.254.169.254/latest/meta-data' }],
    ['an IPv6 loopback endpoint', { ...valid, endpoint: 'https://[::1]/push' }],
    ['a unique-local endpoint', { ...valid, endpoint: 'https://[fd12:3456::1]/push' }],
    ['a private network endpoint', { ...valid, endpoint: 'https://192.168.1.10/push' }],
    ['localhost by name', { ...valid, endpoint: 'https://localhost:8443/push' }],
    ['a public key of the wrong length', { ...valid, keys: { ...valid.keys, p256dh: randomBytes(32).toString('base64url') } }],
    ['a secret that is not base64url', { ...valid, keys: { ...valid.keys, auth: "'; DROP TABLE push_subscriptions; --" } }],
    ['missing keys', { endpoint: valid.endpoint }],
  ])('refuses %s with a translated 400, storing nothing', async (_name, body) => {
    for (const lang of ['en', 'ar'] as const) {
      const res = await subscribe(body, lang);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ outcome: 'invalid', message: MESSAGES[lang].invalid });
    }
    expect(await rowsFor(valid.endpoint)).toEqual([]);
  });

  it.each(['en', 'ar'] as const)('removes a subscription (%s), then answers a translated 404 for it', async (lang) => {
    const sub = browserSubscription(`https://fcm.googleapis.com/fcm/send/leaving-${lang}`);
    await subscribe(sub, lang);
    const res = await unsubscribe({ endpoint: sub.endpoint }, lang);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: 'unsubscribed', message: MESSAGES[lang].disabled });
    expect(await rowsFor(sub.endpoint)).toEqual([]);
    const again = await unsubscribe({ endpoint: sub.endpoint }, lang);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ outcome: 'not-found', message: MESSAGES[lang].unknown });
  });

  it.each(['en', 'ar'] as const)('refuses an unsubscription without a valid endpoint (%s)', async (lang) => {
    for (const body of [{}, { endpoint: 42 }, 'nope']) {
      const res = await unsubscribe(body, lang);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ outcome: 'invalid', message: MESSAGES[lang].invalid });
    }
  });

  it.each(['en', 'ar'] as const)('answers the SPEC error messages (%s) when the database fails', async (lang) => {
    const spyErr = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(db, 'query').mockRejectedValueOnce(new Error('disk full'));
    const sub = browserSubscription('https://fcm.googleapis.com/fcm/send/unlucky');
    const res = await subscribe(sub, lang);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ outcome: 'error', message: MESSAGES[lang].enableError });
    jest.spyOn(db, 'query').mockRejectedValueOnce(new Error('disk full'));
    const del = await unsubscribe({ endpoint: sub.endpoint }, lang);
    expect(del.statusCode).toBe(503);
    expect(del.json()).toEqual({ outcome: 'error', message: MESSAGES[lang].disableError });
    expect(await rowsFor(sub.endpoint)).toEqual([]);
    jest.restoreAllMocks();
    spyErr.mockRestore();
  });

  it('refuses a subscription posted from another site', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/forms/push/subscriptions', headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, payload: JSON.stringify(valid) });
    expect(res.statusCode).toBe(403);
  });

  describe('sending', () => {
    let pushService: https.Server;
    let base: string;
    let certDir: string;
    const received: { path: string; headers: Record<string, unknown>; bytes: number }[] = [];

    // A push service on 127.0.0.1 with a throw-away certificate: web-push speaks HTTPS only.
    beforeAll(async () => {
      certDir = mkdtempSync(path.join(os.tmpdir(), 'qf-push-cert-'));
      execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', path.join(certDir, 'key.pem'), '-out', path.join(certDir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
      pushService = https.createServer({ key: readFileSync(path.join(certDir, 'key.pem')), cert: readFileSync(path.join(certDir, 'cert.pem')) }, (req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          received.push({ path: req.url ?? '', headers: req.headers, bytes: Buffer.concat(chunks).length });
          res.statusCode = req.url?.startsWith('/gone') ? 410 : req.url?.startsWith('/missing') ? 404 : req.url?.startsWith('/broken') ? 500 : 201;
          res.end();
        });
      });
      await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
      base = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => pushService.close(resolve));
      rmSync(certDir, { recursive: true, force: true });
    });

    it('never contacts an endpoint that is not a public host, even one stored before the check (push:send reached 127.0.0.1)', async () => {
      await db.query('DELETE FROM push_subscriptions');
      received.length = 0;
      const s = browserSubscription(`${base}/ok/inside`);
      await db.query('INSERT INTO push_subscriptions (endpoint, p256dh, auth, lang) VALUES ($1, $2, $3, $4)', [s.endpoint, s.keys.p256dh, s.keys.auth, 'en']);
      const keys = loadVapidKeys({ env: {}, dataDir });
      // The default check (no `allowed`), with an agent that would accept the service's certificate.
      const result = await sendPush(db, { title: 'x', body: 'y', url: '/' }, { keys, agent: new https.Agent({ rejectUnauthorized: false }) });
      expect(result).toEqual({ sent: 0, removed: 0, failed: 0, refused: 1 });
      expect(received).toEqual([]);
    });

    it('sends a signed, encrypted message to every subscription and removes those the service says are gone', async () => {
      await db.query('DELETE FROM push_subscriptions');
      for (const [p, lang] of [['/ok/1', 'en'], ['/gone/2', 'en'], ['/missing/3', 'ar'], ['/broken/4', 'ar'], ['/ok/5', 'ar']] as const) {
        const s = browserSubscription(base + p);
        await db.query('INSERT INTO push_subscriptions (endpoint, p256dh, auth, lang) VALUES ($1, $2, $3, $4)', [s.endpoint, s.keys.p256dh, s.keys.auth, lang]);
      }
      const keys = loadVapidKeys({ env: {}, dataDir });
      const result = await sendPush(db, { title: 'New story', body: 'Read it now', url: '/stories/a' }, { keys, agent: new https.Agent({ rejectUnauthorized: false }), allowed: async (e) => e.startsWith(base) });
      expect(result).toEqual({ sent: 2, removed: 2, failed: 1, refused: 0 });
      expect(received.map((r) => r.path).sort()).toEqual(['/broken/4', '/gone/2', '/missing/3', '/ok/1', '/ok/5']);
      const ok = received.find((r) => r.path === '/ok/1')!;
      expect(ok.headers['content-encoding']).toBe('aes128gcm');
      expect(ok.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${keys.publicKey}$`));
      expect(ok.bytes).toBeGreaterThan(JSON.stringify({ title: 'New story', body: 'Read it now', url: '/stories/a' }).length);
      const left = await db.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions ORDER BY id');
      expect(left.map((r) => r.endpoint.slice(base.length))).toEqual(['/ok/1', '/broken/4', '/ok/5']);
    });

    it('sends to one language only when asked', async () => {
      received.length = 0;
      const keys = loadVapidKeys({ env: {}, dataDir });
      const result = await sendPush(db, { title: 'خبر', body: 'اقرأ الآن', url: '/ar' }, { keys, lang: 'ar', agent: new https.Agent({ rejectUnauthorized: false }), allowed: async (e) => e.startsWith(base) });
      expect(result).toEqual({ sent: 1, removed: 0, failed: 1, refused: 0 });
      expect(received.map((r) => r.path).sort()).toEqual(['/broken/4', '/ok/5']);
    });
  });
});

describe('VAPID keys', () => {
  it('uses the keys of the environment when both are set, and writes nothing', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qf-vapid-'));
    const keys = loadVapidKeys({ env: { VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv', VAPID_SUBJECT: 'mailto:ops@example.org' }, dataDir: dir });
    expect(keys).toEqual({ publicKey: 'pub', privateKey: 'priv', subject: 'mailto:ops@example.org' });
    expect(() => statSync(path.join(dir, VAPID_FILE))).toThrow();
    rmSync(dir, { recursive: true, force: true });
  });

  it('generates a pair once and reuses it afterwards', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qf-vapid-'));
    const first = loadVapidKeys({ env: {}, dataDir: path.join(dir, 'forms') });
    const second = loadVapidKeys({ env: {}, dataDir: path.join(dir, 'forms') });
    expect(second).toEqual(first);
    expect(first.subject).toBe('mailto:webmaster@qf.org.qa');
    rmSync(dir, { recursive: true, force: true });
  });
});
