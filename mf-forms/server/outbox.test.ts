import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createFileStore } from '@qf/shared/content';
import { buildFormsServer } from './app';
import type { Db } from './db';
import { loadFormsEnv } from './config';
import { enqueueEmail, outboxFromEnv, retryDelay, smtpUrlProblem, startOutboxWorker, type OutboxWorker } from './outbox';
import { welcomeEmail } from './emails';
import { testBackends, type TestDatabase } from './test-databases';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp';

jest.setTimeout(60_000);

const NOW = new Date('2026-11-22T09:00:00Z');

/** A logger that keeps what the outbox says (the server's is pino: the same methods). */
const recordingLog = () => {
  const lines: { level: string; fields: Record<string, unknown>; msg: string }[] = [];
  const at = (level: string) => (fields: Record<string, unknown> | string, msg?: string) => void lines.push(typeof fields === 'string' ? { level, fields: {}, msg: fields } : { level, fields, msg: msg ?? '' });
  return { lines, error: at('error'), warn: at('warn'), info: at('info') };
};

const event = (id: string, fields: Record<string, unknown>) => ({
  sys: { id, contentType: 'event' },
  fields: {
    title: { 'en-US': `Lecture ${id}`, 'ar-QA': `محاضرة ${id}` },
    slug: { 'en-US': id },
    startDate: { 'en-US': '2027-01-10T18:00:00+03:00' },
    endDate: { 'en-US': '2027-01-10T20:00:00+03:00' },
    location: { 'en-US': 'Education City', 'ar-QA': 'المدينة التعليمية' },
    organizer: { 'en-US': 'Qatar Foundation', 'ar-QA': 'مؤسسة قطر' },
    summary: { 'en-US': 'A test event.', 'ar-QA': 'فعالية تجريبية.' },
    body: { 'en-US': ['Body.'], 'ar-QA': ['نص.'] },
    registrationOpen: { 'en-US': true },
    ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, { 'en-US': v }])),
  },
});

/** Poll until `check` holds (the worker runs on its own timer). */
async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const person = (email: string, attendance: 'online' | 'in-person') => ({ name: 'Layla Hassan', email, title: 'Teacher', company: 'Qatar Academy', nationality: 'Qatari', countryOfResidence: 'Qatar', heardFrom: 'website', attendance, vaccinated: true });

interface OutboxRow {
  kind: string;
  to_address: string;
  attempts: number;
  sent_at: Date | null;
  next_attempt_at: Date | null;
  last_error: string | null;
}

for (const backend of testBackends()) {
  (backend.enabled ? describe : describe.skip)(`the email outbox (${backend.label})`, () => {
    let app: FastifyInstance;
    let db: Db;
    let smtp: TestSmtpServer;
    let store: TestDatabase;
    let work: string;

    const log = recordingLog();

    beforeAll(async () => {
      work = mkdtempSync(path.join(os.tmpdir(), 'qf-outbox-'));
      const contentDir = path.join(work, 'content');
      cpSync(path.resolve(__dirname, '../../content/entries'), path.join(contentDir, 'entries'), { recursive: true });
      writeFileSync(
        path.join(contentDir, 'entries', 'zz-test-events.json'),
        JSON.stringify([
          event('o-webinar', { attendance: 'online', capacityInPerson: 0, webinarLink: 'https://example.org/webinars/o-webinar' }),
          event('o-hall', { attendance: 'in-person', capacityInPerson: 1 }),
        ]),
      );
      smtp = await startTestSmtpServer();
      store = await backend.create();
      ({ app, db } = await buildFormsServer({
        dir: path.resolve(__dirname, '..'),
        dataDir: store.dataDir,
        databaseUrl: store.databaseUrl,
        env: { SMTP_URL: smtp.url, MAIL_FROM: 'Foundation Forms <forms@example.org>' },
        content: createFileStore(contentDir),
        now: () => NOW,
        rateLimit: 1_000_000,
        outbox: { pollMs: 100, retryBaseMs: 300, retryMaxMs: 1_000, log: log as never },
      }));
    });

    afterAll(async () => {
      await app.close();
      await smtp.stop();
      await store.drop();
      rmSync(work, { recursive: true, force: true });
    });

    const subscribe = (email: string, lang = 'en') =>
      app.inject({ method: 'POST', url: `/api/forms/newsletter?lang=${lang}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email }) });
    const register = (eventId: string, body: unknown, lang = 'en') =>
      app.inject({ method: 'POST', url: `/api/forms/events/${eventId}/registrations?lang=${lang}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
    const rowsFor = (address: string) => db.query<OutboxRow>('SELECT kind, to_address, attempts, sent_at, next_attempt_at, last_error FROM email_outbox WHERE to_address = $1 ORDER BY id', [address]);

    it('sends the newsletter welcome in English', async () => {
      expect((await subscribe('welcome-en@example.org')).statusCode).toBe(201);
      await until(() => mailsTo('welcome-en@example.org').length > 0, 'the welcome email');
      const [mail] = mailsTo('welcome-en@example.org');
      expect(mail!.from).toBe('forms@example.org');
      expect(mail!.headers.from).toBe('Foundation Forms <forms@example.org>');
      expect(mail!.subject).toBe('Welcome to the Qatar Foundation newsletter');
      expect(mail!.text).toMatch(
        /^Thanks for subscribing\.\n\nOnce a month we will send you stories, events and opportunities from across Qatar Foundation\.\n\nIf you did not subscribe, or no longer wish to receive our newsletter, you can unsubscribe at any time:\nhttp:\/\/127\.0\.0\.1:3000\/api\/forms\/newsletter\/unsubscribe\?lang=en&email=welcome-en%40example\.org&token=[\w-]{43}\n\nQatar Foundation\n$/,
      );
      expect(mail!.html).toContain('<html lang="en" dir="ltr">');
      expect(mail!.html).toContain('<p>Thanks for subscribing.</p>');
      await until(async () => (await rowsFor('welcome-en@example.org'))[0]?.sent_at != null, 'sent_at');
      const [row] = await rowsFor('welcome-en@example.org');
      expect(row).toMatchObject({ kind: 'newsletter-welcome', attempts: 1, last_error: null, next_attempt_at: null });
    });

    it('sends the welcome in Arabic, right to left', async () => {
      expect((await subscribe('welcome-ar@example.org', 'ar')).statusCode).toBe(201);
      await until(() => mailsTo('welcome-ar@example.org').length > 0, 'the Arabic welcome email');
      const [mail] = mailsTo('welcome-ar@example.org');
      expect(mail!.subject).toBe('مرحباً بك في النشرة الإخبارية لمؤسسة قطر');
      expect(mail!.headers['content-language']).toBe('ar');
      expect(mail!.text).toContain('شكراً لاشتراكك.\n\nسنرسل إليك مرة كل شهر قصصاً وفعاليات وفرصاً من مختلف أنحاء مؤسسة قطر.');
      expect(mail!.html).toContain('<html lang="ar" dir="rtl">');
      expect(mail!.html).toContain('<body dir="rtl"');
    });

    it('sends no second welcome to an address already subscribed', async () => {
      expect((await subscribe('WELCOME-EN@example.org')).statusCode).toBe(409);
      expect(await rowsFor('WELCOME-EN@example.org')).toEqual([]);
      expect(await rowsFor('welcome-en@example.org')).toHaveLength(1);
    });

    it('confirms an online registration with the viewing details and the webinar link', async () => {
      expect((await register('o-webinar', person('viewer@example.org', 'online'))).statusCode).toBe(201);
      await until(() => mailsTo('viewer@example.org').length > 0, 'the registration email');
      const [mail] = mailsTo('viewer@example.org');
      expect(mail!.subject).toBe('Your registration: Lecture o-webinar');
      expect(mail!.text).toBe(
        [
          'Dear Layla Hassan,',
          '',
          'Thank you for registering. Here are the viewing details.',
          '',
          'Event: Lecture o-webinar',
          'Date: Sunday, 10 January 2027',
          'Time: 18:00 – 20:00 (Doha time)',
          'Attendance: Online',
          'Webinar link: https://example.org/webinars/o-webinar',
          '',
          'Qatar Foundation',
          '',
        ].join('\n'),
      );
      expect(mail!.html).toContain('<a href="https://example.org/webinars/o-webinar">https://example.org/webinars/o-webinar</a>');
    });

    it('confirms an in-person registration in Arabic with where to go', async () => {
      expect((await register('o-hall', { ...person('hall@example.org', 'in-person'), name: 'ليلى <حسن>' }, 'ar')).statusCode).toBe(400);
      expect((await register('o-hall', { ...person('hall@example.org', 'in-person'), name: 'ليلى حسن' }, 'ar')).statusCode).toBe(201);
      await until(() => mailsTo('hall@example.org').length > 0, 'the Arabic registration email');
      const [mail] = mailsTo('hall@example.org');
      expect(mail!.subject).toBe('تسجيلك: محاضرة o-hall');
      expect(mail!.text).toContain('مرحباً ليلى حسن،');
      expect(mail!.text).toContain('شكراً لتسجيلك. إليك تفاصيل المشاهدة.');
      expect(mail!.text).toContain('الفعالية: محاضرة o-hall');
      expect(mail!.text).toContain('التاريخ: الأحد، ١٠ يناير ٢٠٢٧');
      expect(mail!.text).toContain('الوقت: ٦:٠٠ م – ٨:٠٠ م (بتوقيت الدوحة)');
      expect(mail!.text).toContain('طريقة الحضور: حضورياً');
      expect(mail!.text).toContain('المكان: المدينة التعليمية');
      expect(mail!.text).not.toContain('رابط الندوة');
      expect(mail!.html).toContain('<html lang="ar" dir="rtl">');
    });

    it('queues nothing for a registration that is refused', async () => {
      const full = await register('o-hall', person('too-late@example.org', 'in-person'));
      expect(full.json().outcome).toBe('full');
      expect(await rowsFor('too-late@example.org')).toEqual([]);
    });

    it('stores neither the submission nor its email when the email cannot be queued (one transaction)', async () => {
      // Make the outbox insert fail for one address, after the submission's own insert has run.
      await db.query("ALTER TABLE email_outbox ADD CONSTRAINT test_refuse CHECK (to_address <> 'blocked@example.org')");
      const spyErr = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        const sub = await subscribe('blocked@example.org', 'ar');
        expect(sub.statusCode).toBe(503);
        expect(sub.json()).toEqual({ outcome: 'error', message: 'حدث خطأ. يُرجى المحاولة مرة أخرى' });
        const reg = await register('o-webinar', person('blocked@example.org', 'online'));
        expect(reg.statusCode).toBe(503);
        expect(reg.json().outcome).toBe('error');
      } finally {
        spyErr.mockRestore();
        await db.query('ALTER TABLE email_outbox DROP CONSTRAINT test_refuse');
      }
      expect(await db.query("SELECT 1 FROM newsletter_subscriptions WHERE email_normalized = 'blocked@example.org'")).toEqual([]);
      expect(await db.query("SELECT 1 FROM event_registrations WHERE email_normalized = 'blocked@example.org'")).toEqual([]);
      expect(await rowsFor('blocked@example.org')).toEqual([]);
      // Nothing partial was left behind: the same visitor can now subscribe and register.
      expect((await subscribe('blocked@example.org')).statusCode).toBe(201);
      expect((await register('o-webinar', person('blocked@example.org', 'online'))).statusCode).toBe(201);
    });

    it('keeps the email pending with its attempts and error while SMTP is down, and delivers it once it is back', async () => {
      await smtp.stop();
      expect((await subscribe('patient@example.org')).statusCode).toBe(201);
      await until(async () => ((await rowsFor('patient@example.org'))[0]?.attempts ?? 0) >= 2, 'two failed attempts');
      const [pending] = await rowsFor('patient@example.org');
      expect(pending!.sent_at).toBeNull();
      expect(pending!.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(pending!.next_attempt_at).not.toBeNull();
      expect(mailsTo('patient@example.org')).toEqual([]);
      await smtp.start();
      await until(async () => (await rowsFor('patient@example.org'))[0]?.sent_at != null, 'delivery after SMTP is back');
      expect(mailsTo('patient@example.org')).toHaveLength(1);
      expect((await rowsFor('patient@example.org'))[0]!.last_error).toBeNull();
    });

    it('gives up on a recipient the SMTP server refuses for good', async () => {
      expect((await subscribe('nobody@refused.example.org')).statusCode).toBe(201);
      await until(async () => (await rowsFor('nobody@refused.example.org'))[0]?.last_error != null, 'the refusal');
      const [row] = await rowsFor('nobody@refused.example.org');
      expect(row).toMatchObject({ attempts: 1, sent_at: null, next_attempt_at: null });
      expect(row!.last_error).toContain('550');
      // The log says which email and why, by its id and the SMTP code: never the address (SMTP servers quote it).
      const given = log.lines.find((l) => l.msg.includes('given up') && l.fields.smtp_code === 550);
      expect(given).toMatchObject({ level: 'warn', fields: { smtp_command: 'RCPT TO', smtp_code: 550, attempts: 1 } });
      expect(JSON.stringify(log.lines)).not.toMatch(/@/);
    });

    it('never sends one row twice when several workers share the outbox', async () => {
      const addresses = Array.from({ length: 30 }, (_, i) => `many-${i}@example.org`);
      await db.transaction(async (tx) => {
        for (const a of addresses) await enqueueEmail(tx, welcomeEmail('en', a, `https://www.example.org/unsubscribe?email=${a}`));
      });
      const workers: OutboxWorker[] = [1, 2].map(() => startOutboxWorker({ db, smtpUrl: smtp.url, pollMs: 20, batchSize: 3, log: recordingLog() as never }));
      try {
        await Promise.all(workers.map((w) => w.runOnce()));
        await until(async () => Number((await db.query<{ n: string }>("SELECT count(*) AS n FROM email_outbox WHERE to_address LIKE 'many-%' AND sent_at IS NULL"))[0]?.n) === 0, 'all 30 sent');
      } finally {
        await Promise.all(workers.map((w) => w.stop()));
      }
      for (const a of addresses) expect(mailsTo(a)).toHaveLength(1);
    });
  });
}

describe('outbox settings', () => {
  it('backs off exponentially, up to the cap', () => {
    expect([1, 2, 3, 4, 5, 40].map((n) => retryDelay(n, 1_000, 10_000))).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
  });

  it('refuses an SMTP_URL that is not one, with the reason', () => {
    expect(smtpUrlProblem('smtp://user:pass@mail.example.org:587')).toBeNull();
    expect(smtpUrlProblem('smtps://mail.example.org')).toBeNull();
    expect(smtpUrlProblem('http://mail.example.org')).toBe('SMTP_URL must start with smtp:// or smtps:// (got http://)');
    expect(smtpUrlProblem('mail.example.org:25')).toMatch(/^SMTP_URL/);
    for (const bad of ['nonsense', 'http://mail.example.org', 'smtp://'])
      expect(() => loadFormsEnv({ SMTP_URL: bad })).toThrow('SMTP_URL: must be an smtp:// or smtps:// URL with a host, such as smtp://user:pass@host:587');
    expect(loadFormsEnv({ SMTP_URL: ' smtps://mail.example.org ' }).SMTP_URL).toBe('smtps://mail.example.org');
  });

  it('runs no worker without SMTP_URL', () => {
    const log = recordingLog();
    expect(outboxFromEnv({} as Db, {}, { log: log as never })).toBeUndefined();
  });
});
