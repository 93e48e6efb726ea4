import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { sampleFile } from '@qf/shared/testing';
import { buildFormsServer } from './app';
import { runExport, type ExportIo } from './export-command';
import { parseRetentionArgs, runRetention } from './retention-command';

jest.setTimeout(120_000);

let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'qf-retention-'));
  cpSync(path.resolve(__dirname, '../../content/entries'), path.join(work, 'content', 'entries'), { recursive: true });
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A command's io over the PGlite folder `dataDir`: what it printed, and its exit code. */
function io(dataDir: string) {
  const out = { stdout: '', stderr: '' };
  const value: ExportIo = { env: { DATA_DIR: dataDir }, defaultDataDir: dataDir, cwd: work, stdout: (t) => (out.stdout += t), stderr: (t) => (out.stderr += t) };
  return { io: value, out };
}
const run = async (command: typeof runExport, args: string[], dataDir: string) => {
  const { io: value, out } = io(dataDir);
  return { code: await command(args, value), ...out };
};

describe('forms:retention arguments', () => {
  it('takes a form, a date and --delete, and names what is wrong', () => {
    expect(parseRetentionArgs(['--form', 'scholarships', '--before', '2026-01-01'])).toEqual({ form: 'scholarships', before: '2025-12-31T21:00:00.000Z', delete: false });
    expect(parseRetentionArgs(['--form=art-entries', '--before=2026-01-01T00:00:00Z', '--delete'])).toEqual({ form: 'art-entries', before: '2026-01-01T00:00:00.000Z', delete: true });
    expect(() => parseRetentionArgs(['--form', 'newsletter', '--before', '2026-01-01'])).toThrow('--form must be one of art-entries, scholarships (got "newsletter").');
    expect(() => parseRetentionArgs(['--form', 'scholarships'])).toThrow('--before is required.');
    expect(() => parseRetentionArgs(['--form', 'scholarships', '--before', 'last year'])).toThrow(/^--before must be a date/);
  });
});

describe('forms:retention (issue 37, M1: accepted files were kept for ever)', () => {
  it('deletes submissions and their files only once a whole export with the files covered them; without --delete it only says what it would', async () => {
    const dataDir = path.join(work, 'forms');
    const { app } = await buildFormsServer({ dir: path.resolve(__dirname, '..'), dataDir, env: {}, content: createFileStore(path.join(work, 'content')), now: () => new Date('2026-11-22T09:00:00Z'), rateLimit: 1_000_000 });
    const uploads = path.join(work, 'uploads');
    try {
      for (const email of ['a@example.org', 'b@example.org']) {
        const boundary = 'qf-retention';
        const fields = { name: 'Maryam Al-Kuwari', email, phone: '+974 5555 1234', title: 'Dunes', statement: 'Light.', biography: 'A painter.', dimensions: '60 × 90 cm', material: 'Oil', terms: 'true' };
        const parts = [
          ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="dunes.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
          sampleFile('jpeg', 2000),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ];
        const res = await app.inject({ method: 'POST', url: '/api/forms/art-entries?window=form-window-art-contest&lang=en', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts) });
        expect([email, res.statusCode]).toEqual([email, 201]);
      }
    } finally {
      await app.close();
    }
    expect(readdirSync(uploads)).toHaveLength(2);
    // After both were made, before any export.
    const madeBy = new Date().toISOString();
    const soon = new Date(Date.now() + 60_000).toISOString();

    const never = await run(runRetention, ['--form', 'art-entries', '--before', soon, '--delete'], dataDir);
    expect(never).toMatchObject({ code: 1, stdout: '' });
    expect(never.stderr).toBe('forms:retention: nothing deleted: art-entries was never exported whole with its files. Run first: npm run forms:export -- --form art-entries --out <file.csv> --files <folder>\n');

    // An export without the files, or of a part (--since), covers nothing.
    expect((await run(runExport, ['--form', 'art-entries', '--out', 'entries.csv'], dataDir)).code).toBe(0);
    expect((await run(runExport, ['--form', 'art-entries', '--since', '2026-01-01', '--out', 'entries.csv', '--files', 'part'], dataDir)).code).toBe(0);
    expect((await run(runRetention, ['--form', 'art-entries', '--before', soon], dataDir)).code).toBe(1);

    const exported = await run(runExport, ['--form', 'art-entries', '--out', 'entries.csv', '--files', 'files'], dataDir);
    expect(exported.code).toBe(0);
    expect(readdirSync(path.join(work, 'files'))).toHaveLength(2);
    const later = await run(runRetention, ['--form', 'art-entries', '--before', new Date(Date.now() + 3_600_000).toISOString(), '--delete'], dataDir);
    expect(later.code).toBe(1);
    expect(later.stderr).toMatch(/^forms:retention: nothing deleted: the last whole export of art-entries with its files covers submissions up to \S+, not up to \S+\. Run first/);
    expect(readdirSync(uploads)).toHaveLength(2);

    const now = madeBy;
    const dry = await run(runRetention, ['--form', 'art-entries', '--before', now], dataDir);
    expect(dry.stdout).toMatch(/^forms:retention: would delete 2 art-entries submissions made before \S+, with 2 files \(\d+ bytes\); run again with --delete to delete them\n$/);
    expect(readdirSync(uploads)).toHaveLength(2);
    expect((await run(runRetention, ['--form', 'scholarships', '--before', now, '--delete'], dataDir)).code).toBe(1);

    const deleted = await run(runRetention, ['--form', 'art-entries', '--before', now, '--delete'], dataDir);
    expect(deleted).toMatchObject({ code: 0, stderr: '' });
    expect(deleted.stdout).toMatch(/^forms:retention: deleted 2 art-entries submissions made before \S+, with 2 files \(\d+ bytes\)\n$/);
    expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
    const after = await run(runExport, ['--form', 'art-entries'], dataDir);
    expect(after.stdout.trim().split('\n')).toHaveLength(1);
  });
});
