import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, root, startFormsServer } from '../site';

jest.setTimeout(120_000);

/**
 * Acknowledged means durable: a stream of newsletter subscriptions runs against mf-forms (PGlite in a
 * data folder), the process is killed with SIGKILL in the middle of it, and after a restart every
 * address that had been answered 201 is still subscribed.
 */
describe('the forms database', () => {
  let dataDir: string;
  let port: number;
  let child: ChildProcess | undefined;

  const start = async () => {
    child = await startFormsServer(port, { DATA_DIR: dataDir, CONTENT_DIR: path.join(root, 'content') });
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'qf-durability-'));
    port = await freePort();
  });
  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every subscription it acknowledged when the process is killed mid-stream', async () => {
    await start();
    const acknowledged: string[] = [];
    let killed = false;
    const subscribe = async (i: number) => {
      const email = `durable-${i}@example.org`;
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/forms/newsletter`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
        if (res.status === 201) acknowledged.push(email);
      } catch {
        // the connection died with the process: not acknowledged
      }
    };
    const stream = (async () => {
      for (let i = 0; !killed && i < 5000; i += 4) await Promise.all([subscribe(i), subscribe(i + 1), subscribe(i + 2), subscribe(i + 3)]);
    })();
    await new Promise((r) => setTimeout(r, 1500));
    child!.kill('SIGKILL');
    killed = true;
    await stream;
    expect(acknowledged.length).toBeGreaterThan(10);

    await start();
    const lost: string[] = [];
    for (const email of acknowledged) {
      const res = await fetch(`http://127.0.0.1:${port}/api/forms/newsletter`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
      if (res.status !== 409) lost.push(email);
    }
    expect(lost).toEqual([]);
  });
});
