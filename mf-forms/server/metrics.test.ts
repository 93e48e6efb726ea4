import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { Registry } from 'prom-client';
import { createFileStore } from '@qf/shared/content';
import { buildFormsServer } from './app';
import type { Db } from './db';
import { noteSubmission, submissionOutcome } from './metrics';

/**
 * Issue 32: mf-forms' metrics, read from the server's own registry after real submissions through
 * HTTP, and its log lines (no visitor's data in any of them).
 */
jest.setTimeout(60_000);

const NOW = new Date('2026-11-22T09:00:00Z');
const SHELL = 'http://127.0.0.1:3000';

const event = (id: string, fields: Record<string, unknown>) => ({
  sys: { id, contentType: 'event' },
  fields: {
    title: { 'en-US': `Lecture ${id}`, 'ar-QA': `محاضرة ${id}` },
    slug: { 'en-US': `slug-${id}` },
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

const person = (email: string, attendance: 'online' | 'in-person') => ({
  name: 'Mariam Al-Thani',
  email,
  title: 'Teacher',
  company: 'Qatar Academy',
  nationality: 'Qatari',
  countryOfResidence: 'Qatar',
  heardFrom: 'website',
  attendance,
  vaccinated: true,
});

let app: FastifyInstance;
let db: Db;
let registry: Registry;
let work: string;
/** What the server logs, line by line (pino's JSON). */
const logged: string[] = [];

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'qf-metrics-'));
  const contentDir = path.join(work, 'content');
  mkdirSync(path.join(contentDir, 'entries'), { recursive: true });
  writeFileSync(
    path.join(contentDir, 'entries', 'events.json'),
    JSON.stringify([
      event('m-hall', { attendance: 'in-person', capacityInPerson: 1 }),
      event('m-hybrid', { attendance: 'hybrid', capacityInPerson: 5 }),
      event('m-online', { attendance: 'online', capacityInPerson: 0 }),
      event('m-closed', { attendance: 'in-person', capacityInPerson: 50, registrationOpen: false }),
      event('m-past', { attendance: 'in-person', capacityInPerson: 50, startDate: '2026-01-10T18:00:00+03:00', endDate: '2026-01-10T20:00:00+03:00' }),
    ]),
  );
  ({ app, db } = await buildFormsServer({ dir: path.resolve(__dirname, '..'), dataDir: path.join(work, 'db'), env: {}, content: createFileStore(contentDir, { warn: () => undefined }), now: () => NOW, rateLimit: 8 }));
  registry = app.observability!.registry;
  // Every logger of the server (its requests' children too) writes to the root's stream: read it here.
  (app.log as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = { write: (line: string) => void logged.push(line) };
});

afterAll(async () => {
  await app.close();
  rmSync(work, { recursive: true, force: true });
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', origin: SHELL, ...headers }, payload: typeof body === 'string' ? body : JSON.stringify(body) });

/** The series of one metric as Prometheus reads them, sorted. */
async function series(name: string): Promise<string[]> {
  const text = await registry.getSingleMetricAsString(name);
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .sort();
}

describe('qf_form_submissions_total', () => {
  it('counts every submission by form and outcome, whoever answered it', async () => {
    // The newsletter: accepted, duplicate, invalid, a robot's, too large (the body parser), the database down.
    expect((await post('/api/forms/newsletter', { email: 'metrics@example.org' })).statusCode).toBe(201);
    expect((await post('/api/forms/newsletter', { email: 'Metrics@Example.org' })).statusCode).toBe(409);
    expect((await post('/api/forms/newsletter', { email: 'not an address' })).statusCode).toBe(400);
    expect((await post('/api/forms/newsletter', { email: 'robot@example.org', website: 'http://spam.example' })).statusCode).toBe(201);
    expect((await post('/api/forms/newsletter', { email: 'big@example.org', padding: 'x'.repeat(70 * 1024) })).statusCode).toBe(413);
    const failing = jest.spyOn(db, 'transaction').mockRejectedValueOnce(new Error('disk full'));
    expect((await post('/api/forms/newsletter', { email: 'unlucky@example.org' })).statusCode).toBe(503);
    failing.mockRestore();

    // Registrations: the last seat, then full; a closed event; an invalid one; a retry of an accepted one.
    const register = (id: string, body: unknown, headers: Record<string, string> = {}) => post(`/api/forms/events/${id}/registrations`, body, headers);
    expect((await register('m-hall', person('first@example.org', 'in-person'))).statusCode).toBe(201);
    expect((await register('m-hall', person('second@example.org', 'in-person'))).json().outcome).toBe('full');
    expect((await register('m-closed', person('third@example.org', 'in-person'))).json().outcome).toBe('closed');
    expect((await register('m-hybrid', { ...person('fourth@example.org', 'online'), email: 'nope' })).statusCode).toBe(400);
    const key = { 'idempotency-key': 'metrics-retry-0001' };
    expect((await register('m-hybrid', person('fifth@example.org', 'online'), key)).statusCode).toBe(201);
    expect((await register('m-hybrid', person('fifth@example.org', 'online'), key)).statusCode).toBe(201);

    // The guard: a post from another site, and the ninth post of a minute from one client (the limit is 8).
    expect((await post('/api/forms/alumni', {}, { origin: 'https://elsewhere.example' })).statusCode).toBe(403);
    for (let i = 0; i < 8; i++) expect((await post('/api/forms/alumni', {})).statusCode).toBe(400);
    expect((await post('/api/forms/alumni', {})).statusCode).toBe(429);

    // No outcome of its own noted: the status says it (a push subscription that does not exist).
    const gone = await app.inject({ method: 'DELETE', url: '/api/forms/push/subscriptions', headers: { 'content-type': 'application/json', origin: SHELL }, payload: JSON.stringify({ endpoint: 'https://push.example.org/none' }) });
    expect(gone.statusCode).toBe(404);
    // Reads are not submissions.
    expect((await app.inject({ method: 'GET', url: '/api/forms/events/m-hall/availability' })).statusCode).toBe(200);

    expect(await series('qf_form_submissions_total')).toEqual(
      [
        'qf_form_submissions_total{form="newsletter",outcome="accepted"} 1',
        'qf_form_submissions_total{form="newsletter",outcome="duplicate"} 1',
        'qf_form_submissions_total{form="newsletter",outcome="invalid"} 1',
        'qf_form_submissions_total{form="newsletter",outcome="spam"} 1',
        'qf_form_submissions_total{form="newsletter",outcome="too_large"} 1',
        'qf_form_submissions_total{form="newsletter",outcome="error"} 1',
        'qf_form_submissions_total{form="event_registration",outcome="accepted"} 2',
        'qf_form_submissions_total{form="event_registration",outcome="full"} 1',
        'qf_form_submissions_total{form="event_registration",outcome="closed"} 1',
        'qf_form_submissions_total{form="event_registration",outcome="invalid"} 1',
        'qf_form_submissions_total{form="event_registration",outcome="replayed"} 1',
        'qf_form_submissions_total{form="alumni_signup",outcome="forbidden"} 1',
        'qf_form_submissions_total{form="alumni_signup",outcome="invalid"} 8',
        'qf_form_submissions_total{form="alumni_signup",outcome="rate_limited"} 1',
        'qf_form_submissions_total{form="push_unsubscribe",outcome="not_found"} 1',
      ].sort(),
    );
  });

  it('keeps its label values to the fixed sets', () => {
    const request = {} as Parameters<typeof noteSubmission>[0];
    noteSubmission(request, 'someone@example.org');
    expect(submissionOutcome(request, 422)).toBe('invalid');
    noteSubmission(request, 'already-voted');
    noteSubmission(request, 'accepted');
    expect(submissionOutcome(request, 409)).toBe('duplicate');
    expect(submissionOutcome(request, 503)).toBe('error');
  });

  it('refuses a form route it has no name for', async () => {
    const other = await buildFormsServer({ dir: path.resolve(__dirname, '..'), dataDir: path.join(work, 'db-other'), env: {}, content: createFileStore(path.join(work, 'content'), { warn: () => undefined }), now: () => NOW });
    try {
      expect(() => other.app.post('/api/forms/new-form', async () => ({}))).toThrow('POST /api/forms/new-form is a form without a name in FORM_ROUTES');
      // Not a form: no name needed.
      expect(() => other.app.get('/api/forms/new-form', async () => ({}))).not.toThrow();
    } finally {
      await other.app.close();
    }
  });
});

describe('the outbox and seat gauges', () => {
  it('say how many emails wait, how old the oldest is, and the seats left of each open event', async () => {
    // Three emails wait (no SMTP_URL): the welcome and two confirmations.
    const before = await series('qf_forms_outbox_backlog');
    expect(before).toEqual(['qf_forms_outbox_backlog 3']);
    await db.query("UPDATE email_outbox SET created_at = now() - interval '90 seconds' WHERE id = (SELECT min(id) FROM email_outbox)");
    const [oldest] = await series('qf_forms_outbox_oldest_seconds');
    const seconds = Number(oldest!.split(' ')[1]);
    expect(seconds).toBeGreaterThanOrEqual(90);
    expect(seconds).toBeLessThan(120);
    // One given up: no longer waiting.
    await db.query('UPDATE email_outbox SET next_attempt_at = NULL WHERE id = (SELECT max(id) FROM email_outbox)');
    expect(await series('qf_forms_outbox_backlog')).toEqual(['qf_forms_outbox_backlog 2']);
    expect(await series('qf_forms_outbox_given_up')).toEqual(['qf_forms_outbox_given_up 1']);
    // Open for registration with seats: the in-person and hybrid events, not the online, closed or past ones.
    expect(await series('qf_event_seats_left')).toEqual(['qf_event_seats_left{event="slug-m-hall"} 0', 'qf_event_seats_left{event="slug-m-hybrid"} 5']);
    await db.query('UPDATE email_outbox SET sent_at = now()');
    expect(await series('qf_forms_outbox_backlog')).toEqual(['qf_forms_outbox_backlog 0']);
    expect(await series('qf_forms_outbox_oldest_seconds')).toEqual(['qf_forms_outbox_oldest_seconds 0']);
  });

  it('never fail the scrape of the other metrics when the database does not answer', async () => {
    const query = db.query.bind(db);
    const failing = jest.spyOn(db, 'query').mockImplementation(async (sql, params) => {
      if (sql.includes('email_outbox') || sql.includes('event_seats')) throw new Error('connection terminated');
      return query(sql, params);
    });
    try {
      const text = await registry.metrics();
      // Unknown, not 0 (prom-client writes NaN as `Nan`, which Prometheus reads as NaN).
      expect(text).toMatch(/\nqf_forms_outbox_backlog nan\n/i);
      expect(text).toMatch(/\nqf_forms_outbox_oldest_seconds nan\n/i);
      expect(text).not.toContain('qf_event_seats_left{');
      expect(text).toContain('qf_form_submissions_total{form="newsletter",outcome="accepted"} 1');
      expect(text).toContain('http_server_request_duration_seconds_count');
    } finally {
      failing.mockRestore();
    }
    const warnings = logged.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.level === 'warn' && String(line.msg).startsWith('metrics:'));
    expect(warnings.map((w) => w.msg).sort()).toEqual(['metrics: the outbox could not be read', 'metrics: the seats left could not be read']);
    for (const warning of warnings) expect(warning.err).toMatchObject({ message: 'connection terminated' });
    // Read again once the database answers.
    expect(await series('qf_forms_outbox_backlog')).toEqual(['qf_forms_outbox_backlog 0']);
  });
});

describe('the log', () => {
  it('has the failed request’s error with its stack, its request and trace ids, and no visitor’s data', async () => {
    const lines = logged.map((line) => JSON.parse(line) as Record<string, unknown>);
    const failure = lines.find((line) => line.msg === 'newsletter subscription failed');
    expect(failure).toMatchObject({ level: 'error', service: 'mf-forms', err: { message: 'disk full' } });
    expect(String((failure!.err as { stack: string }).stack)).toContain('metrics.test.ts');
    expect(failure!.request_id).toEqual(expect.any(String));
    expect(failure!.trace_id).toMatch(/^[0-9a-f]{32}$/);
    // Every address and value posted above: none is in any line.
    const text = logged.join('\n');
    expect(text).not.toMatch(/@example\.org|Mariam|Qatar Academy|spam\.example/i);
  });
});
