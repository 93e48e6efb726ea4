import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, root, startFormsServer } from '../site';

jest.setTimeout(180_000);

const EVENT_ID = 'durability-hall';

/** RFC 4180 rows (quoted fields may hold commas, quotes and line breaks), BOM removed. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\r' && s[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/**
 * Acknowledged means durable, for event registrations too: a stream of registrations (online and in
 * person, in both languages) runs against mf-forms on PGlite, the process is killed with SIGKILL in the
 * middle of it, and the database is then read by `npm run forms:export` once the process is gone: every
 * registration that had been answered 201 is there, with its confirmation email in the outbox.
 */
describe('event registrations across a SIGKILL', () => {
  let work: string;
  let dataDir: string;
  let port: number;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'qf-durability-reg-'));
    dataDir = path.join(work, 'forms');
    const contentDir = path.join(work, 'content');
    cpSync(path.join(root, 'content', 'entries'), path.join(contentDir, 'entries'), { recursive: true });
    cpSync(path.join(root, 'content', 'redirects.json'), path.join(contentDir, 'redirects.json'));
    const start = new Date(Date.now() + 30 * 86_400_000);
    const loc = (en: string, ar: string) => ({ 'en-US': en, 'ar-QA': ar });
    writeFileSync(
      path.join(contentDir, 'entries', 'zz-durability-event.json'),
      JSON.stringify([
        {
          sys: { id: EVENT_ID, contentType: 'event', updatedAt: new Date().toISOString() },
          fields: {
            title: loc('Durability lecture', 'محاضرة المتانة'),
            slug: { 'en-US': 'durability-lecture' },
            startDate: { 'en-US': start.toISOString() },
            endDate: { 'en-US': new Date(start.getTime() + 7_200_000).toISOString() },
            attendance: { 'en-US': 'hybrid' },
            location: loc('Education City', 'المدينة التعليمية'),
            organizer: loc('Qatar Foundation', 'مؤسسة قطر'),
            summary: loc('A lecture for the durability journey.', 'محاضرة لاختبار المتانة.'),
            body: { 'en-US': ['A paragraph.'], 'ar-QA': ['فقرة.'] },
            webinarLink: { 'en-US': 'https://example.org/webinars/durability' },
            registrationOpen: { 'en-US': true },
            capacityInPerson: { 'en-US': 100_000 },
          },
        },
      ]),
    );
    port = await freePort();
    child = await startFormsServer(port, { DATA_DIR: dataDir, CONTENT_DIR: contentDir, DATABASE_URL: '', SMTP_URL: '' });
  });

  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  });

  const exportCsv = (form: string) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const p = spawn(process.execPath, ['-r', path.join(root, 'scripts/ts-register.cjs'), path.join(root, 'mf-forms/scripts/export.ts'), '--form', form], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      });
      let stdout = '';
      let stderr = '';
      p.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
      p.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
      p.on('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    });

  it('keeps every registration it acknowledged, with its confirmation email', async () => {
    const acknowledged: string[] = [];
    let answeredOtherwise = 0;
    let killed = false;
    const register = async (i: number) => {
      const email = `durable-reg-${i}@example.org`;
      const lang = i % 2 ? 'ar' : 'en';
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/forms/events/${EVENT_ID}/registrations?lang=${lang}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Layla Hassan', email, title: 'Teacher', company: 'Qatar Academy', nationality: 'Qatari', countryOfResidence: 'Qatar', heardFrom: 'website', attendance: i % 3 ? 'online' : 'in-person', vaccinated: true }),
        });
        if (res.status === 201) acknowledged.push(email);
        else answeredOtherwise++;
      } catch {
        // the connection died with the process: not acknowledged
      }
    };
    const stream = (async () => {
      for (let i = 0; !killed && i < 5000; i += 4) await Promise.all([register(i), register(i + 1), register(i + 2), register(i + 3)]);
    })();
    await new Promise((r) => setTimeout(r, 2000));
    const exited = new Promise((r) => child!.once('exit', r));
    child!.kill('SIGKILL');
    killed = true;
    await stream;
    await exited;
    expect(answeredOtherwise).toBe(0);
    expect(acknowledged.length).toBeGreaterThan(10);

    // The process is gone (its lock on the data folder is stale): the export command opens the folder.
    const registrations = await exportCsv('event-registrations');
    expect(registrations.stderr).toMatch(/^forms:export: \d+ event-registrations rows\n$/);
    expect(registrations.code).toBe(0);
    const [header, ...rows] = parseCsv(registrations.stdout);
    const emailColumn = header!.indexOf('email');
    const ours = rows.filter((r) => r[header!.indexOf('event id')] === EVENT_ID);
    const stored = new Set(ours.map((r) => r[emailColumn]));
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
    // Nothing was stored twice.
    expect(stored.size).toBe(ours.length);

    const outbox = await exportCsv('email-outbox');
    expect(outbox.code).toBe(0);
    const [outboxHeader, ...mails] = parseCsv(outbox.stdout);
    const queued = new Set(mails.filter((m) => m[outboxHeader!.indexOf('kind')] === 'event-registration').map((m) => m[outboxHeader!.indexOf('to')]));
    expect(acknowledged.filter((email) => !queued.has(email))).toEqual([]);
    // One email per stored registration: the submission and its email were one transaction.
    expect([...stored].filter((email) => !queued.has(email))).toEqual([]);
    expect(queued.size).toBe(stored.size);
  });
});
