// `npm run bench:cluster`: throughput of the production topology in small (`npm run cluster`: nginx in
// front, PostgreSQL, N instances of every server), with 1 and with 2 instances per server.
//
// For each size, the cluster is started (its own ports), then each target is measured through nginx with
// autocannon (50 connections, keep-alive, `accept-encoding: br, gzip`), after a warm-up:
// - story: a story page (served from the shells' page cache after the first request, as visitors get it);
// - stories (uncached): the story list with a filter value never seen before on every request
//   (`?tag=<n>`, a parameter the list reads: an unknown tag is a 200 that says so), so every request
//   renders (the owner's page data, the section's render, the chrome). A parameter the page does not
//   read no longer misses: the shell keys pages by their template's query parameters only (issue 37);
// - events: the Arabic events list;
// - search: the search API (`/api/content/search?q=…`, through the shell's gateway to mf-content).
// It prints req/s and p99 per target and size, and the scaling ratio (2 instances / 1). On this 2-core
// machine the load generator, nginx and every instance share the same two cores: the ratio says what a
// second instance buys when cores are the limit, not what more machines would.
//
// Options: --duration S (8), --warmup S (3), --connections N (50), --sizes 1,2, --json FILE.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    sizes: { type: 'string', default: '1,2' },
    json: { type: 'string' },
  },
});
const duration = Number(opts.duration);
const warmup = Number(opts.warmup);
const connections = Number(opts.connections);
const sizes = opts.sizes.split(',').map(Number);
const ACCEPT = { 'accept-encoding': 'br, gzip' };

const TARGETS = [
  { name: 'story', path: '/stories/education-city-stadium-opens-gates-world-cup-fans' },
  { name: 'stories (uncached)', path: '/stories', unique: true },
  { name: 'events', path: '/ar/events' },
  { name: 'search', path: '/api/content/search?q=education%20city&lang=en' },
];

async function startCluster(instances) {
  const work = mkdtempSync(path.join(os.tmpdir(), 'qf-bench-cluster-'));
  const reportFile = path.join(work, 'report.json');
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'cluster.mjs')], {
    cwd: root,
    env: { ...process.env, CLUSTER_PORT: '0', CLUSTER_INSTANCES: String(instances), CLUSTER_REPORT: reportFile, CLUSTER_QUIET: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const deadline = Date.now() + 300_000;
  while (!existsSync(reportFile)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm run cluster did not come up:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  return {
    url: report.url,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
      rmSync(work, { recursive: true, force: true });
    },
  };
}

function cannon(options) {
  return new Promise((resolve, reject) => autocannon({ connections, headers: ACCEPT, ...options }, (error, result) => (error ? reject(error) : resolve(result))));
}

async function measure(url, unique) {
  const base = new URL(url);
  const run = Math.random().toString(36).slice(2, 8);
  let n = 0;
  const requests = unique ? [{ setupRequest: (req) => ({ ...req, path: `${base.pathname}${base.search ? `${base.search}&` : '?'}tag=qf-bench-${run}-${n++}` }) }] : undefined;
  if (warmup > 0) await cannon({ url, duration: warmup, ...(requests ? { requests } : {}) });
  const r = await cannon({ url, duration, ...(requests ? { requests } : {}) });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total, bad: r.non2xx + r.errors + r.timeouts };
}

const results = {};
for (const size of sizes) {
  console.log(`bench:cluster: starting the cluster with ${size} instance(s) of every server…`);
  const cluster = await startCluster(size);
  try {
    for (const t of TARGETS) {
      const m = await measure(cluster.url + t.path, t.unique);
      (results[t.name] ??= {})[size] = m;
      console.log(`  ${t.name.padEnd(18)} ${String(Math.round(m.rps)).padStart(6)} req/s  p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(5)} ms  (${m.requests} requests, ${m.bad} failed)`);
    }
  } finally {
    await cluster.stop();
  }
}

const [one, two] = sizes;
console.log(`\nbench:cluster: ${connections} connections, ${duration} s per target after ${warmup} s of warm-up, through nginx, ${os.cpus().length} cores`);
console.log(`| target | ${sizes.map((s) => `${s} instance${s > 1 ? 's' : ''}: req/s | p99`).join(' | ')} |${two ? ' scaling (req/s) |' : ''}`);
console.log(`|---|${sizes.map(() => '---|---').join('|')}|${two ? '---|' : ''}`);
for (const t of TARGETS) {
  const row = results[t.name];
  const cells = sizes.map((s) => `${Math.round(row[s].rps)} | ${row[s].p99} ms`).join(' | ');
  const ratio = two ? ` ${(row[two].rps / row[one].rps).toFixed(2)}x |` : '';
  console.log(`| ${t.name} | ${cells} |${ratio}`);
}
const failed = Object.values(results).flatMap((r) => Object.values(r)).reduce((n, m) => n + m.bad, 0);
console.log(`failed requests: ${failed}`);
if (opts.json) writeFileSync(opts.json, JSON.stringify({ connections, duration, warmup, cores: os.cpus().length, results }, null, 2));
process.exit(failed ? 1 : 0);
