// `npm run test:pg`: mf-forms' database tests once more against a real PostgreSQL server. A throw-away
// cluster is created in a temporary folder on a free loopback port (scripts/pg.mjs), the tests run with
// DATABASE_URL pointing at it, and the cluster is stopped and deleted afterwards, whatever the outcome.
// `npm test` does not need PostgreSQL: without DATABASE_URL those suites are skipped and say so.
// Arguments, when given, replace the default test paths (`npm run test:pg -- server/outbox.test.ts`).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPgBin, startThrowawayPostgres } from './pg.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const extraArgs = process.argv.slice(2);

const bin = findPgBin();
if (!bin) {
  console.error('test:pg: PostgreSQL is not installed (no initdb in PATH or /usr/lib/postgresql/*/bin).');
  console.error('         On Debian: apt-get install -y postgresql, or point DATABASE_URL at a server and run the mf-forms tests.');
  process.exit(1);
}

let pg;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    pg?.stop();
    process.exit(130);
  });
}

let code = 1;
try {
  pg = await startThrowawayPostgres({ bin, log: (m) => console.log(`test:pg: ${m}`) });
  code = await new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--runInBand', '--verbose', ...(extraArgs.length ? extraArgs : ['server', 'scripts'])],
      { cwd: path.join(root, 'mf-forms'), stdio: 'inherit', env: { ...process.env, DATABASE_URL: pg.url } },
    );
    child.on('exit', (c) => resolve(c ?? 1));
  });
} catch (error) {
  console.error(String(error));
} finally {
  pg?.stop();
}
process.exit(code);
