import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createFileStore } from '@qf/shared/content';
import { buildFormsServer } from './app';
import { loadFormsEnv } from './config';
import type { Db } from './db';

jest.setTimeout(60_000);

const NOW = new Date('2026-11-22T09:00:00Z');
const POLL = 'poll-campus-priorities';
const SURVEY = 'survey-site-experience';
const SERIES = 'ecss-education-city-speaker-series';
let app: FastifyInstance;
let db: Db;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'qf-engagement-'));
  const contentDir = path.join(work, 'content');
  cpSync(path.resolve(__dirname, '../../content/entries'), path.join(contentDir, 'entries'), { recursive: true });
  const loc = (en: unknown, ar: unknown) => ({ 'en-US': en, 'ar-QA': ar });
  writeFileSync(
    path.join(contentDir, 'entries', 'zz-test-engagement.json'),
    JSON.stringify([
      { sys: { id: 't-poll-closed', contentType: 'poll' }, fields: { question: loc('Closed?', 'مغلق؟'), optionIds: { 'en-US': ['a', 'b', 'c', 'd'] }, options: loc(['A', 'B', 'C', 'D'], ['أ', 'ب', 'ج', 'د']), closesAt: { 'en-US': '2026-01-01T00:00:00Z' } } },
      { sys: { id: 't-poll-open', contentType: 'poll' }, fields: { question: loc('Open?', 'مفتوح؟'), optionIds: { 'en-US': ['a', 'b', 'c', 'd'] }, options: loc(['A', 'B', 'C', 'D'], ['أ', 'ب', 'ج', 'د']) } },
      { sys: { id: 't-survey-closed', contentType: 'survey' }, fields: { title: loc('Old', 'قديم'), question: loc('Old?', 'قديم؟'), closesAt: { 'en-US': '2026-01-01T00:00:00Z' } } },
    ]),
  );
  ({ app, db } = await buildFormsServer({ dir: path.resolve(__dirname, '..'), dataDir: path.join(work, 'db'), env: {}, content: createFileStore(contentDir), now: () => NOW, rateLimit: 1_000_000 }));
});

afterAll(async () => {
  await app.close();
  rmSync(work, { recursive: true, force: true });
});

const post = (url: string, body: unknown, lang = 'en', headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `${url}?lang=${lang}`, headers: { 'content-type': 'application/json', ...headers }, payload: typeof body === 'string' ? body : JSON.stringify(body) });
const count = async (table: string) => Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]?.n);

const alumnus = (email: string) => ({ firstName: 'Layla', lastName: 'Al-Hassan', email, institution: 'hbku', graduationYear: '2019', consent: true });
const question = (extra: Record<string, unknown> = {}) => ({ name: 'Omar Khalid', email: 'omar@example.org', question: 'How will AI change the classroom?', eventId: SERIES, ...extra });
const VOTER = 'voter-0000000000000001';

describe('POST /api/forms/alumni', () => {
  it('signs up an alumnus, in English and Arabic', async () => {
    const en = await post('/api/forms/alumni', alumnus('layla@example.org'));
    expect(en.statusCode).toBe(201);
    expect(en.json()).toEqual({ outcome: 'signed-up', message: 'Thank you for signing up. We will let you know as soon as the alumni portal opens.' });
    const ar = await post('/api/forms/alumni', { ...alumnus('omar@example.org'), firstName: 'عمر', lastName: 'خالد' }, 'ar');
    expect(ar.statusCode).toBe(201);
    expect(ar.json().message).toBe('شكراً لتسجيلك. سنبلغك فور إطلاق بوابة الخريجين.');
    const rows = await db.query<{ first_name: string; graduation_year: number }>("SELECT first_name, graduation_year FROM alumni_signups WHERE email_normalized = 'omar@example.org'");
    expect(rows).toEqual([{ first_name: 'عمر', graduation_year: 2019 }]);
  });

  it('refuses a second sign-up with the same email in any case, translated', async () => {
    const en = await post('/api/forms/alumni', alumnus('LAYLA@example.org'));
    expect(en.statusCode).toBe(409);
    expect(en.json()).toEqual({ outcome: 'already-signed-up', message: 'This email address is already signed up for the alumni portal.' });
    const ar = await post('/api/forms/alumni', alumnus('layla@example.org'), 'ar');
    expect(ar.json().message).toBe('عنوان البريد الإلكتروني هذا مسجّل بالفعل في بوابة الخريجين.');
    expect(await count('alumni_signups')).toBe(2);
  });

  it('puts the SPEC message next to each bad field, in both languages', async () => {
    const en = await post('/api/forms/alumni', { firstName: '', email: 'nope', institution: 'mars', graduationYear: '19', consent: false });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      outcome: 'invalid',
      message: 'Please correct the fields marked below.',
      errors: { firstName: 'Please enter a valid name', lastName: 'Please enter a valid name', email: 'Please enter a valid email address', institution: 'Select an option', graduationYear: 'Please enter a valid graduation year', consent: 'This field is required' },
    });
    const ar = await post('/api/forms/alumni', { ...alumnus('x@example.org'), consent: undefined }, 'ar');
    expect(ar.json()).toMatchObject({ message: 'يُرجى تصحيح الحقول المشار إليها أدناه.', errors: { consent: 'هذا الحقل مطلوب' } });
  });

  it('returns the first answer to a retried request and stores it once', async () => {
    const headers = { 'idempotency-key': 'alumni-retry-0001' };
    const first = await post('/api/forms/alumni', alumnus('retry@example.org'), 'en', headers);
    const again = await post('/api/forms/alumni', alumnus('retry@example.org'), 'en', headers);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    expect(await count('alumni_signups')).toBe(3);
  });

  it('answers a plain form post with a page in the visitor’s language', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/forms/alumni?lang=ar',
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: 'http://127.0.0.1:3000/ar/alumni-portal' },
      payload: new URLSearchParams({ firstName: 'سارة', lastName: 'علي', email: 'sara@example.org', institution: 'cmu-q', graduationYear: '2015', consent: 'on' }).toString(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.body).toContain('<title>بوابة الخريجين</title>');
    expect(res.body).toContain('<p role="status">شكراً لتسجيلك. سنبلغك فور إطلاق بوابة الخريجين.</p>');
    expect(res.body).toContain('href="/ar/alumni-portal"');
  });

  it('names every field to correct on the page answering a plain form post (it has no fields to mark)', async () => {
    const before = await count('alumni_signups');
    const res = await app.inject({
      method: 'POST',
      url: '/api/forms/alumni?lang=ar',
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: 'http://127.0.0.1:3000/ar/alumni-portal' },
      payload: new URLSearchParams({ firstName: 'سارة', lastName: 'علي', email: 'not-an-email', institution: 'cmu-q', graduationYear: '2015', consent: 'on' }).toString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('يُرجى تصحيح الحقول المشار إليها أدناه. يُرجى إدخال عنوان بريد إلكتروني صحيح');
    expect(await count('alumni_signups')).toBe(before);
  });
});

describe('polls', () => {
  it('gives the question and the four options with their votes', async () => {
    const res = await app.inject(`/api/forms/polls/${POLL}?lang=ar`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      pollId: POLL,
      question: 'ما الذي تودّ أن ترى المزيد منه في المدينة التعليمية؟',
      open: true,
      total: 0,
      votedFor: null,
      options: [
        { id: 'public-lectures', label: 'محاضرات عامة', votes: 0 },
        { id: 'green-spaces', label: 'مساحات خضراء', votes: 0 },
        { id: 'cultural-events', label: 'فعاليات ثقافية', votes: 0 },
        { id: 'sports-facilities', label: 'مرافق رياضية', votes: 0 },
      ],
    });
    expect((await app.inject('/api/forms/polls/no-such-poll')).json()).toEqual({ outcome: 'not-found', message: 'This poll does not exist.' });
  });

  /** A vote from a visitor at `address`, as the shell (a trusted proxy on this machine) forwards it. */
  const vote = (body: unknown, address: string, lang = 'en', headers: Record<string, string> = {}) => post(`/api/forms/polls/${POLL}/votes`, body, lang, { 'x-forwarded-for': address, ...headers });

  it('counts a vote, returns the counts and sets the voter cookie', async () => {
    const res = await vote({ optionId: 'green-spaces', voterId: VOTER }, '198.51.100.1');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ outcome: 'voted', message: 'Thank you for voting.', results: { total: 1, votedFor: 'green-spaces' } });
    expect(res.json().results.options[1]).toEqual({ id: 'green-spaces', label: 'Green spaces', votes: 1 });
    expect(res.headers['set-cookie']).toBe(`qf_voter=${VOTER}; Path=/api/forms/polls; Max-Age=31536000; HttpOnly; SameSite=Lax`);
  });

  it('refuses a second vote of the same browser, by its stored id or by its cookie, with the counts', async () => {
    // From another address too: the browser decides first (a phone that changed networks).
    const byId = await vote({ optionId: 'public-lectures', voterId: VOTER }, '198.51.100.2', 'ar');
    expect(byId.statusCode).toBe(409);
    expect(byId.json()).toMatchObject({ outcome: 'already-voted', message: 'لقد صوّتَّ بالفعل في هذا الاستطلاع.', results: { total: 1, votedFor: 'green-spaces' } });
    const byCookie = await vote({ optionId: 'public-lectures' }, '198.51.100.1', 'en', { cookie: `other=1; qf_voter=${VOTER}` });
    expect(byCookie.statusCode).toBe(409);
    expect(byCookie.json().message).toBe('You have already voted in this poll.');
    expect(await count('poll_votes')).toBe(1);
    expect((await app.inject(`/api/forms/polls/${POLL}?voter=${VOTER}`)).json()).toMatchObject({ total: 1, votedFor: 'green-spaces' });
  });

  it('lets exactly one of many simultaneous votes of one browser count', async () => {
    const voter = 'voter-race-000000000001';
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => vote({ optionId: i % 2 ? 'cultural-events' : 'sports-facilities', voterId: voter }, `198.51.100.${10 + i}`)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    expect(await count('poll_votes')).toBe(2);
  });

  it('gives a browser without an id a new one by cookie', async () => {
    const res = await vote({ optionId: 'public-lectures' }, '198.51.100.3');
    expect(res.statusCode).toBe(201);
    expect(res.headers['set-cookie']).toMatch(/^qf_voter=[0-9a-f-]{36}; Path=\/api\/forms\/polls;.*HttpOnly; SameSite=Lax$/);
  });

  it('counts one vote per client address, whatever browser ids it sends or drops (poll stuffing)', async () => {
    const before = await count('poll_votes');
    // 50 votes from one machine: no cookie, no id, then 50 fresh ids; an IPv6 machine rotating its /64.
    const bare = [];
    for (let i = 0; i < 25; i++) bare.push(await vote({ optionId: 'sports-facilities' }, '203.0.113.50'));
    const ids = [];
    for (let i = 0; i < 25; i++) ids.push(await vote({ optionId: 'sports-facilities', voterId: `stuffing-voter-${String(i).padStart(8, '0')}` }, '203.0.113.50', 'ar'));
    const six = [];
    for (let i = 1; i <= 10; i++) six.push(await vote({ optionId: 'sports-facilities' }, `2001:db8:50:50::${i.toString(16)}`));
    expect(bare.map((r) => r.statusCode)).toEqual([201, ...Array(24).fill(409)]);
    expect(ids.map((r) => r.statusCode)).toEqual(Array(25).fill(409));
    expect(six.map((r) => r.statusCode)).toEqual([201, ...Array(9).fill(409)]);
    expect(bare[1]!.json()).toMatchObject({ outcome: 'already-voted', message: 'A vote in this poll has already been counted from your connection.', results: { votedFor: null } });
    expect(ids[0]!.json().message).toBe('سبق احتساب صوت في هذا الاستطلاع من اتصالك.');
    expect(await count('poll_votes')).toBe(before + 2);
    // The refused votes left nothing behind; the address is kept only as a keyed hash.
    const kept = await db.query<{ address_key: string; votes: number }>('SELECT address_key, votes FROM poll_addresses WHERE poll_id = $1', [POLL]);
    expect(kept.every((row) => /^[A-Za-z0-9_-]{43}$/.test(row.address_key) && !row.address_key.includes('203'))).toBe(true);
    expect(kept.map((row) => row.votes)).toEqual(Array(kept.length).fill(1));
  });

  it('lets exactly one of many simultaneous votes from one address count', async () => {
    const before = await count('poll_votes');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => vote({ optionId: 'public-lectures', voterId: `race-address-voter-${String(i).padStart(4, '0')}` }, '203.0.113.60')));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(await count('poll_votes')).toBe(before + 1);
  });

  it('answers a plain form post (no JavaScript) with a page that shows the results, in the visitor’s language', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/forms/polls/${POLL}/votes?lang=ar`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: 'http://127.0.0.1:3000/ar/community-poll', 'x-forwarded-for': '192.0.2.99' },
      payload: 'optionId=green-spaces',
    });
    expect(res.statusCode).toBe(201);
    expect(res.body).toContain('<p role="status">شكراً لتصويتك.</p>');
    expect(res.body).toMatch(/<li>مساحات خضراء \(صوتك\): الأصوات: [٠-٩]+ · [٠-٩]+٪<\/li>/);
    expect(res.body).toMatch(/<li>مجموع الأصوات: [٠-٩]+<\/li>/);
    expect(res.body).toContain('href="/ar/community-poll"');
  });

  it('counts the same address once per poll, not once for every poll', async () => {
    const other = await post('/api/forms/polls/t-poll-open/votes', { optionId: 'a' }, 'en', { 'x-forwarded-for': '203.0.113.50' });
    expect(other.statusCode).toBe(201);
  });

  it('marks the voter cookie Secure when the shell says the visitor came over https, and only then', async () => {
    const vote = (remoteAddress: string) =>
      app.inject({ method: 'POST', url: `/api/forms/polls/${POLL}/votes?lang=en`, remoteAddress, headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', 'x-forwarded-for': `203.0.113.${remoteAddress.length}` }, payload: JSON.stringify({ optionId: 'public-lectures' }) });
    // The shell, on this machine, forwards the protocol its visitor used.
    expect((await vote('127.0.0.1')).headers['set-cookie']).toMatch(/; Secure$/);
    // Anyone else saying so is not believed.
    expect((await vote('198.51.100.4')).headers['set-cookie']).not.toMatch(/Secure/);
  });

  it('asks to select one of the poll’s options, translated', async () => {
    const before = await count('poll_votes');
    for (const body of [{}, { optionId: 'not-an-option' }, { optionId: "' OR 1=1 --" }]) {
      const res = await post(`/api/forms/polls/${POLL}/votes`, body, 'ar');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ outcome: 'invalid', message: 'يُرجى تصحيح الحقول المشار إليها أدناه.', errors: { optionId: 'يُرجى اختيار أحد الخيارات' } });
    }
    expect((await post(`/api/forms/polls/${POLL}/votes`, { optionId: 'green-spaces', voterId: '<script>' })).json().errors).toEqual({ voterId: 'Your browser could not be recognised. Please reload the page and try again.' });
    expect(await count('poll_votes')).toBe(before);
  });

  it('refuses votes in a closed poll and in one that does not exist', async () => {
    const closed = await post('/api/forms/polls/t-poll-closed/votes', { optionId: 'a', voterId: VOTER }, 'ar');
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ outcome: 'closed', message: 'هذا الاستطلاع مغلق.' });
    const missing = await post('/api/forms/polls/nope/votes', { optionId: 'a' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ outcome: 'not-found', message: 'This poll does not exist.' });
  });
});

describe('POLL_VOTES_PER_ADDRESS', () => {
  it('is 1 by default and a whole number when set; anything else stops the start with a clear message', () => {
    expect(loadFormsEnv({}).POLL_VOTES_PER_ADDRESS).toBe(1);
    expect(loadFormsEnv({ POLL_VOTES_PER_ADDRESS: ' 25 ' }).POLL_VOTES_PER_ADDRESS).toBe(25);
    for (const bad of ['0', '-1', '2.5', '1e3', 'many', '0x10', '1000000'])
      expect(() => loadFormsEnv({ POLL_VOTES_PER_ADDRESS: bad })).toThrow(`POLL_VOTES_PER_ADDRESS: must be a whole number from 1 to 999999 (got "${bad}")`);
  });

  it('lets a site whose visitors share an address count that many votes from it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qf-poll-shared-'));
    const shared = await buildFormsServer({ dir: path.resolve(__dirname, '..'), dataDir: dir, env: { POLL_VOTES_PER_ADDRESS: '3' }, content: createFileStore(path.join(work, 'content')), now: () => NOW, rateLimit: 1_000_000 });
    try {
      const codes = [];
      for (let i = 0; i < 5; i++) {
        const res = await shared.app.inject({ method: 'POST', url: `/api/forms/polls/${POLL}/votes?lang=en`, headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.80' }, payload: JSON.stringify({ optionId: 'green-spaces' }) });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([201, 201, 201, 409, 409]);
    } finally {
      await shared.app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('POST /api/forms/surveys/{surveyId}/responses', () => {
  const url = `/api/forms/surveys/${SURVEY}/responses`;
  it('stores an answer, in English and Arabic', async () => {
    expect((await post(url, { satisfaction: 4, comment: 'Clear and quick.' })).json()).toEqual({ outcome: 'received', message: 'Thank you for your feedback.' });
    const ar = await post(url, { satisfaction: 5 }, 'ar');
    expect(ar.statusCode).toBe(201);
    expect(ar.json().message).toBe('شكراً لملاحظاتك.');
    expect(await db.query('SELECT survey_id, satisfaction, comment, lang FROM survey_responses ORDER BY id')).toEqual([
      { survey_id: SURVEY, satisfaction: 4, comment: 'Clear and quick.', lang: 'en' },
      { survey_id: SURVEY, satisfaction: 5, comment: null, lang: 'ar' },
    ]);
  });

  it('takes the score as a number in JSON, and as the text a plain form post sends', async () => {
    const before = await count('survey_responses');
    for (const satisfaction of ['5', '4', true, [3], { n: 3 }, 3.5, null]) {
      const res = await post(url, { satisfaction });
      expect([satisfaction, res.statusCode, res.json().errors]).toEqual([satisfaction, 400, { satisfaction: 'Select an option' }]);
    }
    expect(await count('survey_responses')).toBe(before);
    const form = await app.inject({ method: 'POST', url: `${url}?lang=en`, headers: { 'content-type': 'application/x-www-form-urlencoded', referer: 'http://127.0.0.1:3000/' }, payload: 'satisfaction=3&comment=From+a+form' });
    expect(form.statusCode).toBe(201);
    expect(await db.query('SELECT satisfaction, comment FROM survey_responses ORDER BY id DESC LIMIT 1')).toEqual([{ satisfaction: 3, comment: 'From a form' }]);
  });

  it('gives the survey’s title and question in the visitor’s language', async () => {
    expect((await app.inject(`/api/forms/surveys/${SURVEY}?lang=ar`)).json()).toEqual({ surveyId: SURVEY, title: 'أخبرنا عن زيارتك', question: 'ما مدى رضاك عن هذا الموقع الإلكتروني؟', open: true });
    expect((await app.inject('/api/forms/surveys/t-survey-closed')).json().open).toBe(false);
    expect((await app.inject('/api/forms/surveys/nope')).statusCode).toBe(404);
  });

  it('answers invalid, closed and unknown surveys with their messages', async () => {
    const invalid = await post(url, { satisfaction: 9, comment: 'x'.repeat(10_000) });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ satisfaction: 'Select an option', comment: 'Please keep your comment to 1,000 characters or fewer.' });
    const closed = await post('/api/forms/surveys/t-survey-closed/responses', { satisfaction: 3 }, 'ar');
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('هذا الاستبيان مغلق.');
    expect((await post('/api/forms/surveys/nope/responses', { satisfaction: 3 })).json()).toEqual({ outcome: 'not-found', message: 'This survey does not exist.' });
    expect(await count('survey_responses')).toBe(3); // the tests before stored three
  });
});

describe('POST /api/forms/ecss/questions without a workflow', () => {
  const url = '/api/forms/ecss/questions';
  it('stores the question and answers at once, in English and Arabic; it stays pending', async () => {
    const en = await post(url, question());
    expect(en.statusCode).toBe(201);
    expect(en.json()).toEqual({ outcome: 'received', message: 'Thank you. Your question has been received and will be shared with the speakers.' });
    const ar = await post(url, question({ name: 'عمر خالد', eventId: 'event-6', question: 'كيف سيغيّر الذكاء الاصطناعي الصفوف الدراسية؟' }), 'ar');
    expect(ar.statusCode).toBe(201);
    expect(ar.json().message).toBe('شكراً لك. تم استلام سؤالك وستتم مشاركته مع المتحدثين.');
    expect(await db.query('SELECT event_id, forwarded_at FROM ecss_questions ORDER BY id')).toEqual([
      { event_id: SERIES, forwarded_at: null },
      { event_id: 'event-6', forwarded_at: null },
    ]);
    expect((await app.inject('/ops/ecss-questions')).json()).toEqual({ pending: 2, forwarded: 0, workflowConfigured: false });
  });

  it('keeps a question that quotes markup exactly as written', async () => {
    const text = 'Is <script>alert("x")</script> still a risk for schools?';
    expect((await post(url, question({ question: text }))).statusCode).toBe(201);
    expect((await db.query<{ question: string }>('SELECT question FROM ecss_questions ORDER BY id DESC LIMIT 1'))[0]?.question).toBe(text);
  });

  it('puts the SPEC message next to each bad field and refuses sessions outside the series', async () => {
    const res = await post(url, { name: '1', email: 'x', question: 'Why?' }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: 'Please enter a valid name', email: 'Please enter a valid email address', question: 'Please write a question of at least 10 characters.', eventId: 'Select an option' });
    const ar = await post(url, question({ question: '' }), 'ar');
    expect(ar.json().errors).toEqual({ question: 'هذا الحقل مطلوب' });
    const outside = await post(url, question({ eventId: 'event-2' }));
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ outcome: 'not-found', message: 'This speaker series session does not exist.' });
    expect(await count('ecss_questions')).toBe(3);
  });
});

describe('bad input, on every endpoint: 4xx with a clear message, never 5xx, nothing stored', () => {
  const endpoints = [
    ['alumni', '/api/forms/alumni', 'alumni_signups', alumnus('bad-input@example.org')],
    ['poll', `/api/forms/polls/${POLL}/votes`, 'poll_votes', { optionId: 'green-spaces', voterId: 'voter-bad-input-00000001' }],
    ['survey', `/api/forms/surveys/${SURVEY}/responses`, 'survey_responses', { satisfaction: 3, comment: 'Fine.' }],
    ['ecss', '/api/forms/ecss/questions', 'ecss_questions', question()],
  ] as const;
  /** Every text or number field of a valid body replaced by `value`. */
  const every = (body: Record<string, unknown>, value: string) => JSON.stringify(Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' || typeof v === 'number' ? value : v])));
  const cases = (body: Record<string, unknown>): [string, string, string, number][] => [
    ['malformed JSON', 'application/json', '{not json', 400],
    ['an array', 'application/json', '[1,2]', 400],
    ['no fields', 'application/json', '{}', 400],
    ['10,000-character fields', 'application/json', every(body, 'x'.repeat(10_000)), 400],
    ['script tags', 'application/json', every(body, '<script>alert(1)</script>'), 400],
    ['SQL fragments', 'application/json', every(body, "x'); DROP TABLE poll_votes;--"), 400],
    ['a wrong content type', 'text/plain', JSON.stringify(body), 415],
    ['XML', 'application/xml', '<vote/>', 415],
    ['a body over the size limit', 'application/json', JSON.stringify({ ...body, padding: 'x'.repeat(70_000) }), 413],
  ];
  const messages: Record<number, [string, string]> = {
    400: ['Please correct the fields marked below.', 'يُرجى تصحيح الحقول المشار إليها أدناه.'],
    413: ['Your submission is too large to send. Please shorten it and try again.', 'حجم ما أرسلته كبير جداً. يُرجى اختصاره والمحاولة مرة أخرى.'],
    415: ['This form could not be read: it must be sent as a web form or as JSON.', 'تعذّرت قراءة هذا النموذج: يجب إرساله كنموذج ويب أو بصيغة JSON.'],
  };

  for (const [name, url, table, body] of endpoints)
    it.each(cases(body))(`${name}: %s`, async (_label, contentType, payload, status) => {
      const before = await count(table);
      for (const [i, lang] of (['en', 'ar'] as const).entries()) {
        const res = await app.inject({ method: 'POST', url: `${url}?lang=${lang}`, headers: { 'content-type': contentType }, payload });
        expect(res.statusCode).toBe(status);
        expect(res.json().message).toBe(messages[status]![i]);
      }
      expect(await count(table)).toBe(before);
    });

  it('still has every table after the SQL fragments', async () => {
    for (const table of ['alumni_signups', 'poll_votes', 'survey_responses', 'ecss_questions']) expect(await count(table)).toBeGreaterThan(0);
  });
});

describe('CSV export of these forms', () => {
  it.each(['alumni-signups', 'poll-votes', 'survey-responses', 'ecss-questions'])('%s: its query fills every column', async (name) => {
    const { exportForms } = await import('./export-forms');
    const form = exportForms[name]!;
    const rows = await db.query<Record<string, unknown>>(form.sql, [null]);
    expect(rows.length).toBeGreaterThan(0);
    for (const column of form.columns) expect(Object.keys(rows[0]!)).toContain(column.key);
    expect(await db.query(form.sql, ['2999-01-01T00:00:00Z'])).toEqual([]);
  });
});
