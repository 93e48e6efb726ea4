// `npm run bench:rollout`: a section's rolling update and rollback on the production topology in small
// (issue 33, item 2). `npm run cluster` runs nginx, PostgreSQL, Prometheus and two of every server from a
// throw-away release store; a second release of mf-events is built as its team would (the same code
// with another hash salt: other file names, another build id) and released; then, for each round,
// with autocannon at 50 connections through nginx on pages of every section in both languages (mf-events'
// among them) from a few seconds before to a few after, `npm run deploy -- mf-events <B> --cluster` and
// `npm run rollback -- mf-events --cluster`.
//
// Prints, per command: exit code, wall clock, requests, errors (no answer), timeouts, 5xx, non-2xx, p99;
// the command's own steps once; whether the shells are the same processes after every round.
// Bars (issue 33): 0 failed requests and 0 5xx during each deploy and each rollback. Exit 1 above a
// bar, 2 when it cannot be measured.
//
// Options: --connections N (50), --rounds N (2), --before S (3: load before the command), --after S (3).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { fail, npmIn, saltedRelease, stopChild } from './site.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const PATHS = ['/events', '/ar/events', '/events/water-security-arid-regions-conference-2027', '/', '/ar', '/stories', '/media-center', '/ar/idkt'];

const { values: opts } = parseArgs({ options: { connections: { type: 'string', default: '50' }, rounds: { type: 'string', default: '2' }, before: { type: 'string', default: '3' }, after: { type: 'string', default: '3' } } });
const connections = Number(opts.connections);
const rounds = Number(opts.rounds);

const work = mkdtempSync(path.join(os.tmpdir(), 'qf-bench-rollout-'));
const store = path.join(work, 'releases');
const sleep = (s) => new Promise((r) => setTimeout(r, s * 1000));

const npm = (args, env = {}) => npmIn(store, args, env);

let cluster;
let output = '';
async function cleanup() {
  await stopChild(cluster);
  rmSync(work, { recursive: true, force: true });
}

try {
  console.log('building a second release of mf-events (another hash salt)…');
  const releaseB = await saltedRelease(store, work);

  const reportFile = path.join(work, 'report.json');
  cluster = spawn(process.execPath, [path.join(root, 'scripts', 'cluster.mjs')], { cwd: root, env: { ...process.env, CLUSTER_PORT: '0', CLUSTER_REPORT: reportFile, CLUSTER_QUIET: '1', RELEASES_DIR: store }, stdio: ['ignore', 'pipe', 'pipe'] });
  cluster.stdout.on('data', (d) => (output += d));
  cluster.stderr.on('data', (d) => (output += d));
  const until = Date.now() + 240_000;
  while (!existsSync(reportFile)) {
    if (cluster.exitCode !== null || Date.now() > until) throw new Error(`the cluster did not start:\n${output.slice(-3000)}`);
    await sleep(0.5);
  }
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const shellPids = report.servers.filter((s) => s.name === 'shell').map((s) => s.pid);
  // Warm: every page once through each shell, so the load measures serving, not first renders.
  for (let i = 0; i < 2; i++) for (const p of PATHS) await (await fetch(report.url + p)).text();

  const rows = [];
  const commands = [];
  for (let round = 1; round <= rounds; round++) {
    for (const [name, args] of [['deploy', ['deploy', '--', 'mf-events', releaseB, '--cluster']], ['rollback', ['rollback', '--', 'mf-events', '--cluster']]]) {
      const load = autocannon({ url: report.url, connections, duration: 3600, requests: PATHS.map((p) => ({ method: 'GET', path: p, headers: { 'accept-encoding': 'br, gzip' } })) });
      await sleep(Number(opts.before));
      const command = await npm(args);
      await sleep(Number(opts.after));
      load.stop();
      const result = await load;
      if (round === 1 || command.code !== 0) commands.push(`${name} ${round}: ${(command.stdout + command.stderr).trim()}`);
      rows.push({ name: `${name} ${round}`, code: command.code, wall: command.ms / 1000, requests: result.requests.total, errors: result.errors, timeouts: result.timeouts, fivexx: result['5xx'], non2xx: result.non2xx, p99: result.latency.p99 });
    }
  }
  const shellsAfter = JSON.parse(readFileSync(path.join(JSON.parse(readFileSync(path.join(store, '.deploy', 'cluster.json'), 'utf8')).stateDir, 'live.json'), 'utf8'));
  const sameShells = shellPids.every((pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  });

  console.log(`\nbench:rollout (npm run cluster: 2 of every server behind nginx; ${connections} connections on ${PATHS.length} pages of every section through nginx, ${new Date().toISOString()})`);
  console.log('| command | exit | wall s | requests | errors | timeouts | 5xx | non-2xx | p99 ms |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.name} | ${r.code} | ${r.wall.toFixed(1)} | ${r.requests} | ${r.errors} | ${r.timeouts} | ${r.fivexx} | ${r.non2xx} | ${r.p99} |`);
  for (const line of commands) console.log(line);
  console.log(`mf-events now: ${shellsAfter.remotes['mf-events'].release} on ${shellsAfter.remotes['mf-events'].instances.length} instances; the shells ${sameShells ? 'are the same processes (neither rebuilt nor restarted)' : 'were restarted'}`);
  const over = rows.flatMap((r) => [...(r.code !== 0 ? [`${r.name} exited ${r.code}`] : []), ...(r.errors + r.timeouts + r.fivexx + r.non2xx > 0 ? [`${r.name}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.fivexx} 5xx, ${r.non2xx} non-2xx (bar 0)`] : [])]);
  if (!sameShells) over.push('a shell was restarted');
  console.log(over.length ? `over a bar: ${over.join('; ')}` : 'every figure at or under its bar');
  await cleanup();
  process.exit(over.length ? 1 : 0);
} catch (error) {
  console.error(String(error?.stack ?? error));
  await cleanup();
  fail('bench:rollout could not measure');
}
