// `npm run cluster`: the production topology in small, on this machine. PostgreSQL (a throw-away
// cluster, as test:pg), nginx (Debian's; installed when missing and we are root) in front as load
// balancer, static cache and the browser-build store's CDN (deploy/nginx/), and CLUSTER_INSTANCES
// (default 2) of every server: the shell, each remote and mf-forms, all against the same registry and
// database. nginx listens on CLUSTER_PORT (default 8080) for visitors (and serves the browser-build
// store under /cdn/) and on the next port of each section for the shells; every server has a free port
// of its own, so the cluster runs beside `npm start`.
//
// The sections run as the production topology runs them (issue 33): each section's workspace build is
// released into the release store (RELEASES_DIR) and published to the browser-build store (CDN_DIR,
// default a folder of the run), and a supervisor in this process (shared/scripts/supervisor.ts, cluster
// mode) runs its instances on slots nginx balances over, writes the registry the shells read (each
// release pinned by its files in the store) and answers `npm run deploy|rollback|promote -- --cluster`:
// rolling updates (maxSurge 1, maxUnavailable 0), canaries judged by Prometheus over every shell. Every server also serves
// its metrics on a free port of its own (METRICS_PORT), and Prometheus (Debian's; installed when missing
// and we are root) scrapes them all every 2 s, one job per server, with deploy/prometheus/rules loaded
// (config from deploy/prometheus/prometheus.cluster.yml.template, storage in the run folder). Ctrl-C or
// SIGTERM stops everything and deletes the throw-away folders.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, generateKeyPairSync } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptInstall } from './apt.mjs';
import { ensurePgBin, freePort, startThrowawayPostgres } from './pg.mjs';
import { ensurePrometheus, prometheusArgs, renderClusterConfig } from './prometheus.mjs';
import { createRequire } from 'node:module';
import { build, isBuilt, prepareContent, remotes, root, shell } from './workspaces.mjs';

const require = createRequire(import.meta.url);

const HOST = '127.0.0.1';

function findNginx() {
  for (const candidate of [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/bin/nginx']) if (candidate && existsSync(candidate)) return candidate;
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

/** nginx from Debian, installed when missing and we may (root); null when it cannot be had. */
export function ensureNginx(log = console.log) {
  const bin = findNginx();
  if (bin) return bin;
  // nginx-light is enough (proxy, cache, maps); the full package where a mirror lacks it.
  if (aptInstall(['nginx-light'], { log, recommends: false }) && findNginx()) return findNginx();
  aptInstall(['nginx'], { log, recommends: false });
  return findNginx();
}

/** VAPID keys (P-256) as web-push wants them: the public key uncompressed, both base64url. */
function vapidKeys() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pub = publicKey.export({ format: 'jwk' });
  const priv = privateKey.export({ format: 'jwk' });
  const raw = Buffer.concat([Buffer.from([4]), Buffer.from(pub.x, 'base64url'), Buffer.from(pub.y, 'base64url')]);
  return { publicKey: raw.toString('base64url'), privateKey: priv.d };
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

async function waitForHealth(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode}) before it was healthy${child.said?.() ? `; it said:\n${child.said()}` : ''}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** The first of `count` consecutive free loopback ports, from a random start. */
async function freeRange(count) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const free = await Promise.all(Array.from({ length: count }, (_, i) => portIsFree(base + i)));
    if (free.every(Boolean)) return base;
  }
  throw new Error(`no ${count} consecutive free ports found`);
}

/**
 * `count` free ports below the kernel's ephemeral range, none in `taken` (added to it), for ports chosen
 * long before they are bound: a section's slots (bound only while an instance runs on them) and the
 * shells' (bound after the sections start). A port the kernel may hand out (to a client's connection, to
 * a server asking for any port) could be taken meanwhile, and the server meant for it could not listen.
 */
async function slotPorts(count, taken) {
  const [low] = (() => {
    try {
      return readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    } catch {
      return [32768];
    }
  })();
  const ports = [];
  for (let attempt = 0; ports.length < count && attempt < 1000; attempt++) {
    const port = 10_000 + Math.floor(Math.random() * Math.max(1, low - 10_000));
    if (!taken.has(port) && (await portIsFree(port))) {
      taken.add(port);
      ports.push(port);
    }
  }
  if (ports.length < count) throw new Error(`no ${count} free ports below ${low} for a section's slots`);
  return ports;
}

const render = (template, values) => template.replace(/\{\{([A-Z_]+)\}\}/g, (m, key) => (key in values ? String(values[key]) : m));
const upstreamName = (name) => `qf_${name.replace(/-/g, '_')}`;

/**
 * Start the cluster. Resolves once `GET /healthz` answers through nginx and Prometheus is ready, with
 * its URL, every server (name, instance, port, metricsPort, child), `prometheus` ({ url, port, child },
 * or null when Prometheus cannot be had: not installed and we are not root) and `stop()`. Options: `port`
 * (CLUSTER_PORT), `instances`, `env` (extra environment for every server), `log`, `quiet` (servers'
 * output dropped instead of prefixed).
 */
export async function startCluster({ port = Number(process.env.CLUSTER_PORT ?? 8080), instances = Number(process.env.CLUSTER_INSTANCES ?? 2), env: extraEnv = {}, log = console.log, quiet = false } = {}) {
  const missing = [...remotes.map((r) => r.name), shell.name].filter((n) => !isBuilt(n));
  if (missing.length) {
    log(`building ${missing.join(', ')}…`);
    const { failures } = await build(missing);
    if (failures.length) throw new Error(`build failed: ${failures.join(', ')}`);
  }
  if ((await prepareContent()) !== 0) throw new Error('preparing the content failed');
  const nginx = ensureNginx(log);
  if (!nginx) throw new Error('nginx is not installed (Debian: apt-get install -y nginx-light), and we are not root to install it');
  const pgBin = ensurePgBin(log);
  if (!pgBin) throw new Error('PostgreSQL is not installed (Debian: apt-get install -y postgresql), and we are not root to install it');
  // Prometheus watches the cluster; without it the cluster still serves (said once, here).
  const prometheusBin = ensurePrometheus(log);
  if (!prometheusBin) log('cluster: Prometheus is not installed (Debian: apt-get install -y prometheus), and we are not root to install it: the servers serve their metrics, nothing scrapes them');

  // CLUSTER_PORT=0: any free range of six ports (tests, benchmarks), said in the report.
  if (port === 0) port = await freeRange(remotes.length + 1);
  const remotePorts = Object.fromEntries(remotes.map((r, i) => [r.name, port + 1 + i]));
  for (const p of [port, ...Object.values(remotePorts)]) if (!(await portIsFree(p))) throw new Error(`port ${p} is in use: set CLUSTER_PORT to a free range (the cluster uses CLUSTER_PORT and the ${remotes.length} after it), or 0 for any`);

  const run = mkdtempSync(path.join(os.tmpdir(), 'qf-cluster-'));
  // nginx's workers (not root) read the cache, the temporary folders and the browser-build store in here.
  chmodSync(run, 0o755);
  const siteUrl = `http://${HOST}:${port}`;
  const children = [];
  let pg;
  let supervisor;
  let stopping = false;
  let stopped;

  // Stopping twice (Ctrl-C, then SIGTERM from a wrapper) waits for the same stop.
  const stop = () => (stopped ??= stopAll());
  const stopAll = async () => {
    stopping = true;
    const exits = children.filter((c) => c.child.exitCode === null && c.child.signalCode === null).map((c) => new Promise((resolve) => {
      c.child.once('exit', resolve);
      c.child.kill('SIGTERM');
      setTimeout(() => c.child.kill('SIGKILL'), 10_000).unref();
    }));
    await Promise.all([...exits, supervisor?.close()]);
    if (pointer && existsSync(pointer) && readFileSync(pointer, 'utf8').includes(`"pid":${process.pid},`)) rmSync(pointer, { force: true });
    pg?.stop();
    rmSync(run, { recursive: true, force: true });
  };
  let pointer;

  const spawnServer = (name, instance, file, args, env) => {
    const child = spawn(file, args, { cwd: path.join(root, name === 'nginx' || name === 'prometheus' ? '.' : name), env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    const prefix = `[${name}${instance ? `#${instance}` : ''}] `;
    let tail = '';
    child.said = () => tail;
    for (const stream of [child.stdout, child.stderr]) {
      let buffered = '';
      stream.on('data', (chunk) => {
        // Its last words are kept even when quiet: a server that dies before it is healthy says why.
        tail = (tail + chunk).slice(-3000);
        if (quiet) return;
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop();
        for (const line of lines) process.stdout.write(prefix + line + '\n');
      });
    }
    child.on('exit', (code, signal) => {
      if (!stopping) log(`${prefix}exited (${signal ?? code}); the other instances keep serving`);
    });
    const entry = { name, instance, child };
    children.push(entry);
    return entry;
  };

  try {
    pg = await startThrowawayPostgres({ bin: pgBin, maxConnections: 300, log });
    // Each section's workspace build, released into the store (as npm start does) and run from there.
    require('./ts-register.cjs');
    const { releasesDir, stateDirOf, writeRelease } = require('../shared/scripts/release.ts');
    const { createSupervisor } = require('../shared/scripts/supervisor.ts');
    const store = releasesDir();
    const folders = {};
    for (const r of remotes) folders[r.name] = writeRelease({ remote: r.name, workspace: path.join(root, r.name), store }).folder;

    const shared = {
      FORMS_SECRET: randomBytes(32).toString('hex'),
      ...(() => {
        const keys = vapidKeys();
        return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
      })(),
    };
    const uploads = path.join(run, 'uploads');
    mkdirSync(uploads);
    // The browser-build store nginx serves under /cdn/ (as a CDN in front of a bucket would).
    const cdn = process.env.CDN_DIR ? path.resolve(process.env.CDN_DIR) : path.join(run, 'cdn');
    mkdirSync(cdn, { recursive: true });
    const targets = path.join(run, 'targets');
    mkdirSync(targets);
    // Each section's slots: `instances` ports nginx balances over, and one more, the surge of a rolling update.
    const slots = {};
    const taken = new Set([port, ...Object.values(remotePorts)]);
    for (const r of remotes) slots[r.name] = await slotPorts(instances + 1, taken);
    // The shells' too: they are bound only after the sections start, and a port the kernel may hand out
    // was taken meanwhile (a section's metrics listener got one: the shell exited, EADDRINUSE).
    const shellPorts = await slotPorts(instances, taken);

    // nginx first: the registry names its section addresses, which the sections themselves ask (search).
    const redirects = path.join(run, 'redirects');
    const exported = spawnSync(process.execPath, ['-r', './scripts/ts-register.cjs', 'shell/scripts/export-redirects.ts', '--out', redirects], { cwd: root, encoding: 'utf8', env: { ...process.env, SITE_URL: siteUrl } });
    if (exported.status !== 0) throw new Error(`redirects:export failed:\n${exported.stderr}`);
    const serverLines = (ports) => ports.map((p) => `        server ${HOST}:${p} max_fails=1 fail_timeout=2s;`).join('\n');
    const remoteTemplate = readFileSync(path.join(root, 'deploy/nginx/remote.conf.template'), 'utf8');
    const conf = render(readFileSync(path.join(root, 'deploy/nginx/nginx.conf.template'), 'utf8'), {
      RUN_DIR: run,
      REDIRECTS_DIR: redirects,
      CDN_DIR: cdn,
      LISTEN_HOST: HOST,
      CLUSTER_PORT: port,
      SHELL_SERVERS: serverLines(shellPorts),
      REMOTE_UPSTREAMS: remotes.map((r) => `    upstream ${upstreamName(r.name)} {\n${serverLines(slots[r.name])}\n        keepalive 32;\n    }`).join('\n\n'),
      REMOTE_SERVERS: remotes.map((r) => render(remoteTemplate, { REMOTE: r.name, LISTEN_HOST: HOST, PORT: remotePorts[r.name], UPSTREAM: upstreamName(r.name) })).join('\n'),
    });
    const confFile = path.join(run, 'nginx.conf');
    writeFileSync(confFile, conf);
    const test = spawnSync(nginx, ['-t', '-q', '-p', run, '-c', confFile], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx refused its configuration:\n${test.stderr}`);
    const proxy = spawnServer('nginx', 0, nginx, ['-p', run, '-c', confFile], {});

    // Prometheus's address first: the supervisor judges canaries by what it scraped of every shell.
    const promPort = prometheusBin ? await freePort() : undefined;
    const prometheusUrl = promPort ? `http://${HOST}:${promPort}` : undefined;
    const shellInfo = JSON.parse(readFileSync(path.join(root, shell.name, 'dist', 'build-info.json'), 'utf8'));
    const stateDir = path.join(run, 'deploy');
    supervisor = createSupervisor({
      store,
      stateDir,
      env: { ...process.env, HOST, SHELL_ORIGINS: siteUrl, QF_CLUSTER: '1', DATABASE_URL: pg.url, ...shared, UPLOADS_DIR: uploads, ...extraEnv },
      port: 0,
      smokeShellDir: path.join(root, shell.name),
      ...(shellInfo.shared ? { shellInfo: { name: shellInfo.name, contractVersion: shellInfo.contractVersion, shared: shellInfo.shared } } : {}),
      ...(prometheusUrl ? { prometheusUrl } : {}),
      cluster: {
        instances,
        slots,
        urlOf: (remote) => `http://${HOST}:${remotePorts[remote]}`,
        cdn: { dir: cdn, url: `${siteUrl}/cdn` },
        instanceEnv: (remote, index) => (remote === 'mf-forms' ? { DATA_DIR: path.join(run, `forms-data-${index + 1}`) } : {}),
        targetsDir: targets,
      },
      log: (line) => !quiet && process.stdout.write(`[supervisor] ${line}\n`),
    });
    await supervisor.start(folders);
    // `npm run deploy -- --cluster …` finds this cluster's supervisor here (its control API and token are in its state folder).
    pointer = path.join(stateDirOf(store), 'cluster.json');
    mkdirSync(path.dirname(pointer), { recursive: true });
    writeFileSync(pointer, JSON.stringify({ pid: process.pid, stateDir, url: siteUrl }), { mode: 0o600 });

    // The shells, over the registry the supervisor writes.
    const shells = [];
    for (const [i, p] of shellPorts.entries()) {
      const metricsPort = await freePort();
      shells.push({
        ...spawnServer(shell.name, i + 1, process.execPath, ['dist/server/main.js'], { PORT: String(p), HOST, REGISTRY: supervisor.registryFile, SITE_URL: siteUrl, TRUSTED_PROXIES: HOST, QF_CLUSTER: '1', QF_EXIT_WITH_PARENT: '1', ...extraEnv, METRICS_PORT: String(metricsPort) }),
        port: p,
        metricsPort,
      });
    }
    await Promise.all(shells.map((s) => waitForHealth(`http://${HOST}:${s.port}/healthz`, s.child)));

    // Prometheus: the shells by their listeners, each section's instances as the supervisor lists them (file_sd).
    let prometheus = null;
    if (prometheusBin) {
      const address = `${HOST}:${promPort}`;
      const promConfig = path.join(run, 'prometheus.yml');
      writeFileSync(promConfig, renderClusterConfig({ servers: shells, sections: remotes.map((r) => ({ name: r.name, file: path.join(targets, `${r.name}.json`) })), host: HOST, prometheusAddress: address }));
      const storage = path.join(run, 'prometheus-data');
      mkdirSync(storage);
      const child = spawnServer('prometheus', 0, prometheusBin, prometheusArgs({ config: promConfig, storage, address }), {}).child;
      prometheus = { url: prometheusUrl, port: promPort, child };
    }
    await waitForHealth(`${siteUrl}/healthz`, proxy.child);
    if (prometheus) await waitForHealth(`${prometheus.url}/-/ready`, prometheus.child);
    return {
      url: siteUrl,
      databaseUrl: pg.url,
      remotePorts,
      /** Every server now: the shells, and each section's instances as the supervisor runs them (a rolling update changes them). */
      get servers() {
        return [...supervisor.instances(), ...shells];
      },
      supervisor,
      cdn,
      nginx: proxy,
      prometheus,
      run,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const started = Date.now();
  let cluster;
  const shutdown = async () => {
    console.log('cluster: stopping…');
    await cluster?.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  try {
    cluster = await startCluster({ quiet: process.env.CLUSTER_QUIET === '1' });
    const count = (name) => cluster.servers.filter((s) => s.name === name).length;
    // For tests and scripts: where everything is (CLUSTER_REPORT names a file to write it to).
    if (process.env.CLUSTER_REPORT)
      writeFileSync(
        process.env.CLUSTER_REPORT,
        JSON.stringify(
          {
            url: cluster.url,
            databaseUrl: cluster.databaseUrl,
            remotePorts: cluster.remotePorts,
            servers: cluster.servers.map((s) => ({ name: s.name, instance: s.instance, port: s.port, metricsPort: s.metricsPort, pid: s.child.pid })),
            nginxPid: cluster.nginx.child.pid,
            // nginx's error log and the servers' state are in here (a journey reads them to say why a request failed).
            run: cluster.run,
            prometheusUrl: cluster.prometheus?.url ?? null,
            prometheusPid: cluster.prometheus?.child.pid ?? null,
          },
          null,
          2,
        ),
      );
    if (cluster.prometheus) console.log(`prometheus: ${cluster.prometheus.url}/ (every server's metrics, the rules and alerts of deploy/prometheus)`);
    console.log(`cluster: up in ${((Date.now() - started) / 1000).toFixed(1)} s: nginx on ${cluster.url}/ (Arabic: /ar), ${count('shell')} shells, ${count('mf-content')} of each remote and ${count('mf-forms')} mf-forms over one PostgreSQL. Ctrl-C stops it.`);
  } catch (error) {
    console.error(`cluster: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
