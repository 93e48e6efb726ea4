import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createFileStore } from '@qf/shared/content';
import { buildFormsServer } from './app';
import type { Db } from './db';
import { parseExportArgs, parseSince } from './export-command';
import { exportForms } from './export-forms';
import { testBackends, type TestDatabase } from './test-databases';

jest.setTimeout(120_000);

const root = path.resolve(__dirname, '../..');
const NOW = new Date('2026-11-22T09:00:00Z');

/** `npm run forms:export -- ...` as the teams run it: a separate Node process. */
function runExport(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-r', path.join(root, 'scripts/ts-register.cjs'), path.join(root, 'mf-forms/scripts/export.ts'), ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', INIT_CWD: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.on('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe('forms:export arguments', () => {
  it('reads a calendar date as midnight in Doha, and an instant as given', () => {
    expect(parseSince('2026-11-01')).toBe('2026-10-31T21:00:00.000Z');
    expect(parseSince('2026-11-01T08:00:00Z')).toBe('2026-11-01T08:00:00.000Z');
    expect(parseSince('2026-11-01T08:00:00+03:00')).toBe('2026-11-01T05:00:00.000Z');
  });

  it.each(['2026-02-30', '2026-13-01', '2026-11-01T08:00:00', 'yesterday', '01/11/2026', ''])('refuses --since %p with the formats it takes', (value) => {
    expect(() => parseSince(value)).toThrow(`--since must be a date (YYYY-MM-DD, midnight Doha time) or an ISO 8601 instant with its offset (2026-11-01T08:00:00Z); got "${value}".`);
  });

  it('takes --name value and --name=value', () => {
    expect(parseExportArgs(['--form=newsletter', '--out', 'x.csv'])).toEqual({ form: 'newsletter', since: undefined, out: 'x.csv' });
    expect(() => parseExportArgs(['--form'])).toThrow('--form needs a value.');
    expect(() => parseExportArgs(['--out', 'x.csv'])).toThrow('--form is required.');
    expect(() => parseExportArgs(['--form', 'newsletter', '--format', 'xlsx'])).toThrow('Unknown argument "--format".');
  });
});

const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Layla Hassan',
  email,
  title: 'Teacher',
  company: 'Qatar Academy',
  nationality: 'Qatari',
  countryOfResidence: 'Qatar',
  heardFrom: 'website',
  attendance: 'online',
  vaccinated: true,
  ...extra,
});

for (const backend of testBackends()) {
  (backend.enabled ? describe : describe.skip)(`npm run forms:export (${backend.label})`, () => {
    let store: TestDatabase;
    let work: string;
    let contentDir: string;
    let env: NodeJS.ProcessEnv;

    const start = (): Promise<{ app: FastifyInstance; db: Db }> =>
      buildFormsServer({ dir: path.resolve(__dirname, '..'), dataDir: store.dataDir, databaseUrl: store.databaseUrl, env: {}, content: createFileStore(contentDir), now: () => NOW, rateLimit: 1_000_000 });

    beforeAll(async () => {
      work = mkdtempSync(path.join(os.tmpdir(), 'qf-export-'));
      contentDir = path.join(work, 'content');
      cpSync(path.resolve(root, 'content/entries'), path.join(contentDir, 'entries'), { recursive: true });
      const loc = (en: string, ar: string) => ({ 'en-US': en, 'ar-QA': ar });
      writeFileSync(
        path.join(contentDir, 'entries', 'zz-test-events.json'),
        JSON.stringify([
          {
            sys: { id: 'x-webinar', contentType: 'event' },
            fields: {
              title: loc('Webinar', 'ندوة'),
              slug: { 'en-US': 'x-webinar' },
              startDate: { 'en-US': '2027-01-10T18:00:00+03:00' },
              endDate: { 'en-US': '2027-01-10T20:00:00+03:00' },
              attendance: { 'en-US': 'online' },
              location: loc('Online', 'عبر الإنترنت'),
              organizer: loc('Qatar Foundation', 'مؤسسة قطر'),
              summary: loc('A test event.', 'فعالية تجريبية.'),
              body: { 'en-US': ['Body.'], 'ar-QA': ['نص.'] },
              registrationOpen: { 'en-US': true },
              capacityInPerson: { 'en-US': 0 },
            },
          },
        ]),
      );
      store = await backend.create();
      env = store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : { DATA_DIR: store.dataDir };
      const { app, db } = await start();
      const post = (url: string, body: unknown, lang = 'en') => app.inject({ method: 'POST', url: `${url}?lang=${lang}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect((await post('/api/forms/newsletter', { email: 'old@example.org' })).statusCode).toBe(201);
      expect((await post('/api/forms/newsletter', { email: 'layla@example.org' }, 'ar')).statusCode).toBe(201);
      expect((await post('/api/forms/newsletter', { email: '-minus@example.org' })).statusCode).toBe(201);
      expect((await post('/api/forms/events/x-webinar/registrations', registration('reg1@example.org', { name: 'ليلى "Layla", حسن', title: '=HYPERLINK("http://evil.example","x")', company: 'Line one\nLine two' }), 'ar')).statusCode).toBe(201);
      expect((await post('/api/forms/events/x-webinar/registrations', registration('reg2@example.org'))).statusCode).toBe(201);
      await db.query("UPDATE newsletter_subscriptions SET created_at = '2020-01-01T00:00:00Z' WHERE email = 'old@example.org'");
      await db.query("UPDATE newsletter_subscriptions SET created_at = '2026-11-20T10:00:00Z' WHERE email <> 'old@example.org'");
      await db.query("UPDATE event_registrations SET created_at = '2026-11-21T10:00:00Z'");
      await app.close();
    });

    afterAll(async () => {
      await store.drop();
      rmSync(work, { recursive: true, force: true });
    });

    it('writes the newsletter subscriptions as CSV to a file, with a BOM and formula-safe cells', async () => {
      const out = path.join(work, 'out', 'newsletter.csv');
      const res = await runExport(['--form', 'newsletter', '--out', out], env);
      expect(res.code).toBe(0);
      expect(res.stderr).toBe(`forms:export: 3 newsletter rows written to ${out}\n`);
      const lines = readFileSync(out, 'utf8').split('\r\n');
      expect(lines[0]).toBe('\uFEFFid,email,list,language,subscribed at');
      expect(lines.slice(1).map((l) => l.replace(/^\d+,/, ''))).toEqual([
        'old@example.org,general,en,2020-01-01T00:00:00.000Z',
        'layla@example.org,general,ar,2026-11-20T10:00:00.000Z',
        "'-minus@example.org,general,en,2026-11-20T10:00:00.000Z",
        '',
      ]);
    });

    it('keeps only what came in since a date (midnight, Doha time)', async () => {
      const res = await runExport(['--form', 'newsletter', '--since', '2026-11-20'], env);
      expect(res.code).toBe(0);
      expect(res.stderr).toBe('forms:export: 2 newsletter rows since 2026-11-19T21:00:00.000Z\n');
      expect(res.stdout).not.toContain('old@example.org');
      expect(res.stdout).toContain('layla@example.org');
    });

    it('exports registrations with quotes, commas, line breaks and Arabic intact, and formulas defused', async () => {
      const res = await runExport(['--form=event-registrations', '--since=2026-11-21T00:00:00Z'], env);
      expect(res.code).toBe(0);
      expect(res.stdout.startsWith('\uFEFFid,event id,name,email,job title,company,nationality,country of residence,heard from,attendance,vaccinated,language,registered at\r\n')).toBe(true);
      const rows = res.stdout.split('\r\n').slice(1, -1).map((l) => l.replace(/^\d+,/, ''));
      expect(rows).toEqual([
        `x-webinar,"ليلى ""Layla"", حسن",reg1@example.org,"'=HYPERLINK(""http://evil.example"",""x"")","Line one\nLine two",Qatari,Qatar,website,online,true,ar,2026-11-21T10:00:00.000Z`,
        'x-webinar,Layla Hassan,reg2@example.org,Teacher,Qatar Academy,Qatari,Qatar,website,online,true,en,2026-11-21T10:00:00.000Z',
      ]);
    });

    it('lists the confirmation emails waiting in the outbox', async () => {
      const res = await runExport(['--form', 'email-outbox'], env);
      expect(res.code).toBe(0);
      const rows = res.stdout.split('\r\n').slice(1, -1).map((l) => l.split(',').slice(1, 4).concat(l.split(',').slice(-4)));
      expect(rows.map((r) => r.slice(0, 3))).toEqual([
        ['newsletter-welcome', 'old@example.org', 'en'],
        ['newsletter-welcome', 'layla@example.org', 'ar'],
        ['newsletter-welcome', "'-minus@example.org", 'en'],
        ['event-registration', 'reg1@example.org', 'ar'],
        ['event-registration', 'reg2@example.org', 'en'],
      ]);
      // Pending (no SMTP_URL in this test): no attempt yet, nothing sent, no error.
      expect(rows.every((r) => r[3] === '0' && /^\d{4}-/.test(r[4]!) && r[5] === '' && r[6] === '')).toBe(true);
    });

    it('names the valid forms and exits 2 for an unknown form or a bad date', async () => {
      const unknown = await runExport(['--form', 'applications'], env);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain(`forms:export: Unknown form "applications". Valid forms: ${Object.keys(exportForms).join(', ')}.`);
      for (const name of Object.keys(exportForms)) expect(unknown.stderr).toContain(`  ${name.padEnd(24)} ${exportForms[name]!.description}`);
      const badDate = await runExport(['--form', 'newsletter', '--since', 'last week'], env);
      expect(badDate.code).toBe(2);
      expect(badDate.stderr).toContain('--since must be a date (YYYY-MM-DD, midnight Doha time)');
      expect(badDate.stdout).toBe('');
    });

    if (backend.kind === 'pglite') {
      it('refuses, with the reason and the way out, while the server has the data folder open', async () => {
        const { app } = await start();
        try {
          const res = await runExport(['--form', 'newsletter'], env);
          expect(res.code).toBe(3);
          expect(res.stderr).toBe(
            `forms:export: the forms database in ${store.dataDir} is in use by process ${process.pid} (the mf-forms server). PGlite lets one process at a time open a data folder: stop the server and run the export again, or run the site on PostgreSQL (DATABASE_URL), where exports run alongside it.\n`,
          );
          expect(res.stdout).toBe('');
        } finally {
          await app.close();
        }
        // Once the server has stopped, the export runs.
        expect((await runExport(['--form', 'newsletter'], env)).code).toBe(0);
      });

      it('says where it looked when there is no database', async () => {
        const missing = path.join(work, 'no-such-folder');
        const res = await runExport(['--form', 'newsletter'], { DATA_DIR: missing });
        expect(res.code).toBe(1);
        expect(res.stderr).toBe(`forms:export: there is no forms database in ${missing}. Set DATA_DIR to the server's data folder, or DATABASE_URL for PostgreSQL.\n`);
      });
    } else {
      it('runs alongside the server on PostgreSQL', async () => {
        const { app } = await start();
        try {
          expect((await runExport(['--form', 'newsletter'], env)).code).toBe(0);
        } finally {
          await app.close();
        }
      });
    }
  });
}
