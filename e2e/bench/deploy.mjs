// `npm run bench:deploy`: a section deployed and rolled back under load, as ops do it on the running site
// (issue 12). `npm start` serves the site from a throw-away release store; a second release of mf-events
// is built as its team would (the same code with another hash salt: other file names, another build id,
// QF_HASH_SALT) and released; then, each time with autocannon at 50 connections on the section's pages
// (the events list and an event, English and Arabic) from a few seconds before to a few after,
// `npm run deploy -- mf-events <B>` and `npm run rollback -- mf-events`.
//
// Prints, for each: how long the command took (wall clock, and the switch as the supervisor measured it),
// requests, non-2xx answers, errors and timeouts, p99, the command's own output (each step timed);
// whether the shell is the same process after both.
// Bars (issue 12): deploy and rollback each <= 10 s, 0 failed or 5xx requests, the shell neither rebuilt
// nor restarted. Exit 1 above a bar, 2 when it cannot be measured.
//
// Options: --connections N (50), --before S (3: load before the command), --after S (3: load after it).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { fail, npmIn, saltedRelease, stopChild } from './site.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const BARS = { seconds: 10, failed: 0 };
const PATHS = ['/events', '/ar/events', '/events/water-security-arid-regions-conference-2027', '/ar/events/water-security-arid-regions-conference-2027'];

const { values: opts } = parseArgs({ options: { connections: { type: 'string', default: '50' }, before: { type: 'string', default: '3' }, after: { type: 'string', default: '3' } } });
const connections = Number(opts.connections);

const work = mkdtempSync(path.join(os.tmpdir(), 'qf-bench-deploy-'));
const store = path.join(work, 'releases');
const freePort = () => new Promise((resolve, reject) => {
  const s = net.createServer();
  s.once('error', reject);
  s.listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});

const npm = (args, env = {}) => npmIn(store, args, env);

let site;
let output = '';
async function cleanup() {
  await stopChild(site, 20_000);
  rmSync(work, { recursive: true, force: true });
}

try {
  console.log('building a second release of mf-events (another hash salt)…');
  const releaseB = await saltedRelease(store, work);

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  site = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), RELEASES_DIR: store, SUPERVISOR_PORT: '0', DATA_DIR: path.join(work, 'forms'), SHELL_ORIGINS: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  site.stdout.on('data', (d) => (output += d));
  site.stderr.on('data', (d) => (output += d));
  const until = Date.now() + 120_000;
  // Started when npm start prints its address (the shell answers before the sections are ready).
  while (!/^site: http:\/\//m.test(output) || !(await fetch(`${url}/healthz`).then((r) => r.ok, () => false))) {
    if (site.exitCode !== null || Date.now() > until) throw new Error(`the site did not start:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const supervisor = JSON.parse(readFileSync(path.join(store, '.deploy', 'supervisor.json'), 'utf8'));
  const state = async () => (await fetch(`${supervisor.url}/_supervisor/state`, { headers: { authorization: `Bearer ${supervisor.token}` } })).json();
  const shellBefore = (await state()).shell?.pid;
  // Warm: every page once in each language, so the load measures serving, not first renders.
  for (const p of PATHS) await (await fetch(url + p)).text();

  const rows = [];
  for (const [name, args] of [['deploy', ['deploy', '--', 'mf-events', releaseB]], ['rollback', ['rollback', '--', 'mf-events']]]) {
    let command;
    const load = autocannon({
      url,
      connections,
      duration: Number(opts.before) + 15,
      requests: PATHS.map((p) => ({ method: 'GET', path: p, headers: { 'accept-encoding': 'br, gzip' } })),
    });
    await new Promise((r) => setTimeout(r, Number(opts.before) * 1000));
    command = await npm(args);
    await new Promise((r) => setTimeout(r, Number(opts.after) * 1000));
    load.stop();
    const result = await load;
    const live = /live in ([\d.]+) s, done in ([\d.]+) s/.exec(command.stdout);
    rows.push({
      name,
      code: command.code,
      line: (command.stdout || command.stderr).trim(),
      wall: command.ms / 1000,
      live: live ? Number(live[1]) : NaN,
      done: live ? Number(live[2]) : NaN,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      p99: result.latency.p99,
    });
  }
  const shellAfter = (await state()).shell?.pid;

  console.log(`\nbench:deploy (${connections} connections on ${PATHS.length} pages of mf-events, ${new Date().toISOString()})`);
  console.log('| command | exit | wall s | live after s | done s | requests | non-2xx | errors | timeouts | p99 ms |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.name} | ${r.code} | ${r.wall.toFixed(1)} | ${r.live} | ${r.done} | ${r.requests} | ${r.non2xx} | ${r.errors} | ${r.timeouts} | ${r.p99} |`);
  for (const r of rows) console.log(`${r.name}: ${r.line}`);
  console.log(`shell: process ${shellBefore} before, ${shellAfter} after (${shellBefore && shellBefore === shellAfter ? 'the same: neither rebuilt nor restarted' : 'NOT the same'})`);
  const over = rows.flatMap((r) => [
    ...(r.code !== 0 ? [`${r.name} exited ${r.code}`] : []),
    ...(r.wall > BARS.seconds ? [`${r.name} took ${r.wall.toFixed(1)} s (bar ${BARS.seconds} s)`] : []),
    ...(r.non2xx + r.errors + r.timeouts > BARS.failed ? [`${r.name}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts (bar 0)`] : []),
  ]);
  if (!shellBefore || shellBefore !== shellAfter) over.push('the shell was restarted');
  console.log(over.length ? `over a bar: ${over.join('; ')}` : 'every figure at or under its bar');
  await cleanup();
  process.exit(over.length ? 1 : 0);
} catch (error) {
  console.error(String(error?.stack ?? error));
  await cleanup();
  fail('bench:deploy could not measure');
}
