import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createFileStore } from '@qf/shared/content';
import { buildFormsServer } from './app';
import type { Db } from './db';
import { listUnsubscribeHeaders } from './emails';
import { loadFormsEnv } from './config';
import { loadFormsSecret, newsletterLinks, siteOrigin } from './newsletter-unsubscribe';
import type { OutboxWorker } from './outbox';
import { testBackends, type TestDatabase } from './test-databases';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp';

jest.setTimeout(60_000);

const SECRET = 'test-secret-for-unsubscribe-links-0123456789';
const SITE = 'https://www.qf.org.qa';
const content = createFileStore(path.resolve(__dirname, '../../content'));
const dir = path.resolve(__dirname, '..');

const expected = {
  en: {
    sentence: 'If you did not subscribe, or no longer wish to receive our newsletter, you can unsubscribe at any time:',
    linkText: 'Unsubscribe from the newsletter',
    title: 'Unsubscribe from the newsletter',
    question: 'Do you want to stop receiving the Qatar Foundation newsletter at this address?',
    button: 'Unsubscribe',
    done: 'You have been unsubscribed. You will not receive our newsletter any more.',
    invalid: 'This unsubscribe link is not valid. Please use the complete link from one of our newsletter emails.',
    error: 'An error occured. please try again',
    html: '<html lang="en" dir="ltr">',
    home: 'href="/"',
  },
  ar: {
    sentence: 'إذا لم تشترك بنفسك، أو لم تعد ترغب في تلقي نشرتنا الإخبارية، يمكنك إلغاء الاشتراك في أي وقت:',
    linkText: 'إلغاء الاشتراك في النشرة الإخبارية',
    title: 'إلغاء الاشتراك في النشرة الإخبارية',
    question: 'هل تريد التوقف عن تلقي النشرة الإخبارية لمؤسسة قطر على هذا العنوان؟',
    button: 'إلغاء الاشتراك',
    done: 'تم إلغاء اشتراكك. لن تصلك نشرتنا الإخبارية بعد الآن.',
    invalid: 'رابط إلغاء الاشتراك هذا غير صالح. يُرجى استخدام الرابط كاملاً كما ورد في إحدى رسائل نشرتنا الإخبارية.',
    error: 'حدث خطأ. يُرجى المحاولة مرة أخرى',
    html: '<html lang="ar" dir="rtl">',
    home: 'href="/ar"',
  },
} as const;

const hmac = (secret: string, email: string) => createHmac('sha256', secret).update(email.trim().toLowerCase()).digest('base64url');
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;');
/** The path and query of an absolute link, as the shell forwards it to this server. */
const local = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};
const linkFor = (lang: string, email: string, token: string) => `/api/forms/newsletter/unsubscribe?${new URLSearchParams({ lang, email, token }).toString()}`;

interface OutboxRow {
  kind: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  sent_at: Date | null;
}

for (const backend of testBackends()) {
  (backend.enabled ? describe : describe.skip)(`newsletter unsubscribe links (${backend.label})`, () => {
    let app: FastifyInstance;
    let db: Db;
    let outbox: OutboxWorker | undefined;
    let store: TestDatabase;
    let smtp: TestSmtpServer;

    beforeAll(async () => {
      smtp = await startTestSmtpServer();
      store = await backend.create();
      // The worker polls once a minute: welcomes stay pending until a test delivers them with runOnce().
      ({ app, db, outbox } = await buildFormsServer({
        dir,
        dataDir: store.dataDir,
        databaseUrl: store.databaseUrl,
        env: { SITE_URL: SITE, SHELL_ORIGINS: SITE, FORMS_SECRET: SECRET, SMTP_URL: smtp.url },
        content,
        rateLimit: 1_000_000,
        outbox: { pollMs: 60_000 },
      }));
    });
    afterAll(async () => {
      await app.close();
      await smtp.stop();
      await store.drop();
    });

    const subscribe = (email: string, lang: string) =>
      app.inject({ method: 'POST', url: `/api/forms/newsletter?lang=${lang}`, headers: { 'content-type': 'application/json', origin: SITE }, payload: JSON.stringify({ email }) });
    const confirm = (url: string, headers: Record<string, string> = { origin: SITE }) =>
      app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: 'confirm=yes' });
    const subscribed = async (email: string) => (await db.query('SELECT 1 FROM newsletter_subscriptions WHERE email_normalized = $1', [email.toLowerCase()])).length === 1;
    const welcomes = (email: string) => db.query<OutboxRow>("SELECT kind, text, html, headers, sent_at FROM email_outbox WHERE kind = 'newsletter-welcome' AND lower(to_address) = $1", [email.toLowerCase()]);
    const linkIn = (text: string) => /https:\/\/\S+/.exec(text)?.[0] ?? '';

    describe.each(['en', 'ar'] as const)('in %s', (lang) => {
      const m = expected[lang];
      const email = `Reader.${lang}@Example.org`;
      let link = '';

      it('puts a signed link to the subscriber’s unsubscribe page in the welcome email, both parts, and its headers', async () => {
        expect((await subscribe(email, lang)).statusCode).toBe(201);
        const [row] = await welcomes(email);
        link = linkIn(row!.text);
        expect(link).toBe(`${SITE}/api/forms/newsletter/unsubscribe?lang=${lang}&email=Reader.${lang}%40Example.org&token=${hmac(SECRET, email)}`);
        expect(row!.text).toContain(`\n\n${m.sentence}\n${link}\n\n`);
        expect(row!.html).toContain(`<p>${m.sentence} <a href="${escapeHtml(link)}">${m.linkText}</a></p>`);
        expect(row!.headers).toEqual({ 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
      });

      it('answers the link (GET) with a page that asks, and changes nothing', async () => {
        const res = await app.inject({ method: 'GET', url: local(link) });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.body).toContain(m.html);
        expect(res.body).toContain(`<title>${m.title}</title>`);
        expect(res.body).toContain(`<p>${m.question}</p><p><bdi>${email}</bdi></p>`);
        expect(res.body).toContain(`<form method="post" action="${escapeHtml(local(link))}"><button type="submit" name="confirm" value="yes">${m.button}</button></form>`);
        expect(await subscribed(email)).toBe(true);
        expect(await welcomes(email)).toHaveLength(1);
      });

      it.each([
        ['a token with one character changed', (t: string) => `${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}`],
        ['another address’s token', () => hmac(SECRET, 'someone.else@example.org')],
        ['a token signed with another secret', () => hmac('another-secret-another-secret-another', 'x')],
        ['an empty token', () => ''],
      ])('refuses %s (400, translated) and deletes nothing', async (_label, forge) => {
        const token = new URL(link).searchParams.get('token')!;
        for (const method of ['GET', 'POST'] as const) {
          const res = await app.inject({ method, url: linkFor(lang, email, forge(token)), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE }, payload: method === 'POST' ? 'confirm=yes' : undefined });
          expect(res.statusCode).toBe(400);
          expect(res.body).toContain(m.html);
          expect(res.body).toContain(`<p role="status">${m.invalid}</p>`);
          expect(res.body).toContain(m.home);
        }
        expect(await subscribed(email)).toBe(true);
        expect(await welcomes(email)).toHaveLength(1);
      });

      it('refuses a link without a token or an address', async () => {
        for (const url of [`/api/forms/newsletter/unsubscribe?lang=${lang}&email=${encodeURIComponent(email)}`, `/api/forms/newsletter/unsubscribe?lang=${lang}&token=${hmac(SECRET, email)}`]) {
          const res = await confirm(url);
          expect(res.statusCode).toBe(400);
          expect(res.body).toContain(`<p role="status">${m.invalid}</p>`);
        }
        expect(await subscribed(email)).toBe(true);
      });

      let firstAnswer = '';
      it('unsubscribes on the page’s button: the subscription and the pending welcome are gone', async () => {
        const res = await confirm(local(link));
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(m.html);
        expect(res.body).toContain(`<p role="status">${m.done}</p>`);
        expect(res.body).toContain(m.home);
        expect(await subscribed(email)).toBe(false);
        expect(await welcomes(email)).toEqual([]);
        firstAnswer = res.body;
      });

      it('answers a second unsubscription, and one for an address never subscribed, exactly the same', async () => {
        const again = await confirm(local(link));
        expect(again.statusCode).toBe(200);
        expect(again.body).toBe(firstAnswer);
        const stranger = `never-${lang}@example.org`;
        const never = await confirm(linkFor(lang, stranger, hmac(SECRET, stranger)));
        expect(never.statusCode).toBe(200);
        expect(never.body).toBe(firstAnswer);
      });

      it('can subscribe again afterwards, with a new welcome', async () => {
        expect((await subscribe(email, lang)).statusCode).toBe(201);
        expect(await welcomes(email)).toHaveLength(1);
      });

      it('answers the generic error, translated, when the database fails, and keeps the subscription', async () => {
        const failing = jest.spyOn(db, 'transaction').mockRejectedValueOnce(new Error('disk full'));
        const spyErr = jest.spyOn(console, 'error').mockImplementation(() => undefined);
        const res = await confirm(local(link));
        failing.mockRestore();
        spyErr.mockRestore();
        expect(res.statusCode).toBe(503);
        expect(res.body).toContain(`<p role="status">${m.error}</p>`);
        expect(await subscribed(email)).toBe(true);
      });
    });

    it('sends the welcome with List-Unsubscribe and List-Unsubscribe-Post headers', async () => {
      expect((await subscribe('headers@example.org', 'ar')).statusCode).toBe(201);
      await outbox!.runOnce();
      const mail = smtp.received.find((m) => m.to.includes('headers@example.org'));
      const link = `${SITE}/api/forms/newsletter/unsubscribe?lang=ar&email=headers%40example.org&token=${hmac(SECRET, 'headers@example.org')}`;
      expect(mail!.headers['list-unsubscribe']).toBe(`<${link}>`);
      expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mail!.headers['content-language']).toBe('ar');
      expect(mail!.text).toContain(`${expected.ar.sentence}\n${link}\n`);
      expect(mail!.html).toContain(`<a href="${escapeHtml(link)}">${expected.ar.linkText}</a>`);
    });

    it('drops every newsletter email to the address, sent or not, and keeps its other emails', async () => {
      await db.query("INSERT INTO email_outbox (kind, to_address, lang, subject, text, html) VALUES ('event-registration', 'headers@example.org', 'en', 's', 't', 'h')");
      expect((await welcomes('headers@example.org'))[0]!.sent_at).not.toBeNull();
      const res = await confirm(linkFor('ar', 'HEADERS@example.org', hmac(SECRET, 'headers@example.org')));
      expect(res.statusCode).toBe(200);
      expect(await subscribed('headers@example.org')).toBe(false);
      expect(await welcomes('headers@example.org')).toEqual([]);
      expect(await db.query("SELECT kind FROM email_outbox WHERE to_address = 'headers@example.org'")).toEqual([{ kind: 'event-registration' }]);
    });

    it('unsubscribes with a mail app’s one-click post (RFC 8058), without an Origin header', async () => {
      expect((await subscribe('one-click@example.org', 'en')).statusCode).toBe(201);
      const [row] = await welcomes('one-click@example.org');
      const url = local(row!.headers['List-Unsubscribe']!.slice(1, -1));
      const res = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<p role="status">${expected.en.done}</p>`);
      expect(await subscribed('one-click@example.org')).toBe(false);
      expect(await welcomes('one-click@example.org')).toEqual([]);
    });

    it('keeps the IDKT quarterly list apart: its own subscription, welcome, message and unsubscribe link', async () => {
      const email = 'both-lists@example.org';
      const join = (list: string | undefined, lang = 'en') =>
        app.inject({ method: 'POST', url: `/api/forms/newsletter?lang=${lang}`, headers: { 'content-type': 'application/json', origin: SITE }, payload: JSON.stringify({ email, ...(list ? { list } : {}) }) });
      expect((await join(undefined)).statusCode).toBe(201);
      const idkt = await join('idkt-quarterly');
      expect([idkt.statusCode, idkt.json().message]).toEqual([201, 'Thanks for subscribing.']);
      const again = await join('idkt-quarterly', 'ar');
      expect([again.statusCode, again.json().message]).toEqual([409, 'أنت مشترك بالفعل في النشرة الفصلية لتنمية الصناعة ونقل المعرفة.']);
      expect((await join(undefined)).json().message).toBe('You have already subscribed to our monthly newsletter.');
      const bad = await join('weekly');
      expect(bad.statusCode).toBe(400);
      expect((await db.query<{ list: string }>('SELECT list FROM newsletter_subscriptions WHERE email_normalized = $1 ORDER BY list', [email])).map((r) => r.list)).toEqual(['general', 'idkt-quarterly']);
      // Its welcome says which newsletter, and its link names the list and is signed for it.
      const [mail] = await db.query<OutboxRow & { subject: string }>("SELECT subject, text, headers FROM email_outbox WHERE kind = 'newsletter-welcome' AND to_address = $1 AND subject LIKE '%IDKT%'", [email]);
      expect(mail!.subject).toBe('Welcome to the IDKT quarterly newsletter');
      const link = linkIn(mail!.text);
      expect(new URL(link).searchParams.get('list')).toBe('idkt-quarterly');
      const page = await app.inject({ method: 'GET', url: local(link) });
      expect(page.body).toContain('Do you want to stop receiving the quarterly IDKT newsletter at this address?');
      // The monthly list's token does not unsubscribe from the quarterly list (nor the reverse).
      const forged = `/api/forms/newsletter/unsubscribe?${new URLSearchParams({ lang: 'en', email, list: 'idkt-quarterly', token: hmac(SECRET, email) })}`;
      expect((await confirm(forged)).statusCode).toBe(400);
      const res = await confirm(local(link));
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('You have been unsubscribed. You will not receive the IDKT newsletter any more.');
      expect((await db.query<{ list: string }>('SELECT list FROM newsletter_subscriptions WHERE email_normalized = $1', [email])).map((r) => r.list)).toEqual(['general']);
      // The monthly list's welcome is still there to be sent.
      expect((await welcomes(email)).length).toBeGreaterThan(0);
    });

    it('takes the one-click post as multipart/form-data from a mail provider’s origin too', async () => {
      expect((await subscribe('multipart@example.org', 'ar')).statusCode).toBe(201);
      const boundary = '---FormBoundaryjWmhtjORrn';
      const res = await app.inject({
        method: 'POST',
        url: linkFor('ar', 'multipart@example.org', hmac(SECRET, 'multipart@example.org')),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: 'https://mail.example.net' },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<p role="status">${expected.ar.done}</p>`);
      expect(await subscribed('multipart@example.org')).toBe(false);
    });
  });
}

describe('the unsubscribe endpoint under the guard, with a generated secret', () => {
  let app: FastifyInstance;
  let db: Db;
  let data: string;
  const env = { SHELL_ORIGINS: 'http://127.0.0.1:3000' };
  const start = () => buildFormsServer({ dir, dataDir: data, env, content, rateLimit: 2 });

  beforeAll(async () => {
    data = mkdtempSync(path.join(os.tmpdir(), 'qf-unsubscribe-'));
    ({ app, db } = await start());
  });
  afterAll(async () => {
    await app.close();
    rmSync(data, { recursive: true, force: true });
  });

  const from = (client: string, origin?: string) => ({ 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': client, ...(origin ? { origin } : {}) });

  it('keeps the secret in the data folder (mode 0600) and signs with it across restarts', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/forms/newsletter?lang=en', headers: from('203.0.113.1'), payload: 'email=kept%40example.org' });
    expect(res.statusCode).toBe(201);
    const file = path.join(data, 'forms-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const secret = readFileSync(file, 'utf8').trim();
    expect(secret.length).toBeGreaterThanOrEqual(43);
    const [row] = await db.query<OutboxRow>("SELECT text, headers FROM email_outbox WHERE to_address = 'kept@example.org'");
    const link = `http://127.0.0.1:3000/api/forms/newsletter/unsubscribe?lang=en&email=kept%40example.org&token=${hmac(secret, 'kept@example.org')}`;
    expect(row!.text).toContain(`\n${link}\n`);
    // Over http a mail app may show the link, but RFC 8058's one-click is for https links only.
    expect(row!.headers).toEqual({ 'List-Unsubscribe': `<${link}>` });
    await app.close();
    ({ app, db } = await start());
    expect(readFileSync(file, 'utf8').trim()).toBe(secret);
    const page = await app.inject({ method: 'GET', url: local(link) });
    expect(page.statusCode).toBe(200);
  });

  it('exempts the unsubscribe path, and only it, from the Origin check', async () => {
    const link = linkFor('ar', 'kept@example.org', hmac(readFileSync(path.join(data, 'forms-secret'), 'utf8').trim(), 'kept@example.org'));
    const foreign = await app.inject({ method: 'POST', url: link, headers: from('198.51.100.7', 'https://mail.example.net'), payload: 'List-Unsubscribe=One-Click' });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.body).toContain(`<p role="status">${expected.ar.done}</p>`);
    expect(await db.query("SELECT 1 FROM newsletter_subscriptions WHERE email_normalized = 'kept@example.org'")).toEqual([]);
    const subscribe = await app.inject({ method: 'POST', url: '/api/forms/newsletter?lang=ar', headers: from('198.51.100.8', 'https://mail.example.net'), payload: 'email=x%40example.org' });
    expect(subscribe.statusCode).toBe(403);
    expect(subscribe.body).toContain('<p role="status">لا يمكن إرسال هذا النموذج إلا من موقع المؤسسة.</p>');
  });

  it('keeps the rate limit on it, answered with a translated page', async () => {
    const link = linkFor('ar', 'gone@example.org', 'not-a-token');
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await app.inject({ method: 'POST', url: link, headers: from('198.51.100.9'), payload: 'List-Unsubscribe=One-Click' })).statusCode);
    expect(codes).toEqual([400, 400, 429]);
    const limited = await app.inject({ method: 'POST', url: link, headers: from('198.51.100.9'), payload: 'List-Unsubscribe=One-Click' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toContain('<p role="status">تم إرسال عدد كبير جداً من الطلبات من اتصالك. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.</p>');
    // Reading the page is not limited: mail scanners may fetch it as often as they like.
    for (let i = 0; i < 4; i++) expect((await app.inject({ method: 'GET', url: link })).statusCode).toBe(400);
  });
});

describe('unsubscribe settings', () => {
  it('offers one-click unsubscription for https links only', () => {
    expect(listUnsubscribeHeaders('https://www.qf.org.qa/u?x=1')).toEqual({ 'List-Unsubscribe': '<https://www.qf.org.qa/u?x=1>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(listUnsubscribeHeaders('http://127.0.0.1:3000/u')).toEqual({ 'List-Unsubscribe': '<http://127.0.0.1:3000/u>' });
  });

  it('builds links on SITE_URL, else the first shell origin, and refuses anything else', () => {
    expect(siteOrigin({ SITE_URL: 'https://www.qf.org.qa/', SHELL_ORIGINS: 'http://a.example' })).toBe('https://www.qf.org.qa');
    expect(siteOrigin({ SHELL_ORIGINS: 'https://www.qf.org.qa, https://qf.org.qa' })).toBe('https://www.qf.org.qa');
    expect(siteOrigin({})).toBe('http://127.0.0.1:3000');
    expect(() => siteOrigin({ SITE_URL: 'ftp://qf.org.qa' })).toThrow('SITE_URL must be an http(s) URL such as https://www.qf.org.qa (got "ftp://qf.org.qa")');
    expect(() => siteOrigin({ SHELL_ORIGINS: 'nonsense' })).toThrow('SHELL_ORIGINS must be an http(s) URL');
  });

  it('refuses a FORMS_SECRET too short to sign with', () => {
    expect(() => loadFormsEnv({ FORMS_SECRET: 'short' })).toThrow('FORMS_SECRET: must be at least 32 characters long');
    expect(loadFormsSecret({ env: loadFormsEnv({ FORMS_SECRET: ` ${'k'.repeat(32)} ` }), dataDir: os.tmpdir() }).toString()).toBe('k'.repeat(32));
  });

  it('signs the normalised address, so the case of the link does not matter, and checks tokens of any length', () => {
    const links = newsletterLinks(Buffer.from(SECRET), SITE);
    const token = new URL(links.unsubscribeUrl('en', ' Someone@Example.org')).searchParams.get('token')!;
    expect(token).toBe(hmac(SECRET, 'someone@example.org'));
    expect(links.verify('SOMEONE@example.org', token)).toBe(true);
    expect(links.verify('someone@example.org', `${token}x`)).toBe(false);
    expect(links.verify('someone@example.org', '')).toBe(false);
  });
});
