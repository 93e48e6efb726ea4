import { execFile, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, root, startFormsServer } from '../site';
import { sampleFile } from '@qf/shared/testing';

jest.setTimeout(180_000);

const run = promisify(execFile);
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const BOUNDARY = '----qf-durability-uploads';
const DOCUMENTS = ['transcript', 'recommendation1', 'recommendation2', 'recommendation3', 'essay'];
/** A PDF of 300 KB: five make a request long enough for a kill to land in the middle of many. */
const PDF = sampleFile('pdf', 300 * 1024);

/** A scholarship application (five files), distinct per `i`. */
function application(i: number): Buffer {
  const id = String(i).padStart(8, '0');
  const fields: Record<string, string> = {
    firstName: 'Noor',
    lastName: 'Hamad',
    nationalId: `300${id}`,
    dateOfBirth: '2009-04-12',
    gender: 'female',
    gpa: '3.85',
    currentSchool: 'Al Bayan School',
    studentPhone: '+974 5555 0001',
    studentEmail: `durable-${id}@example.org`,
    parentPhone: '+974 5555 0002',
    parentEmail: 'parent@example.org',
    choice1: 'school-qatar-academy-doha',
    choice2: 'school-awsaj-academy',
    choice3: 'school-academyati',
    terms: 'true',
  };
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const field of DOCUMENTS) parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${field}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`), PDF, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/**
 * Uploads across a SIGKILL: scholarship applications (five files each) stream into mf-forms, then the
 * process is killed while three of them are half sent (their first files written), and after a restart (an hour later, as far as the files' ages go)
 * every file on disk belongs to a stored application and every stored file is on disk, and every
 * application that was answered 201 is kept.
 */
describe('uploads across a SIGKILL', () => {
  let work: string;
  let dataDir: string;
  let uploads: string;
  let port: number;
  let child: ChildProcess | undefined;

  const start = async () => {
    child = await startFormsServer(port, { DATA_DIR: dataDir, UPLOADS_DIR: uploads, CONTENT_DIR: path.join(root, 'content') });
  };

  const stop = async () => {
    const exited = new Promise((r) => child!.once('exit', r));
    child!.kill('SIGTERM');
    await exited;
  };

  /** The stored applications, as the operators' export reads them from the database. */
  const exported = async () => {
    const { stdout } = await run(process.execPath, ['-r', './scripts/ts-register.cjs', 'mf-forms/scripts/export.ts', '--form', 'scholarships'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, maxBuffer: 64 * 1024 * 1024 });
    return { files: new Set(stdout.match(UUID) ?? []), text: stdout };
  };
  const onDisk = () => new Set(readdirSync(uploads).filter((name) => /^[0-9a-f-]{36}$/.test(name)));

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'qf-durability-uploads-'));
    dataDir = path.join(work, 'db');
    uploads = path.join(work, 'uploads');
    port = await freePort();
  });
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  });

  it('leaves no file without its application and loses no acknowledged application', async () => {
    await start();
    const acknowledged: string[] = [];
    let killed = false;
    const apply = async (i: number) => {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/forms/scholarships?window=form-window-scholarship-open&lang=en`, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, body: new Uint8Array(application(i)) });
        if (res.status === 201) acknowledged.push(`durable-${String(i).padStart(8, '0')}@example.org`);
        else if (!killed) throw new Error(`application ${i}: ${res.status} ${await res.text()}`);
      } catch (error) {
        if (!killed) throw error;
        // the connection died with the process: not acknowledged
      }
    };
    let streaming = true;
    const stream = (async () => {
      for (let i = 0; streaming && i < 2000; i += 4) await Promise.all([apply(i), apply(i + 1), apply(i + 2), apply(i + 3)]);
    })();
    await new Promise((r) => setTimeout(r, 2000));
    streaming = false;
    await stream;
    // Then three visitors on slow connections are in the middle of sending their files when the process
    // dies: their first four files are on disk, their applications will never be.
    const before = onDisk().size;
    const slow = [9001, 9002, 9003].map((i) => {
      const body = application(i);
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/forms/scholarships?window=form-window-scholarship-open&lang=en', headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(body.length) } });
      req.on('error', () => undefined);
      req.write(body.subarray(0, body.length - PDF.length));
      return req;
    });
    for (let i = 0; i < 200 && onDisk().size < before + 3 * 4; i++) await new Promise((r) => setTimeout(r, 50));
    child!.kill('SIGKILL');
    killed = true;
    for (const req of slow) req.destroy();
    expect(acknowledged.length).toBeGreaterThan(4);

    const afterKill = await exported();
    const leftOnDisk = onDisk();
    const orphans = [...leftOnDisk].filter((name) => !afterKill.files.has(name));
    expect(orphans.length).toBeGreaterThanOrEqual(3 * 4);
    // An hour later: the sweep deletes only files older than any upload still in progress.
    const hourAgo = (Date.now() - 2 * 3600_000) / 1000;
    for (const name of leftOnDisk) utimesSync(path.join(uploads, name), hourAgo, hourAgo);
    await start();
    for (let i = 0; i < 100 && orphans.some((name) => onDisk().has(name)); i++) await new Promise((r) => setTimeout(r, 100));
    await stop();

    const after = await exported();
    console.log(`uploads across a SIGKILL: ${acknowledged.length} applications acknowledged; after the kill ${leftOnDisk.size} files on disk for ${afterKill.files.size} stored (${orphans.length} without an application); after the restart ${onDisk().size} on disk for ${after.files.size} stored`);
    expect([...onDisk()].sort()).toEqual([...after.files].sort());
    expect(after.files.size).toBe(afterKill.files.size);
    expect(acknowledged.filter((email) => !after.text.includes(email))).toEqual([]);
  });
});
