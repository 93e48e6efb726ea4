import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ORPHAN_AGE_MS, sweepOrphans } from './upload-store';

describe('the sweep of uploads without a submission', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'qf-sweep-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const file = (name: string, ageMs: number) => {
    writeFileSync(path.join(dir, name), 'x');
    const at = (Date.now() - ageMs) / 1000;
    utimesSync(path.join(dir, name), at, at);
    return name;
  };

  it('deletes old files no row references (a crash left them), and keeps referenced, recent and foreign ones', async () => {
    const kept = file(randomUUID(), 2 * ORPHAN_AGE_MS);
    const orphan = file(randomUUID(), 2 * ORPHAN_AGE_MS);
    const inProgress = file(randomUUID(), 5_000);
    const foreign = file('README.txt', 2 * ORPHAN_AGE_MS);
    const deleted = await sweepOrphans(dir, async () => new Set([kept]));
    expect(deleted).toEqual([orphan]);
    expect(readdirSync(dir).sort()).toEqual([kept, inProgress, foreign].sort());
    expect(existsSync(path.join(dir, orphan))).toBe(false);
  });

  it('does nothing, and asks nothing, in an empty or missing folder', async () => {
    const referenced = jest.fn(async () => new Set<string>());
    expect(await sweepOrphans(dir, referenced)).toEqual([]);
    expect(await sweepOrphans(path.join(dir, 'missing'), referenced)).toEqual([]);
    expect(referenced).not.toHaveBeenCalled();
  });
});

describe('the forms server at start-up', () => {
  it('deletes the uploads a crash left without their submission, and keeps those with one', async () => {
    const { createFileStore } = await import('@qf/shared/content');
    const { buildFormsServer } = await import('./app');
    const work = mkdtempSync(path.join(os.tmpdir(), 'qf-sweep-server-'));
    const uploads = path.join(work, 'uploads');
    // A first run: one submission with its file row, and one file whose row never came (the crash).
    const first = await buildFormsServer({ dir: path.resolve(__dirname, '..'), dataDir: path.join(work, 'db'), env: {}, content: createFileStore(path.resolve(__dirname, '../../content')) });
    const entry = await first.db.query<{ id: string }>(
      "INSERT INTO art_entries (contest_id, name, email, email_normalized, phone, title, statement, biography, dimensions, material, terms_accepted, lang) VALUES ('c', 'Amal', 'a@example.org', 'a@example.org', '+97455555555', 'Sea', 's', 'b', '1x1', 'oil', true, 'en') RETURNING id::text AS id",
    );
    const withRow = randomUUID();
    const orphan = randomUUID();
    await first.db.query("INSERT INTO art_entry_files (id, entry_id, field, original_name, kind, size_bytes, sha256) VALUES ($1, $2, 'image', 'a.png', 'png', 1, 'x')", [withRow, entry[0]!.id]);
    await first.app.close();
    const old = (Date.now() - 2 * ORPHAN_AGE_MS) / 1000;
    for (const name of [withRow, orphan]) {
      writeFileSync(path.join(uploads, name), 'x');
      utimesSync(path.join(uploads, name), old, old);
    }
    const second = await buildFormsServer({ dir: path.resolve(__dirname, '..'), dataDir: path.join(work, 'db'), env: {}, content: createFileStore(path.resolve(__dirname, '../../content')) });
    for (let i = 0; i < 50 && existsSync(path.join(uploads, orphan)); i++) await new Promise((r) => setTimeout(r, 100));
    expect(readdirSync(uploads)).toEqual([withRow]);
    await second.app.close();
    rmSync(work, { recursive: true, force: true });
  }, 60_000);
});
