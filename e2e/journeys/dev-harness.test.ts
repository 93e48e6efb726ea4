import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm run dev -w <remote>` (scripts/dev.mjs): one section alone in the site's chrome, built in
 * development mode into a throw-away folder, with the embedded content and none of the other remotes.
 * Checked with mf-idkt built once (`--no-watch`): its pages answer in both languages, another section's
 * page is a 404, and Ctrl-C (SIGTERM) stops every server and deletes the folder.
 */
jest.setTimeout(300_000);

const root = path.resolve(__dirname, '..', '..');
let harness: ChildProcess;
let output = '';
let url = '';

beforeAll(async () => {
  harness = spawn(process.execPath, ['scripts/dev.mjs', 'mf-idkt', '--no-watch'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  harness.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  harness.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const ready = /^ready (http:\/\/127\.0\.0\.1:\d+)$/m.exec(output);
      if (ready) {
        clearInterval(timer);
        resolve(ready[1]!);
      } else if (harness.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`the harness exited (${harness.exitCode}):\n${output}`));
      }
    }, 200);
  });
});

afterAll(() => {
  if (harness.exitCode === null) harness.kill('SIGKILL');
});

const folder = () => /builds in (\S+?)[,)]/.exec(output)?.[1] ?? '';

it('shows the section’s pages in the site’s chrome, in both languages, from its own development build', async () => {
  expect(folder()).toContain(path.join('mf-idkt', 'node_modules', '.cache', 'qf-dev-'));
  expect(existsSync(path.join(folder(), 'dist', 'build-info.json'))).toBe(true);
  expect(output).toContain(`${url}/idkt/technologies   ${url}/ar/idkt/technologies`);
  const en = await fetch(`${url}/idkt`);
  expect(en.status).toBe(200);
  const html = await en.text();
  expect(html).toMatch(/<h1[^>]*>Industry Development and Knowledge Transfer<\/h1>/);
  expect(html).toContain('Skip to main content');
  const ar = await fetch(`${url}/ar/idkt/technologies`);
  expect(ar.status).toBe(200);
  expect(await ar.text()).toContain('<html lang="ar" dir="rtl"');
});

it('has no other section: their pages are not found', async () => {
  expect((await fetch(`${url}/events`)).status).toBe(404);
  expect((await fetch(`${url}/`)).status).toBe(404);
});

it('stops every server and deletes its builds on SIGTERM', async () => {
  const made = folder();
  const exited = new Promise<number | null>((resolve) => harness.once('exit', (code) => resolve(code)));
  harness.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(existsSync(made)).toBe(false);
  await expect(fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
});
