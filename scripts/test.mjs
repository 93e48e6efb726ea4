// `npm test`: everything CI checks, in the order that fails fastest: types, lint, every workspace's
// unit and contract tests, the production build, then the browser journeys against that build.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, prepareContent, remotes, run, shell } from './workspaces.mjs';
import { typecheck } from './typecheck.mjs';

const workspaces = ['shared', ...remotes.map((r) => r.name), shell.name];
const tmp = mkdtempSync(path.join(os.tmpdir(), 'qf-test-'));
const totals = { passed: 0, failed: 0 };
const started = Date.now();

function step(title) {
  console.log(`\n=== ${title} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

function count(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
  } catch {
    totals.failed += 1;
  }
}

function finish(code) {
  rmSync(tmp, { recursive: true, force: true });
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exit(code);
}

step('typecheck');
if ((await typecheck()) !== 0) finish(1);

step('content');
if ((await run('npm', ['run', 'content:check'])) !== 0) finish(1);
if ((await prepareContent()) !== 0) finish(1);

step('lint');
if ((await run('npx', ['eslint', '.'])) !== 0) finish(1);

step('unit and contract tests');
let failed = false;
for (const w of workspaces) {
  const out = path.join(tmp, `${w}.json`);
  const code = await run('npm', ['test', '-w', w, '--', '--json', `--outputFile=${out}`, '--silent']);
  count(out);
  if (code !== 0) failed = true;
}
if (failed) finish(1);

step('production build');
const { failures, times } = await build(workspaces.filter((w) => w !== 'shared'));
for (const [name, seconds] of Object.entries(times)) console.log(`built ${name} in ${seconds.toFixed(1)} s`);
if (failures.length) finish(1);

step('contract gate');
// Each remote's build against the shell's, as each remote's pipeline runs it (npm run gate -w <remote>).
for (const r of remotes) if ((await run('npm', ['run', '-s', 'gate', '-w', r.name])) !== 0) finish(1);

step('browser journeys');
const out = path.join(tmp, 'e2e.json');
const code = await run('npm', ['test', '-w', 'e2e', '--', '--json', `--outputFile=${out}`]);
count(out);
finish(code === 0 && totals.failed === 0 ? 0 : 1);
