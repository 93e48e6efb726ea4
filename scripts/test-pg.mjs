// `npm run test:pg`: mf-forms' database tests once more against a real PostgreSQL server. A throw-away
// cluster is created in a temporary folder on a free loopback port, the tests run with DATABASE_URL
// pointing at it, and the cluster is stopped and deleted afterwards, whatever the outcome. `npm test`
// does not need PostgreSQL: without DATABASE_URL those suites are skipped and say so. Arguments, when
// given, replace the default test paths (`npm run test:pg -- server/outbox.test.ts`).
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const extraArgs = process.argv.slice(2);

function findBin() {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv && existsSync(path.join(fromEnv, 'initdb'))) return fromEnv;
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return path.dirname(realpathSync(which.stdout.trim()));
  // Debian keeps the server programs out of PATH, one folder per major version.
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(base, versions[0], 'bin');
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const bin = findBin();
if (!bin) {
  console.error('test:pg: PostgreSQL is not installed (no initdb in PATH or /usr/lib/postgresql/*/bin).');
  console.error('         On Debian: apt-get install -y postgresql, or point DATABASE_URL at a server and run the mf-forms tests.');
  process.exit(1);
}

// PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` account.
const asRoot = process.getuid?.() === 0;
let owner = null;
if (asRoot) {
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (id.status !== 0) {
    console.error('test:pg: running as root, and there is no `postgres` account to run the server as.');
    process.exit(1);
  }
  owner = { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
}
const as = (file, args) => (asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args]);

const work = mkdtempSync(path.join(os.tmpdir(), 'qf-pg-'));
const data = path.join(work, 'data');
if (owner) chownSync(work, owner.uid, owner.gid);
const port = await freePort();
let started = false;

function runQuiet(file, args) {
  const [cmd, cmdArgs] = as(path.join(bin, file), args);
  const result = spawnSync(cmd, cmdArgs, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${file} failed:\n${result.stdout}\n${result.stderr}`);
}

function cleanup() {
  if (started) {
    try {
      runQuiet('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    } catch (error) {
      console.error(String(error));
    }
    started = false;
  }
  rmSync(work, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    cleanup();
    process.exit(130);
  });
}

let code = 1;
try {
  console.log(`test:pg: PostgreSQL from ${bin}, cluster in ${work}, port ${port}`);
  runQuiet('initdb', ['-D', data, '-U', 'qf', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // A throw-away cluster: nothing here has to survive a crash of the machine.
  runQuiet('pg_ctl', ['-D', data, '-l', path.join(work, 'server.log'), '-w', '-t', '60', '-o', `-p ${port} -k ${work} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, 'start']);
  started = true;
  const databaseUrl = `postgres://qf@127.0.0.1:${port}/postgres`;
  code = await new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--runInBand', '--verbose', ...(extraArgs.length ? extraArgs : ['server', 'scripts'])],
      { cwd: path.join(root, 'mf-forms'), stdio: 'inherit', env: { ...process.env, DATABASE_URL: databaseUrl } },
    );
    child.on('exit', (c) => resolve(c ?? 1));
  });
} catch (error) {
  console.error(String(error));
} finally {
  cleanup();
}
process.exit(code);
