import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createFileStore } from '@qf/shared/content';
import { buildFormsServer } from './app';
import type { Db } from './db';
import { exportForms } from './export-forms';
import { sampleFile } from '@qf/shared/testing';

jest.setTimeout(120_000);

const NOW = new Date('2026-11-22T09:00:00Z');
const MB = 1024 * 1024;
let app: FastifyInstance;
let db: Db;
let work: string;
let uploads: string;

const windowEntry = (id: string, form: string, opensAt: string, closesAt: string) => ({
  sys: { id, contentType: 'form_window' },
  fields: { title: { 'en-US': `Window ${id}`, 'ar-QA': `فترة ${id}` }, form: { 'en-US': form }, opensAt: { 'en-US': opensAt }, closesAt: { 'en-US': closesAt } },
});

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'qf-uploads-'));
  const contentDir = path.join(work, 'content');
  cpSync(path.resolve(__dirname, '../../content/entries'), path.join(contentDir, 'entries'), { recursive: true });
  writeFileSync(
    path.join(contentDir, 'entries', 'zz-test-windows.json'),
    JSON.stringify([
      windowEntry('t-art', 'art-entry', '2026-01-01T00:00:00+03:00', '2027-01-01T00:00:00+03:00'),
      windowEntry('t-art-closed', 'art-entry', '2025-01-01T00:00:00+03:00', '2025-06-01T00:00:00+03:00'),
      windowEntry('t-art-soon', 'art-entry', '2027-01-01T00:00:00+03:00', '2027-06-01T00:00:00+03:00'),
      windowEntry('t-scholarship', 'scholarship', '2026-01-01T00:00:00+03:00', '2027-01-01T00:00:00+03:00'),
      windowEntry('t-scholarship-closed', 'scholarship', '2020-09-01T00:00:00+03:00', '2020-11-22T23:59:59+03:00'),
    ]),
  );
  ({ app, db } = await buildFormsServer({ dir: path.resolve(__dirname, '..'), dataDir: path.join(work, 'db'), env: {}, content: createFileStore(contentDir), now: () => NOW, rateLimit: 1_000_000 }));
  uploads = path.join(work, 'uploads');
});

afterAll(async () => {
  await app.close();
  rmSync(work, { recursive: true, force: true });
});

/** Real files (whole: mf-forms checks a file's structure to its end), and one of another kind. */
const bytes = {
  png: sampleFile('png', 200),
  jpeg: sampleFile('jpeg', 300),
  pdf: sampleFile('pdf', 400),
  zip: sampleFile('zip', 150),
  exe: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(500, 3)]),
};

interface FilePart {
  field: string;
  name: string;
  data: Buffer;
}
const BOUNDARY = '----qf-test-boundary-7d93';
function multipart(fields: Record<string, string | boolean>, files: FilePart[]): Buffer {
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${String(v)}\r\n`));
  for (const f of files) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
const post = (url: string, payload: Buffer | string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers }, payload });

const art = {
  name: 'Maryam Al-Kuwari',
  email: 'maryam@example.org',
  phone: '+974 5555 1234',
  title: 'Dunes at dusk',
  statement: 'Light over the desert at the end of the day.',
  biography: 'A painter born in Doha.',
  dimensions: '60 × 90 cm',
  material: 'Oil on canvas',
  link: 'https://example.org/portfolio',
  terms: 'true',
};
const image = (data = bytes.jpeg, name = 'dunes.jpg'): FilePart => ({ field: 'image', name, data });
const submitArt = (fields: Record<string, string>, files: FilePart[], lang = 'en', window = 't-art', headers: Record<string, string> = {}) => post(`/api/forms/art-entries?window=${window}&lang=${lang}`, multipart(fields, files), headers);

const student = {
  firstName: 'Noor',
  lastName: 'Hamad',
  nationalId: '30012345678',
  dateOfBirth: '2009-04-12',
  gender: 'female',
  gpa: '3.85',
  currentSchool: 'Al Bayan School',
  studentPhone: '+974 5555 0001',
  studentEmail: 'noor@example.org',
  parentPhone: '+974 5555 0002',
  parentEmail: 'parent@example.org',
  choice1: 'school-qatar-academy-doha',
  choice2: 'school-awsaj-academy',
  choice3: 'school-academyati',
  terms: 'true',
};
const documents = (over: Partial<Record<string, FilePart>> = {}): FilePart[] =>
  ['transcript', 'recommendation1', 'recommendation2', 'recommendation3', 'essay'].map((field) => over[field] ?? { field, name: `${field}.pdf`, data: bytes.pdf });
const apply = (fields: Record<string, string>, files: FilePart[], lang = 'en', window = 't-scholarship', headers: Record<string, string> = {}) => post(`/api/forms/scholarships?window=${window}&lang=${lang}`, multipart(fields, files), headers);

const count = async (table: string) => Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]?.n);
const storedFiles = () => readdirSync(uploads).sort();
/** What is stored now: every failure must leave exactly this behind. */
async function snapshot() {
  return { art: await count('art_entries'), artFiles: await count('art_entry_files'), apps: await count('scholarship_applications'), appFiles: await count('scholarship_files'), files: storedFiles() };
}

describe('POST /api/forms/art-entries', () => {
  it('stores an entry with its file under a random name, outside every served folder', async () => {
    const res = await submitArt(art, [image()]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ outcome: 'submitted', message: 'Thank you for your submission. We have received your artwork.' });
    const [row] = await db.query<{ id: number; email_normalized: string; link: string }>("SELECT id, email_normalized, link FROM art_entries WHERE contest_id = 't-art'");
    expect(row).toMatchObject({ email_normalized: 'maryam@example.org', link: 'https://example.org/portfolio' });
    const [file] = await db.query<{ id: string; original_name: string; kind: string; size_bytes: number }>('SELECT id, original_name, kind, size_bytes FROM art_entry_files WHERE entry_id = $1', [row!.id]);
    expect(file).toMatchObject({ original_name: 'dunes.jpg', kind: 'jpeg', size_bytes: bytes.jpeg.length });
    expect(file!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(storedFiles()).toEqual([file!.id]);
    expect(readFileSync(path.join(uploads, file!.id)).equals(bytes.jpeg)).toBe(true);
    expect(path.relative(path.resolve(__dirname, '..'), uploads).startsWith('..')).toBe(true);
    expect((await app.inject(`/browser/${file!.id}`)).statusCode).toBe(404);
  });

  it('thanks the participant in Arabic, with any of the accepted types and no link', async () => {
    for (const [i, [data, name]] of ([[bytes.png, 'a.PNG'], [bytes.pdf, 'a.pdf'], [bytes.zip, 'a.zip'], [bytes.jpeg, 'a.jpeg']] as const).entries()) {
      const res = await submitArt({ ...art, email: `artist${i}@example.org`, link: '' }, [image(data, name)], 'ar');
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe('شكراً لمشاركتك. لقد استلمنا عملك الفني.');
    }
  });

  it('takes one artwork per participant: the same email in any case is refused, in both languages, and its file removed', async () => {
    const before = await snapshot();
    const en = await submitArt({ ...art, email: 'MARYAM@example.org' }, [image()]);
    expect(en.statusCode).toBe(409);
    expect(en.json()).toEqual({ outcome: 'already-submitted', message: 'An artwork has already been submitted with this email address. Each participant may submit one artwork.' });
    const ar = await submitArt(art, [image()], 'ar');
    expect(ar.json().message).toBe('تم تقديم عمل فني بعنوان البريد الإلكتروني هذا من قبل. يحق لكل مشارك تقديم عمل فني واحد فقط.');
    expect(await snapshot()).toEqual(before);
  });

  it('returns the first answer to a retried request and stores it once', async () => {
    const headers = { 'idempotency-key': 'art-retry-0123456789' };
    const first = await submitArt({ ...art, email: 'retry@example.org' }, [image()], 'en', 't-art', headers);
    const before = await snapshot();
    const again = await submitArt({ ...art, email: 'retry@example.org' }, [image()], 'en', 't-art', headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await snapshot()).toEqual(before);
  });

  it('puts the SPEC message next to every bad field, in both languages, and stores nothing', async () => {
    const before = await snapshot();
    const en = await submitArt({}, []);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      outcome: 'invalid',
      message: 'Please correct the fields marked below.',
      errors: {
        name: 'Please enter a valid name',
        email: 'Please enter a valid email address',
        phone: 'Please enter a valid phone number',
        title: 'Please enter a valid title',
        statement: 'This field is required',
        biography: 'This field is required',
        dimensions: 'This field is required',
        material: 'This field is required',
        terms: 'This field is required',
        image: 'This field is required',
      },
    });
    const ar = await submitArt({ ...art, email: 'x@', link: 'javascript:alert(1)', phone: 'call me', statement: Array(101).fill('كلمة').join(' ') }, [image()], 'ar');
    expect(ar.statusCode).toBe(400);
    expect(ar.json().errors).toEqual({ email: 'يُرجى إدخال عنوان بريد إلكتروني صحيح', link: 'يُرجى إدخال رابط صحيح', phone: 'يُرجى إدخال رقم هاتف صحيح', statement: 'يُرجى ألا يتجاوز النص ١٠٠ كلمة.' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses 10,000-character fields with their messages and stores nothing', async () => {
    const before = await snapshot();
    const long = 'x'.repeat(10_000);
    const res = await submitArt({ ...art, email: 'long@example.org', name: long, title: long, dimensions: long, material: long, biography: long, link: `https://example.org/${long}` }, [image()]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: 'Please enter a valid name',
      title: 'Please enter a valid title',
      dimensions: 'This text is too long.',
      material: 'This text is too long.',
      biography: 'Please use no more than 100 words.',
      link: 'Please enter a valid url',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('stores script tags and SQL fragments as inert text', async () => {
    const title = '<script>alert("x")</script>';
    const material = "Paint'); DROP TABLE art_entries;--";
    const res = await submitArt({ ...art, email: 'inert@example.org', title, material }, [image()]);
    expect(res.statusCode).toBe(201);
    const [row] = await db.query<{ title: string; material: string }>("SELECT title, material FROM art_entries WHERE email_normalized = 'inert@example.org'");
    expect(row).toEqual({ title, material });
    expect(res.body).not.toContain('<script>');
  });

  it.each([
    ['en', 'Submissions for this contest are closed.', 't-art-closed'],
    ['ar', 'انتهت فترة استقبال المشاركات في هذه المسابقة.', 't-art-closed'],
    ['en', 'Submissions for this contest are closed.', 't-art-soon'],
  ])('refuses a submission outside the window (%s, %s, %s)', async (lang, message, window) => {
    const before = await snapshot();
    const res = await submitArt({ ...art, email: 'late@example.org' }, [image()], lang, window);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ outcome: 'closed', message });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for a contest that does not exist or is a scholarship cycle', async () => {
    for (const window of ['no-such-window', 't-scholarship', '']) {
      const res = await submitArt({ ...art, email: 'lost@example.org' }, [image()], 'en', window);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This contest does not exist.');
    }
  });

  it.each([
    ['en', 'File size limit exceeded. (10MB max)'],
    ['ar', 'تم تجاوز الحد الأقصى لحجم الملف. (١٠ ميغابايت كحد أقصى)'],
  ])('answers 413 to an 11 MB file (%s) and keeps nothing of it', async (lang, message) => {
    const before = await snapshot();
    const res = await submitArt({ ...art, email: 'big@example.org' }, [image(Buffer.concat([bytes.png.subarray(0, 8), Buffer.alloc(11 * MB, 1)]), 'big.png')], lang);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ outcome: 'too-large', message, errors: { image: message } });
    expect(await snapshot()).toEqual(before);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const res = await submitArt({ ...art, email: 'exact@example.org' }, [image(sampleFile('png', 10 * MB), 'exact.png')]);
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ['a renamed executable', 'photo.png', bytes.exe, 'en', 'This file type is not accepted. Accepted types: .zip, .jpg, .jpeg, .png, .pdf'],
    ['a PDF named .jpg', 'photo.jpg', bytes.pdf, 'en', 'This file type is not accepted. Accepted types: .zip, .jpg, .jpeg, .png, .pdf'],
    ['an .exe', 'setup.exe', bytes.exe, 'ar', 'نوع هذا الملف غير مقبول. الأنواع المقبولة: .zip، .jpg، .jpeg، .png، .pdf'],
  ])('answers 415 to %s and keeps nothing of it', async (_label, name, data, lang, message) => {
    const before = await snapshot();
    const res = await submitArt({ ...art, email: 'exe@example.org' }, [image(data, name)], lang);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ outcome: 'file-type', message, errors: { image: message } });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 415 in the visitor’s language to a body that is not multipart', async () => {
    const json = await app.inject({ method: 'POST', url: '/api/forms/art-entries?window=t-art', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(art) });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ outcome: 'unsupported', message: 'Please send the form with its files (multipart/form-data).' });
    const text = await app.inject({ method: 'POST', url: '/api/forms/art-entries?window=t-art&lang=ar', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('يُرجى إرسال النموذج مع ملفاته (multipart/form-data).');
  });

  it.each([
    ['a body cut short', () => multipart(art, [image()]).subarray(0, 900)],
    ['too many files', () => multipart(art, [image(), image(bytes.png, 'b.png'), image(bytes.png, 'c.png')].map((f, i) => ({ ...f, field: i ? `extra${i}` : 'image' })))],
    ['a missing boundary', () => Buffer.from('no boundary here')],
    ['garbage', () => Buffer.from('--x\r\nnonsense\r\n\r\n')],
  ])('answers 400, never 5xx, to malformed multipart: %s', async (_label, body) => {
    const before = await snapshot();
    const res = await post('/api/forms/art-entries?window=t-art', body());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ outcome: 'malformed', message: 'The form could not be read. Please try again.' });
    expect(await snapshot()).toEqual(before);
  });

  it('answers a robot that fills the honeypot as a success and stores nothing', async () => {
    const before = await snapshot();
    const res = await submitArt({ ...art, email: 'robot@example.org', website: 'http://spam.example' }, [image()]);
    expect(res.statusCode).toBe(201);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a post from another site', async () => {
    const res = await submitArt({ ...art, email: 'csrf@example.org' }, [image()], 'en', 't-art', { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });

  it('answers a plain form post with a page in the visitor’s language', async () => {
    const res = await submitArt({ ...art, email: 'nojs@example.org' }, [image()], 'ar', 't-art', { accept: 'text/html' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('شكراً لمشاركتك.');
    expect(res.body).toContain('dir="rtl"');
  });

  it('gives the shell its answer for the page itself when offered: what was typed, never a file, and says files go', async () => {
    const before = await snapshot();
    const res = await submitArt({ ...art, email: 'page-answer@example.org', title: '' }, [image()], 'en', 't-art', { accept: 'text/html', 'x-qf-form-answer': 'page' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.qf\.form-answer\+json/);
    const answer = res.json();
    expect(answer).toMatchObject({ widget: 'mf-forms/ArtEntry', outcome: 'invalid', errors: { title: expect.any(String) }, filesDropped: true });
    expect(answer.values).toMatchObject({ name: art.name, email: 'page-answer@example.org', title: '', statement: art.statement });
    expect(Object.keys(answer.values)).not.toContain('image');
    expect(Object.keys(answer.values)).not.toContain('website');
    expect(await snapshot()).toEqual(before);
    const ok = await submitArt({ ...art, email: 'page-answer-ok@example.org' }, [image()], 'ar', 't-art', { accept: 'text/html', 'x-qf-form-answer': 'page' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ widget: 'mf-forms/ArtEntry', outcome: 'submitted', message: 'شكراً لمشاركتك. لقد استلمنا عملك الفني.' });
    expect(ok.json()).not.toHaveProperty('filesDropped');
  });

  it('refuses a body that declares more than the limits allow, unread', async () => {
    const before = await snapshot();
    const res = await app.inject({ method: 'POST', url: '/api/forms/art-entries?window=t-art', headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(50 * MB) }, payload: multipart(art, [image()]) });
    expect(res.statusCode).toBe(413);
    expect(await snapshot()).toEqual(before);
  });
});

describe('a 50 MB upload streamed to the server', () => {
  it('is answered 413 at the limit, before the body is sent, without being buffered', async () => {
    const server = await app.listen({ port: 0, host: '127.0.0.1' }).then(() => app.server.address() as AddressInfo);
    const before = await snapshot();
    const rssBefore = process.memoryUsage().rss;
    const head = Buffer.concat([Buffer.from(multipart(art, []).toString('latin1').replace(`--${BOUNDARY}--\r\n`, ''), 'latin1'), Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`), bytes.png.subarray(0, 8)]);
    const total = 50 * MB;
    const result = await new Promise<{ status: number; body: string; sentWhenAnswered: number }>((resolve, reject) => {
      let sent = 0;
      const req = http.request({ host: '127.0.0.1', port: server.port, method: 'POST', path: '/api/forms/art-entries?window=t-art&lang=ar', headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'transfer-encoding': 'chunked' } });
      req.on('response', (res) => {
        const sentWhenAnswered = sent;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body, sentWhenAnswered });
        });
      });
      req.on('error', (error) => (sent >= total ? undefined : reject(error)));
      const chunk = Buffer.alloc(256 * 1024, 5);
      req.write(head);
      sent = head.length;
      const pump = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body).message).toBe('تم تجاوز الحد الأقصى لحجم الملف. (١٠ ميغابايت كحد أقصى)');
    // Answered at the limit (plus what the sockets hold), long before the 50 MB were sent.
    expect(result.sentWhenAnswered).toBeGreaterThan(10 * MB);
    expect(result.sentWhenAnswered).toBeLessThan(30 * MB);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(40 * MB);
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/forms/scholarships', () => {
  it('stores an application with its five documents in one transaction', async () => {
    const before = await snapshot();
    const res = await apply(student, documents({ transcript: { field: 'transcript', name: 'transcript.png', data: bytes.png } }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ outcome: 'submitted', message: 'Thank you for applying. We have received your application.' });
    const [row] = await db.query<{ id: number; gpa: string; date_of_birth: unknown; choice_3: string }>("SELECT id, gpa::text AS gpa, date_of_birth::text AS date_of_birth, choice_3 FROM scholarship_applications WHERE national_id = '30012345678'");
    expect(row).toMatchObject({ gpa: '3.85', date_of_birth: '2009-04-12', choice_3: 'school-academyati' });
    const files = await db.query<{ field: string; kind: string; id: string }>('SELECT field, kind, id FROM scholarship_files WHERE application_id = $1 ORDER BY field', [row!.id]);
    expect(files.map((f) => [f.field, f.kind])).toEqual([
      ['essay', 'pdf'],
      ['recommendation1', 'pdf'],
      ['recommendation2', 'pdf'],
      ['recommendation3', 'pdf'],
      ['transcript', 'png'],
    ]);
    expect(storedFiles()).toEqual([...before.files, ...files.map((f) => f.id)].sort());
  });

  it('thanks the student in Arabic', async () => {
    const res = await apply({ ...student, nationalId: '٣٠٠١٢٣٤٥٦٧٩', studentEmail: 'noor2@example.org' }, documents(), 'ar');
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('شكراً لتقديم طلبك. لقد استلمنا طلبك.');
    expect((await db.query("SELECT 1 FROM scholarship_applications WHERE national_id = '30012345679'")).length).toBe(1);
  });

  it.each([
    ['en', 'An application has already been submitted for this student in this cycle.', { studentEmail: 'other@example.org' }],
    ['ar', 'تم تقديم طلب لهذا الطالب في هذه الدورة من قبل.', { nationalId: '30012345670', studentEmail: 'NOOR@example.org' }],
  ])('takes one application per student and cycle (%s)', async (lang, message, change) => {
    const before = await snapshot();
    const res = await apply({ ...student, ...change }, documents(), lang);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ outcome: 'already-applied', message });
    expect(await snapshot()).toEqual(before);
  });

  it('puts the SPEC message next to every bad field and stores nothing', async () => {
    const before = await snapshot();
    const en = await apply({}, []);
    expect(en.statusCode).toBe(400);
    expect(en.json().errors).toEqual({
      firstName: 'Please enter a valid name',
      lastName: 'Please enter a valid name',
      nationalId: 'Please enter a valid national ID number (11 digits)',
      dateOfBirth: 'Please enter a valid date of birth',
      gender: 'Select an option',
      gpa: 'Please enter a valid GPA',
      currentSchool: 'This field is required',
      studentPhone: 'Please enter a valid phone number',
      studentEmail: 'Please enter a valid email address',
      parentPhone: 'Please enter a valid phone number',
      parentEmail: 'Please enter a valid email address',
      choice1: 'Select an option',
      choice2: 'Select an option',
      choice3: 'Select an option',
      terms: 'This field is required',
      transcript: 'This field is required',
      recommendation1: 'This field is required',
      recommendation2: 'This field is required',
      recommendation3: 'This field is required',
      essay: 'This field is required',
    });
    const ar = await apply({ ...student, studentEmail: 'x', gender: 'other', choice2: student.choice1, choice3: 'school-nowhere' }, documents().slice(0, 4), 'ar');
    expect(ar.statusCode).toBe(400);
    expect(ar.json()).toEqual({
      outcome: 'invalid',
      message: 'يُرجى تصحيح الحقول المشار إليها أدناه.',
      errors: { studentEmail: 'يُرجى إدخال عنوان بريد إلكتروني صحيح', gender: 'يُرجى اختيار أحد الخيارات', choice2: 'يُرجى اختيار ثلاث مدارس مختلفة', choice3: 'يُرجى اختيار أحد الخيارات', essay: 'هذا الحقل مطلوب' },
    });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['en', 'Applications for this cycle are closed.'],
    ['ar', 'انتهت فترة استقبال الطلبات في هذه الدورة.'],
  ])('says applications are closed after the close date (%s)', async (lang, message) => {
    const before = await snapshot();
    const res = await apply({ ...student, nationalId: '30099999999', studentEmail: 'late@example.org' }, documents(), lang, 't-scholarship-closed');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ outcome: 'closed', message });
    expect(await snapshot()).toEqual(before);
  });

  it('deletes the documents already written when a later one is over 10 MB', async () => {
    const before = await snapshot();
    const big = { field: 'recommendation3', name: 'letter.pdf', data: Buffer.concat([bytes.pdf, Buffer.alloc(11 * MB, 1)]) };
    const res = await apply({ ...student, nationalId: '30011111111', studentEmail: 'big@example.org' }, documents({ recommendation3: big }));
    expect(res.statusCode).toBe(413);
    expect(res.json().errors).toEqual({ recommendation3: 'File size limit exceeded. (10MB max)' });
    expect(await snapshot()).toEqual(before);
  });

  it('deletes the documents already written when the essay is not what its name says', async () => {
    const before = await snapshot();
    const res = await apply({ ...student, nationalId: '30022222222', studentEmail: 'zip@example.org' }, documents({ essay: { field: 'essay', name: 'essay.pdf', data: bytes.zip } }), 'ar');
    expect(res.statusCode).toBe(415);
    expect(res.json().errors).toEqual({ essay: 'نوع هذا الملف غير مقبول. الأنواع المقبولة: .pdf، .jpg، .jpeg، .png' });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 503 when the database fails, keeping neither rows nor files', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await db.query('ALTER TABLE scholarship_files ADD CONSTRAINT qf_test_refuse CHECK (false) NOT VALID');
    try {
      const before = await snapshot();
      const res = await apply({ ...student, nationalId: '30033333333', studentEmail: 'down@example.org' }, documents());
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ outcome: 'error', message: 'An error occured. please try again' });
      expect(await snapshot()).toEqual(before);
    } finally {
      await db.query('ALTER TABLE scholarship_files DROP CONSTRAINT qf_test_refuse');
    }
  });
});

it('exports entries and applications with their uploads as references to the stored files', async () => {
  const entries = await db.query<Record<string, string>>(exportForms['art-entries']!.sql, [null]);
  const entry = entries.find((r) => r.email === 'maryam@example.org')!;
  expect(entry).toMatchObject({ contest_id: 't-art', image_name: 'dunes.jpg', image_kind: 'jpeg' });
  expect(storedFiles()).toContain(entry.image_file);
  const applications = await db.query<Record<string, string>>(exportForms.scholarships!.sql, [null]);
  const application = applications.find((r) => r.national_id === '30012345678')!;
  expect(application).toMatchObject({ date_of_birth: '2009-04-12', gpa: '3.85', choice_1: 'school-qatar-academy-doha' });
  for (const field of ['transcript', 'recommendation1', 'recommendation2', 'recommendation3', 'essay']) expect(storedFiles()).toContain(application[`${field}_file`]);
  expect(await db.query(exportForms['art-entries']!.sql, ['2999-01-01T00:00:00Z'])).toEqual([]);
});

it('keeps the fixture out of the repository content', () => {
  expect(readFileSync(path.resolve(__dirname, '../../content/entries/form_window.json'), 'utf8')).not.toContain('t-art');
});

describe('what uploads may cost in all (issue 37, M1: one address could store 1.49 GB a minute, nothing bounded the store)', () => {
  /** A server of its own, with a small budget or quota, and a clock the test moves. */
  async function budgeted(env: Record<string, string>) {
    let clock = new Date('2026-11-22T09:40:00Z');
    const built = await buildFormsServer({ dir: path.resolve(__dirname, '..'), dataDir: mkdtempSync(path.join(work, 'db-budget-')), env, content: createFileStore(path.join(work, 'content')), now: () => clock, rateLimit: 1_000_000 });
    const send = (email: string, lang = 'en') =>
      built.app.inject({
        method: 'POST',
        url: `/api/forms/art-entries?window=t-art&lang=${lang}`,
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: multipart({ ...art, email }, [image(sampleFile('jpeg', 5 * MB))]),
      });
    const stored = async () => Number((await built.db.query<{ n: string }>('SELECT count(*) AS n FROM art_entries'))[0]?.n);
    return { ...built, send, stored, later: (ms: number) => (clock = new Date(clock.getTime() + ms)) };
  }

  it('answers 429 once the form’s bytes of the hour are spent, in the visitor’s language, until the hour ends; nothing of a refused upload is kept', async () => {
    const site = await budgeted({ UPLOAD_BYTES_PER_HOUR: String(12 * MB) });
    try {
      expect((await site.send('one@example.org')).statusCode).toBe(201);
      expect((await site.send('two@example.org')).statusCode).toBe(201);
      const refused = await site.send('three@example.org');
      expect({ status: refused.statusCode, body: refused.json(), retryAfter: refused.headers['retry-after'] }).toEqual({
        status: 429,
        body: { outcome: 'busy', message: 'We are receiving too many files right now. Please try again later.' },
        retryAfter: String(20 * 60),
      });
      const arabic = await site.send('three@example.org', 'ar');
      expect([arabic.statusCode, arabic.json().message]).toEqual([429, 'نستقبل عدداً كبيراً من الملفات في الوقت الحالي. يُرجى المحاولة مرة أخرى لاحقاً.']);
      expect(await site.stored()).toBe(2);
      // The next hour has a budget of its own.
      site.later(20 * 60_000);
      expect((await site.send('three@example.org')).statusCode).toBe(201);
    } finally {
      await site.app.close();
    }
  });

  it('answers 507 once the stored uploads reach the quota, in the visitor’s language', async () => {
    const site = await budgeted({ UPLOAD_STORE_QUOTA_BYTES: String(12 * MB) });
    try {
      expect((await site.send('one@example.org')).statusCode).toBe(201);
      expect((await site.send('two@example.org')).statusCode).toBe(201);
      const full = await site.send('three@example.org', 'ar');
      expect([full.statusCode, full.json()]).toEqual([507, { outcome: 'full', message: 'لا يمكننا استقبال الملفات في الوقت الحالي. يُرجى المحاولة مرة أخرى لاحقاً.' }]);
      expect(await site.stored()).toBe(2);
    } finally {
      await site.app.close();
    }
  });

  it('refuses a setting below one upload, naming it', async () => {
    await expect(buildFormsServer({ dir: path.resolve(__dirname, '..'), dataDir: mkdtempSync(path.join(work, 'db-budget-')), env: { UPLOAD_BYTES_PER_HOUR: '1000' }, content: createFileStore(path.join(work, 'content')) })).rejects.toThrow(/UPLOAD_BYTES_PER_HOUR.*at least 11534336/);
  });
});
