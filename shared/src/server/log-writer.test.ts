import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogWriter } from './log-writer';

describe('the log writer', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'qf-log-writer-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const until = async (done: () => boolean) => {
    for (const deadline = Date.now() + 5000; !done() && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 5));
  };

  it('writes every line, in order, whole', async () => {
    const file = path.join(dir, 'log');
    const fd = openSync(file, 'w');
    const writer = createLogWriter({ fd, batchBytes: 4096, flushMs: 20 });
    const lines = Array.from({ length: 2000 }, (_, i) => `${JSON.stringify({ i, msg: 'مرحبا'.repeat(i % 7), pad: 'x'.repeat(i % 300) })}\n`);
    for (const line of lines) writer.write(line);
    const expected = lines.join('');
    await until(() => readFileSync(file, 'utf8').length === expected.length);
    expect(readFileSync(file, 'utf8')).toBe(expected);
    expect(writer.dropped).toBe(0);
    closeSync(fd);
  });

  it('writes a lone line once its flush time has passed, and a line longer than a batch whole', async () => {
    const file = path.join(dir, 'log');
    const fd = openSync(file, 'w');
    const writer = createLogWriter({ fd, batchBytes: 1024, flushMs: 30 });
    writer.write('{"a":1}\n');
    expect(readFileSync(file, 'utf8')).toBe('');
    await until(() => readFileSync(file, 'utf8') !== '');
    expect(readFileSync(file, 'utf8')).toBe('{"a":1}\n');
    const long = `${JSON.stringify({ stack: 'at x\n'.repeat(1000) })}\n`;
    writer.write(long);
    writer.write('{"b":2}\n');
    await until(() => readFileSync(file, 'utf8').endsWith('{"b":2}\n'));
    expect(readFileSync(file, 'utf8')).toBe(`{"a":1}\n${long}{"b":2}\n`);
    closeSync(fd);
  });

  it('writes what waits at once when asked (the process is about to end)', () => {
    const file = path.join(dir, 'log');
    const fd = openSync(file, 'w');
    const writer = createLogWriter({ fd, flushMs: 10_000 });
    writer.write('{"last":true}\n');
    writer.flushSync();
    expect(readFileSync(file, 'utf8')).toBe('{"last":true}\n');
    closeSync(fd);
  });

  it('never holds up its process when the reader stops reading: lines past the bound are dropped and counted, and the rest arrives once it reads again', async () => {
    // A child writes 20 MB of lines through a pipe nobody reads for a while; its event loop keeps turning.
    const script = `
      const { createLogWriter } = require(${JSON.stringify(require.resolve('./log-writer'))});
      const writer = createLogWriter({ fd: 1, batchBytes: 65536, maxPendingBytes: 4 * 1024 * 1024 });
      let ticks = 0;
      const timer = setInterval(() => ticks++, 1);
      const line = JSON.stringify({ pad: 'x'.repeat(200) }) + '\\n';
      for (let i = 0; i < 100000; i++) writer.write(line);
      setTimeout(() => { clearInterval(timer); process.stderr.write(JSON.stringify({ ticks, dropped: writer.dropped })); }, 300);
    `;
    const child = spawn(process.execPath, ['-r', path.join(__dirname, '../../../scripts/ts-register.cjs'), '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pause();
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    await until(() => err.includes('}'));
    const said = JSON.parse(err) as { ticks: number; dropped: number };
    expect(said.ticks).toBeGreaterThan(50);
    expect(said.dropped).toBeGreaterThan(0);
    let bytes = 0;
    child.stdout.on('data', (d: Buffer) => (bytes += d.length));
    child.stdout.resume();
    await new Promise((resolve) => child.once('exit', resolve));
    const line = JSON.stringify({ pad: 'x'.repeat(200) }).length + 1;
    expect(bytes).toBe((100000 - said.dropped) * line);
  }, 30_000);
});
