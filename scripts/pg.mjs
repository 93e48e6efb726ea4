// A throw-away PostgreSQL cluster on a free loopback port, in a temporary folder: what `npm run test:pg`
// and `npm run cluster` run against. Debian's `postgresql` package provides the server (its programs
// live in /usr/lib/postgresql/<major>/bin); as root, the cluster belongs to the `postgres` account.
import { spawnSync } from 'node:child_process';
import { chownSync, chmodSync, existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { aptInstall } from './apt.mjs';

export function findPgBin() {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv && existsSync(path.join(fromEnv, 'initdb'))) return fromEnv;
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return path.dirname(realpathSync(which.stdout.trim()));
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(base, versions[0], 'bin');
  }
  return null;
}

/** Install Debian's PostgreSQL when it is missing and we may (root); null when it cannot be had. */
export function ensurePgBin(log = console.log) {
  const bin = findPgBin();
  if (bin || !aptInstall(['postgresql'], { log })) return bin;
  return findPgBin();
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Start a throw-away cluster (fsync off: nothing in it has to survive the machine). Returns its
 * `url` (database `postgres`, user `qf`, trust on loopback) and `stop()`, which stops it and deletes
 * the folder; call it whatever happens.
 */
export async function startThrowawayPostgres({ bin = findPgBin(), maxConnections = 200, log = console.log } = {}) {
  if (!bin) throw new Error('PostgreSQL is not installed (no initdb in PATH or /usr/lib/postgresql/*/bin). On Debian: apt-get install -y postgresql');
  let owner = null;
  if (process.getuid?.() === 0) {
    const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (id.status !== 0) throw new Error('running as root, and there is no `postgres` account to run the server as');
    owner = { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
  }
  const as = (file, args) => (owner ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args]);
  const run = (file, args) => {
    const [cmd, cmdArgs] = as(path.join(bin, file), args);
    const result = spawnSync(cmd, cmdArgs, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${file} failed:\n${result.stdout}\n${result.stderr}`);
  };
  const work = mkdtempSync(path.join(os.tmpdir(), 'qf-pg-'));
  const data = path.join(work, 'data');
  if (owner) chownSync(work, owner.uid, owner.gid);
  else chmodSync(work, 0o700);
  const port = await freePort();
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } catch (error) {
        console.error(String(error));
      }
    }
    rmSync(work, { recursive: true, force: true });
  };
  try {
    log(`PostgreSQL from ${bin}, cluster in ${work}, port ${port}`);
    run('initdb', ['-D', data, '-U', 'qf', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    run('pg_ctl', ['-D', data, '-l', path.join(work, 'server.log'), '-w', '-t', '60', '-o', `-p ${port} -k ${work} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=${maxConnections}`, 'start']);
    started = true;
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `postgres://qf@127.0.0.1:${port}/postgres`, port, stop };
}
