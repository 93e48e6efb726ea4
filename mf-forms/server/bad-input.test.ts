import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createFileStore } from '@qf/shared/content';
import { buildFormsServer } from './app';
import type { Db } from './db';
import { testBackends, type TestDatabase } from './test-databases';

jest.setTimeout(90_000);

const NOW = new Date('2026-11-22T09:00:00Z');
const NEWSLETTER = '/api/forms/newsletter';
const REGISTRATION = '/api/forms/events/b-open/registrations';

const valid = { name: 'Layla Hassan', email: 'layla@example.org', title: 'Teacher', company: 'Qatar Academy', nationality: 'Qatari', countryOfResidence: 'Qatar', heardFrom: 'website', attendance: 'in-person', vaccinated: true };
const long = 'x'.repeat(10_000);
const json = (value: unknown) => JSON.stringify(value);

const invalidEmail = { en: { outcome: 'invalid-email', message: 'Invalid email adress.' }, ar: { outcome: 'invalid-email', message: 'عنوان البريد الإلكتروني غير صالح.' } };
const unsupported = {
  en: { outcome: 'unsupported-media-type', message: 'This form could not be read: it must be sent as a web form or as JSON.' },
  ar: { outcome: 'unsupported-media-type', message: 'تعذّرت قراءة هذا النموذج: يجب إرساله كنموذج ويب أو بصيغة JSON.' },
};
const tooLarge = {
  en: { outcome: 'too-large', message: 'Your submission is too large to send. Please shorten it and try again.' },
  ar: { outcome: 'too-large', message: 'حجم ما أرسلته كبير جداً. يُرجى اختصاره والمحاولة مرة أخرى.' },
};
const invalid = (errors: Record<string, string>, message = 'Please correct the fields marked below.') => ({ outcome: 'invalid', message, errors });
const everyField = {
  name: 'Please enter a valid name',
  email: 'Please enter a valid email address',
  title: 'Please enter a valid title',
  company: 'Please enter a company name',
  nationality: 'This field is required',
  countryOfResidence: 'This field is required',
  heardFrom: 'Select an option',
  attendance: 'Select an option',
  vaccinated: 'This field is required.',
};

interface Case {
  label: string;
  url: string;
  lang?: 'en' | 'ar';
  /** Omitted: no Content-Type header at all. */
  type?: string;
  payload: string;
  status: number;
  body: unknown;
}

/** The bad-input table (issue: malformed JSON, wrong content type, missing fields, 10,000 characters, markup, SQL, too large). */
const cases: Case[] = [
  { label: 'newsletter: malformed JSON', url: NEWSLETTER, type: 'application/json', payload: '{"email": "a@example.org"', status: 400, body: invalidEmail.en },
  { label: 'newsletter: text/plain', url: NEWSLETTER, type: 'text/plain', payload: 'a@example.org', status: 415, body: unsupported.en },
  { label: 'newsletter: XML, in Arabic', url: NEWSLETTER, lang: 'ar', type: 'application/xml', payload: '<email>a@example.org</email>', status: 415, body: unsupported.ar },
  { label: 'newsletter: no content type', url: NEWSLETTER, payload: 'email=a@example.org', status: 415, body: unsupported.en },
  { label: 'newsletter: missing email', url: NEWSLETTER, type: 'application/json', payload: json({ name: 'Layla' }), status: 400, body: invalidEmail.en },
  { label: 'newsletter: null', url: NEWSLETTER, type: 'application/json', payload: 'null', status: 400, body: invalidEmail.en },
  { label: 'newsletter: 10,000-character email', url: NEWSLETTER, type: 'application/json', payload: json({ email: `${long}@example.org` }), status: 400, body: invalidEmail.en },
  { label: 'newsletter: 10,000-character email, in Arabic', url: NEWSLETTER, lang: 'ar', type: 'application/json', payload: json({ email: `a@${long}.org` }), status: 400, body: invalidEmail.ar },
  { label: 'newsletter: script tags', url: NEWSLETTER, type: 'application/json', payload: json({ email: '<script>alert(1)</script>@example.org' }), status: 400, body: invalidEmail.en },
  { label: 'newsletter: SQL fragment', url: NEWSLETTER, type: 'application/json', payload: json({ email: "x@example.org' OR '1'='1" }), status: 400, body: invalidEmail.en },
  { label: 'newsletter: SQL statement', url: NEWSLETTER, type: 'application/json', payload: json({ email: "'; DROP TABLE newsletter_subscriptions; --" }), status: 400, body: invalidEmail.en },
  { label: 'newsletter: JSON over 64 KB', url: NEWSLETTER, type: 'application/json', payload: json({ email: 'a@example.org', pad: 'x'.repeat(70_000) }), status: 413, body: tooLarge.en },
  { label: 'registration: malformed JSON', url: REGISTRATION, type: 'application/json', payload: '{"name": "Layla", ', status: 400, body: invalid(everyField) },
  { label: 'registration: text/plain', url: REGISTRATION, type: 'text/plain', payload: json(valid), status: 415, body: unsupported.en },
  { label: 'registration: CSV, in Arabic', url: REGISTRATION, lang: 'ar', type: 'text/csv', payload: 'name,email', status: 415, body: unsupported.ar },
  {
    label: 'registration: missing fields',
    url: REGISTRATION,
    type: 'application/json',
    payload: json({ name: valid.name, email: valid.email }),
    status: 400,
    body: invalid({ title: everyField.title, company: everyField.company, nationality: everyField.nationality, countryOfResidence: everyField.countryOfResidence, heardFrom: 'Select an option', attendance: 'Select an option', vaccinated: everyField.vaccinated }),
  },
  {
    label: 'registration: 10,000-character fields',
    url: REGISTRATION,
    type: 'application/json',
    payload: json({ ...valid, name: long, title: long, company: long, nationality: long }),
    status: 400,
    body: invalid({ name: everyField.name, title: everyField.title, company: everyField.company, nationality: everyField.nationality }),
  },
  {
    label: 'registration: 10,000-character fields, in Arabic',
    url: REGISTRATION,
    lang: 'ar',
    type: 'application/json',
    payload: json({ ...valid, name: 'ل'.repeat(10_000) }),
    status: 400,
    body: invalid({ name: 'يُرجى إدخال اسم صحيح' }, 'يُرجى تصحيح الحقول المشار إليها أدناه.'),
  },
  {
    label: 'registration: script tags',
    url: REGISTRATION,
    type: 'application/json',
    payload: json({ ...valid, name: '<script>alert(1)</script>', title: '<img src=x onerror=alert(1)>', company: 'Acme</td><script>', email: '<script>@example.org' }),
    status: 400,
    body: invalid({ name: everyField.name, title: everyField.title, company: everyField.company, email: everyField.email }),
  },
  {
    label: 'registration: SQL fragments in checked fields',
    url: REGISTRATION,
    type: 'application/json',
    payload: json({ ...valid, email: "x@example.org'--", attendance: "online'; DROP TABLE event_seats; --", heardFrom: "website' OR '1'='1" }),
    status: 400,
    body: invalid({ email: everyField.email, attendance: 'Select an option', heardFrom: 'Select an option' }),
  },
  {
    label: 'registration: SQL fragment as the event id',
    url: `/api/forms/events/${encodeURIComponent("b-open' OR '1'='1")}/registrations`,
    type: 'application/json',
    payload: json(valid),
    status: 404,
    body: { outcome: 'not-found', message: 'This event does not exist.' },
  },
  { label: 'registration: wrong types', url: REGISTRATION, type: 'application/json', payload: json({ ...valid, name: 42, vaccinated: 'yes', attendance: ['online'] }), status: 400, body: invalid({ name: everyField.name, vaccinated: everyField.vaccinated, attendance: 'Select an option' }) },
  { label: 'registration: JSON over 64 KB, in Arabic', url: REGISTRATION, lang: 'ar', type: 'application/json', payload: json({ ...valid, pad: 'x'.repeat(70_000) }), status: 413, body: tooLarge.ar },
];

for (const backend of testBackends()) {
  (backend.enabled ? describe : describe.skip)(`bad input to the JSON endpoints (${backend.label})`, () => {
    let app: FastifyInstance;
    let db: Db;
    let store: TestDatabase;
    let work: string;

    beforeAll(async () => {
      work = mkdtempSync(path.join(os.tmpdir(), 'qf-bad-input-'));
      const contentDir = path.join(work, 'content');
      cpSync(path.resolve(__dirname, '../../content/entries'), path.join(contentDir, 'entries'), { recursive: true });
      const loc = (en: string, ar: string) => ({ 'en-US': en, 'ar-QA': ar });
      writeFileSync(
        path.join(contentDir, 'entries', 'zz-test-events.json'),
        JSON.stringify([
          {
            sys: { id: 'b-open', contentType: 'event' },
            fields: {
              title: loc('Open lecture', 'محاضرة مفتوحة'),
              slug: { 'en-US': 'b-open' },
              startDate: { 'en-US': '2027-01-10T18:00:00+03:00' },
              endDate: { 'en-US': '2027-01-10T20:00:00+03:00' },
              attendance: { 'en-US': 'hybrid' },
              location: loc('Education City', 'المدينة التعليمية'),
              organizer: loc('Qatar Foundation', 'مؤسسة قطر'),
              summary: loc('A test event.', 'فعالية تجريبية.'),
              body: { 'en-US': ['Body.'], 'ar-QA': ['نص.'] },
              registrationOpen: { 'en-US': true },
              capacityInPerson: { 'en-US': 10 },
            },
          },
        ]),
      );
      store = await backend.create();
      ({ app, db } = await buildFormsServer({ dir: path.resolve(__dirname, '..'), dataDir: store.dataDir, databaseUrl: store.databaseUrl, env: {}, content: createFileStore(contentDir), now: () => NOW, rateLimit: 1_000_000 }));
    });

    afterAll(async () => {
      await app.close();
      await store.drop();
      rmSync(work, { recursive: true, force: true });
    });

    /** Everything a submission could leave behind. */
    const stored = async () => {
      const one = async (sql: string) => Number((await db.query<{ n: string }>(sql))[0]?.n);
      return {
        subscriptions: await one('SELECT count(*) AS n FROM newsletter_subscriptions'),
        registrations: await one('SELECT count(*) AS n FROM event_registrations'),
        seats: await one('SELECT coalesce(sum(taken), 0) AS n FROM event_seats'),
        emails: await one('SELECT count(*) AS n FROM email_outbox'),
        idempotencyKeys: await one('SELECT count(*) AS n FROM idempotency_keys'),
      };
    };

    it.each(cases)('$label → $status, with its message, storing nothing', async ({ url, lang = 'en', type, payload, status, body }) => {
      const before = await stored();
      const res = await app.inject({ method: 'POST', url: `${url}?lang=${lang}`, headers: { ...(type ? { 'content-type': type } : {}), 'idempotency-key': `bad-input-${status}-${payload.length}` }, payload });
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual(body);
      expect(await stored()).toEqual(before);
    });

    it('answers a plain form post that is too large with a page in the visitor’s language', async () => {
      const res = await app.inject({ method: 'POST', url: `${NEWSLETTER}?lang=ar`, headers: { 'content-type': 'application/x-www-form-urlencoded', referer: 'http://127.0.0.1:3000/ar/idkt/newsletter' }, payload: `email=a%40example.org&pad=${'x'.repeat(70_000)}` });
      expect(res.statusCode).toBe(413);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<html lang="ar" dir="rtl">');
      expect(res.body).toContain(`<p role="status">${tooLarge.ar.message}</p>`);
      expect(res.body).toContain('href="/ar/idkt/newsletter"');
    });

    it('stores a name that merely looks like SQL as the text it is', async () => {
      const name = "Robert'); DROP TABLE event_registrations; --";
      const res = await app.inject({ method: 'POST', url: REGISTRATION, headers: { 'content-type': 'application/json' }, payload: json({ ...valid, name, email: 'bobby@example.org', attendance: 'online' }) });
      expect(res.statusCode).toBe(201);
      expect(await db.query('SELECT name FROM event_registrations WHERE email_normalized = $1', ['bobby@example.org'])).toEqual([{ name }]);
    });

    describe('a 50 MB body over a real connection', () => {
      let port: number;
      const sockets = new Map<string, Socket>();

      beforeAll(async () => {
        await app.listen({ port: 0, host: '127.0.0.1' });
        app.server.on('request', (request: http.IncomingMessage) => {
          const tag = request.headers['x-test-tag'];
          if (typeof tag === 'string') sockets.set(tag, request.socket);
        });
        port = (app.server.address() as AddressInfo).port;
      });

      /** Stream 50 MB (declared up front, or chunked with no length) and stop at the answer. */
      const send50MB = (url: string, tag: string, declared: boolean) =>
        new Promise<{ status: number; body: string; written: number }>((resolve, reject) => {
          const total = 50 * 1024 * 1024;
          const chunk = Buffer.alloc(1024 * 1024, 0x61);
          let written = 0;
          let answered = false;
          const req = http.request({
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: url,
            headers: { 'content-type': 'application/json', 'x-test-tag': tag, ...(declared ? { 'content-length': String(total) } : {}) },
          });
          req.on('response', (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (d: string) => (body += d));
            res.on('end', () => {
              answered = true;
              resolve({ status: res.statusCode ?? 0, body, written });
            });
          });
          // Once the server has answered and closed, further writes fail: that is the cut-off.
          req.on('error', (error) => (answered ? undefined : reject(error)));
          const pump = () => {
            while (!answered && written < total) {
              written += chunk.length;
              if (!req.write(chunk)) return void req.once('drain', pump);
            }
            if (written >= total) req.end();
          };
          pump();
        });

      it.each([
        ['newsletter', true, NEWSLETTER],
        ['newsletter', false, NEWSLETTER],
        ['registration', true, REGISTRATION],
        ['registration', false, REGISTRATION],
      ] as const)('cuts a 50 MB %s body off at the limit (Content-Length declared: %s), without reading it', async (_form, declared, url) => {
        const before = await stored();
        const tag = `${url}-${declared}`;
        const res = await send50MB(`${url}?lang=ar`, tag, declared);
        expect(res.status).toBe(413);
        expect(JSON.parse(res.body)).toEqual(tooLarge.ar);
        // The server read what the client had in flight when the answer came (it drops it rather than
        // reset the connection under a client still writing, see lingerThenClose), not the 50 MB offered.
        await new Promise((r) => setTimeout(r, 300));
        expect(sockets.get(tag)?.bytesRead).toBeLessThan(8 * 1024 * 1024);
        expect(await stored()).toEqual(before);
      });
    });
  });
}
