// `npm start`: build what is missing, then serve the whole site through the supervisor
// (shared/scripts/supervisor.ts): each section's build is released into the store (RELEASES_DIR,
// default releases/) and served from there on a free port, the shell on PORT (default 3000) reads the
// registry the supervisor writes, and `npm run deploy` / `npm run rollback` switch a section while the
// site runs. Ctrl-C stops everything.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build, isBuilt, prepareContent, remotes, root, shell } from './workspaces.mjs';

const missing = [...remotes.map((r) => r.name), shell.name].filter((n) => !isBuilt(n));
if (missing.length) {
  console.log(`building ${missing.join(', ')} (first start only)…`);
  const { failures } = await build(missing);
  if (failures.length) {
    console.error(`build failed: ${failures.join(', ')}`);
    process.exit(1);
  }
}

if ((await prepareContent()) !== 0) process.exit(1);

const require = createRequire(import.meta.url);
require('./ts-register.cjs');
const { releasesDir, stateDirOf, writeRelease, ReleaseError } = require('../shared/scripts/release.ts');
const { createSupervisor } = require('../shared/scripts/supervisor.ts');

const store = releasesDir();
const folders = {};
for (const r of remotes) {
  try {
    const { record, created, folder } = writeRelease({ remote: r.name, workspace: path.join(root, r.name), store });
    console.log(`${r.name}: ${created ? 'released' : 'serving'} ${record.id}`);
    folders[r.name] = folder;
  } catch (error) {
    if (!(error instanceof ReleaseError)) throw error;
    console.error(`${r.name}: ${error.message}`);
    process.exit(1);
  }
}

const port = Number(process.env.PORT ?? shell.port);
const shellInfo = JSON.parse(readFileSync(path.join(root, shell.name, 'dist', 'build-info.json'), 'utf8'));
const supervisor = createSupervisor({
  store,
  stateDir: stateDirOf(store),
  env: {
    ...process.env,
    SHELL_ORIGINS: process.env.SHELL_ORIGINS ?? `http://127.0.0.1:${port},http://localhost:${port}`,
    // On a terminal every server writes a short line per request; piped (a log collector), JSON lines.
    LOG_FORMAT: process.env.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    // Each server's metrics on a free port of its own (each says where: "… metrics on http://…/metrics").
    METRICS_PORT: '0',
  },
  ...(process.env.PROMETHEUS_URL ? { prometheusUrl: process.env.PROMETHEUS_URL } : {}),
  // A section that says it is starting (mf-content indexing a large store) is waited for this long.
  ...(Number(process.env.START_TIMEOUT_S) > 0 ? { startTimeoutMs: Number(process.env.START_TIMEOUT_S) * 1000 } : {}),
  port: Number(process.env.SUPERVISOR_PORT ?? 3010),
  shell: { dir: path.join(root, shell.name), port },
  ...(shellInfo.shared ? { shellInfo: { name: shellInfo.name, contractVersion: shellInfo.contractVersion, shared: shellInfo.shared } } : {}),
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await supervisor.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

try {
  await supervisor.start(folders);
} catch (error) {
  console.error(`the site did not start: ${error instanceof Error ? error.message : String(error)}`);
  await supervisor.close();
  process.exit(1);
}
console.log(`site: http://127.0.0.1:${port}/ (Arabic: /ar); store ${path.relative(process.cwd(), store) || '.'}, supervisor ${supervisor.url}`);
console.log('deploy a section: npm run deploy -- <remote> <release>; back: npm run rollback -- <remote>');
