import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createFileStore } from '@qf/shared/content';
import { buildFormsServer } from './app';
import type { Db } from './db';
import { testBackends, type TestDatabase } from './test-databases';

jest.setTimeout(180_000);

const NOW = new Date('2026-11-22T09:00:00Z');

const event = (id: string, fields: Record<string, unknown>) => ({
  sys: { id, contentType: 'event' },
  fields: {
    title: { 'en-US': `Test event ${id}`, 'ar-QA': `فعالية تجريبية ${id}` },
    slug: { 'en-US': id },
    startDate: { 'en-US': '2027-01-10T18:00:00+03:00' },
    endDate: { 'en-US': '2027-01-10T20:00:00+03:00' },
    location: { 'en-US': 'Education City', 'ar-QA': 'المدينة التعليمية' },
    organizer: { 'en-US': 'Qatar Foundation', 'ar-QA': 'مؤسسة قطر' },
    summary: { 'en-US': 'A test event.', 'ar-QA': 'فعالية تجريبية.' },
    body: { 'en-US': ['Body.'], 'ar-QA': ['نص.'] },
    ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, { 'en-US': v }])),
  },
});

for (const backend of testBackends()) {
  // The concurrency test runs 20 times against PGlite, and once against PostgreSQL.
  const RUNS = backend.kind === 'pglite' ? 20 : 1;
  (backend.enabled ? describe : describe.skip)(`POST /api/forms/events/{eventId}/registrations (${backend.label})`, () => {
    let app: FastifyInstance;
    let db: Db;
    let work: string;
    let store: TestDatabase;

    beforeAll(async () => {
      work = mkdtempSync(path.join(os.tmpdir(), 'qf-registration-'));
      const contentDir = path.join(work, 'content');
      cpSync(path.resolve(__dirname, '../../content/entries'), path.join(contentDir, 'entries'), { recursive: true });
      const events = [
        event('t-hybrid', { attendance: 'hybrid', registrationOpen: true, capacityInPerson: 2 }),
        event('t-inperson', { attendance: 'in-person', registrationOpen: true, capacityInPerson: 1 }),
        event('t-closed', { attendance: 'online', registrationOpen: false, capacityInPerson: 0 }),
        event('t-ended', { attendance: 'online', registrationOpen: true, capacityInPerson: 0, endDate: '2026-01-01T00:00:00+03:00' }),
        ...Array.from({ length: RUNS }, (_, i) => event(`t-hall-${i}`, { attendance: 'in-person', registrationOpen: true, capacityInPerson: 100 })),
      ];
      writeFileSync(path.join(contentDir, 'entries', 'zz-test-events.json'), JSON.stringify(events));
      store = await backend.create();
      ({ app, db } = await buildFormsServer({ dir: path.resolve(__dirname, '..'), dataDir: store.dataDir, databaseUrl: store.databaseUrl, env: {}, content: createFileStore(contentDir), now: () => NOW, rateLimit: 1_000_000 }));
    });

    afterAll(async () => {
      await app.close();
      await store.drop();
      rmSync(work, { recursive: true, force: true });
    });

    const person = (email: string, attendance: 'online' | 'in-person' = 'in-person') => ({ name: 'Layla Hassan', email, title: 'Teacher', company: 'Qatar Academy', nationality: 'Qatari', countryOfResidence: 'Qatar', heardFrom: 'website', attendance, vaccinated: true });
    const register = (eventId: string, body: unknown, lang = 'en', headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: `/api/forms/events/${eventId}/registrations?lang=${lang}`, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
    const count = async (eventId: string) => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM event_registrations WHERE event_id = $1', [eventId]))[0]?.n);

    it('registers a visitor and promises the email', async () => {
      const res = await register('t-hybrid', person('one@example.org', 'online'));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ outcome: 'registered', message: 'Thank you for registering. An email with the viewing details will follow.' });
      expect(await count('t-hybrid')).toBe(1);
    });

    it('answers in Arabic, and refuses a second registration with the same email in any case', async () => {
      const res = await register('t-hybrid', person('ONE@example.org', 'online'), 'ar');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('لقد سجّلت بالفعل في هذه الفعالية بعنوان البريد الإلكتروني هذا.');
      expect(await count('t-hybrid')).toBe(1);
    });

    it('returns the first answer to a retried request and stores it once', async () => {
      const headers = { 'idempotency-key': 'retry-0123456789' };
      const first = await register('t-hybrid', person('retry@example.org', 'online'), 'en', headers);
      const again = await register('t-hybrid', person('retry@example.org', 'online'), 'en', headers);
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(await count('t-hybrid')).toBe(2);
    });

    it('puts the SPEC message next to each bad field and stores nothing', async () => {
      const res = await register('t-hybrid', { ...person('bad@example.org'), name: '', email: 'nope', vaccinated: false, heardFrom: 'pigeon' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ name: 'Please enter a valid name', email: 'Please enter a valid email address', vaccinated: 'This field is required.', heardFrom: 'Select an option' });
      expect(await count('t-hybrid')).toBe(2);
    });

    it.each([
      ['malformed JSON', '{not json'],
      ['an array', '[]'],
      ['a string', '"text"'],
      ['script tags, 24,000 characters', JSON.stringify({ name: '<script>alert(1)</script>'.repeat(1000) })],
      ['an SQL fragment', JSON.stringify({ name: "Robert'); DROP TABLE event_registrations;--" })],
    ])('answers 400, never 5xx, to %s', async (_label, payload) => {
      const res = await app.inject({ method: 'POST', url: '/api/forms/events/t-hybrid/registrations', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(400);
    });

    it('says Registration Closed when registration is closed or the event is over', async () => {
      for (const id of ['t-closed', 't-ended']) {
        const res = await register(id, person('late@example.org', 'online'));
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe('Registration Closed');
      }
    });

    it('takes a plain form post (sent before the script ran) and answers with a page in the visitor’s language', async () => {
      const form = (fields: Record<string, string>, lang: string) =>
        app.inject({ method: 'POST', url: `/api/forms/events/t-hybrid/registrations?lang=${lang}`, headers: { 'content-type': 'application/x-www-form-urlencoded', referer: 'https://www.qf.org.qa/ar/events/t-hybrid' }, payload: new URLSearchParams(fields).toString() });
      const fields = { website: '', name: 'ليلى حسن', email: 'plain-form@example.org', title: 'معلمة', company: 'أكاديمية قطر', nationality: 'قطرية', countryOfResidence: 'قطر', heardFrom: 'friend', attendance: 'online', vaccinated: 'on' };
      const before = await count('t-hybrid');
      const ok = await form(fields, 'ar');
      expect(ok.statusCode).toBe(201);
      expect(ok.headers['content-type']).toMatch(/^text\/html/);
      expect(ok.body).toContain('<html lang="ar" dir="rtl">');
      expect(ok.body).toContain('شكراً لتسجيلك. ستصلك رسالة بالبريد الإلكتروني تتضمن تفاصيل المشاهدة.');
      expect(ok.body).toContain('href="/ar/events/t-hybrid"');
      expect(await count('t-hybrid')).toBe(before + 1);

      const { vaccinated: _unchecked, ...rest } = fields;
      const bad = await form({ ...rest, email: 'plain-form-2@example.org', name: '' }, 'en');
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('Please correct the fields marked below. Please enter a valid name This field is required.');
      expect(await count('t-hybrid')).toBe(before + 1);
    });

    it('gives the shell its answer for the page itself when offered: outcome, messages by field, what was typed', async () => {
      const form = (fields: Record<string, string>, lang: string) =>
        app.inject({
          method: 'POST',
          url: `/api/forms/events/t-hybrid/registrations?lang=${lang}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', 'x-qf-form-answer': 'page' },
          payload: new URLSearchParams(fields).toString(),
        });
      const fields = { website: '', name: '', email: 'not-an-address', title: 'Teacher', company: 'Qatar Academy', nationality: 'Qatari', countryOfResidence: 'Qatar', heardFrom: 'friend', attendance: 'online' };
      const before = await count('t-hybrid');
      const bad = await form(fields, 'en');
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['content-type']).toMatch(/^application\/vnd\.qf\.form-answer\+json/);
      expect(bad.headers['cache-control']).toBe('no-store');
      const answer = bad.json();
      expect(answer).toEqual({
        widget: 'mf-forms/EventRegistration',
        outcome: 'invalid',
        message: 'Please correct the fields marked below.',
        errors: { name: 'Please enter a valid name', email: 'Please enter a valid email address', vaccinated: 'This field is required.' },
        // The honeypot is never given back; the unchecked box is not sent.
        values: { name: '', email: 'not-an-address', title: 'Teacher', company: 'Qatar Academy', nationality: 'Qatari', countryOfResidence: 'Qatar', heardFrom: 'friend', attendance: 'online' },
      });
      expect(await count('t-hybrid')).toBe(before);
      const ok = await form({ ...fields, name: 'Layla Hassan', email: 'page-answer@example.org', vaccinated: 'on' }, 'ar');
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toMatchObject({ widget: 'mf-forms/EventRegistration', outcome: 'registered', message: 'شكراً لتسجيلك. ستصلك رسالة بالبريد الإلكتروني تتضمن تفاصيل المشاهدة.' });
      expect(await count('t-hybrid')).toBe(before + 1);
    });

    it('answers 404 for an event that does not exist', async () => {
      expect((await register('no-such-event', person('x@example.org'))).statusCode).toBe(404);
    });

    it('leaves online attendance when the in-person seats of a hybrid event are taken', async () => {
      expect((await register('t-hybrid', person('seat1@example.org'))).statusCode).toBe(201);
      expect((await register('t-hybrid', person('seat2@example.org'))).statusCode).toBe(201);
      const full = await register('t-hybrid', person('seat3@example.org'));
      expect(full.statusCode).toBe(409);
      expect(full.json().outcome).toBe('in-person-full');
      expect((await register('t-hybrid', person('seat3@example.org', 'online'))).statusCode).toBe(201);
      const availability = await app.inject('/api/forms/events/t-hybrid/availability');
      expect(availability.json()).toEqual({ open: true, online: true, inPerson: false, seatsLeft: 0 });
    });

    it('tells the visitor to watch the recording when every seat of an in-person event is booked', async () => {
      expect((await register('t-inperson', person('only@example.org'))).statusCode).toBe(201);
      const full = await register('t-inperson', person('second@example.org'));
      expect(full.json()).toEqual({ outcome: 'full', message: 'Thank you for your interest in this event. The event is now at full capacity. Please check this page after the event to watch the recording.' });
    });

    it(`accepts exactly 100 of 500 simultaneous in-person registrations for 100 seats, ${RUNS === 1 ? 'once' : `${RUNS} times`}`, async () => {
      for (let run = 0; run < RUNS; run++) {
        const id = `t-hall-${run}`;
        const answers = await Promise.all(Array.from({ length: 500 }, (_, i) => register(id, person(`visitor-${i}@example.org`))));
        const codes = answers.map((a) => a.statusCode);
        expect(codes.filter((c) => c === 201)).toHaveLength(100);
        expect(codes.filter((c) => c === 409)).toHaveLength(400);
        expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().outcome === 'full')).toBe(true);
        expect(await count(id)).toBe(100);
        const dupes = await db.query('SELECT email_normalized FROM event_registrations WHERE event_id = $1 GROUP BY email_normalized HAVING count(*) > 1', [id]);
        expect(dupes).toEqual([]);
        expect((await db.query<{ taken: number }>('SELECT taken FROM event_seats WHERE event_id = $1', [id]))[0]?.taken).toBe(100);
        // One confirmation per accepted seat: the 400 refused transactions rolled their email back.
        const mails = await db.query<{ n: string }>("SELECT count(*) AS n FROM email_outbox WHERE kind = 'event-registration' AND subject = $1", [`Your registration: Test event ${id}`]);
        expect(Number(mails[0]?.n)).toBe(100);
      }
    });
  });
}

it('keeps the fixture out of the repository content', () => {
  expect(readFileSync(path.resolve(__dirname, '../../content/entries/event.json'), 'utf8')).not.toContain('t-hall-0');
});
