// Prometheus and promtool from Debian (the `prometheus` package), for `npm run cluster` and the rules'
// tests: found, installed when missing and we are root (as nginx and PostgreSQL are), and the cluster's
// configuration rendered from deploy/prometheus/prometheus.cluster.yml.template.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { aptInstall } from './apt.mjs';
import { root } from './workspaces.mjs';

export const prometheusDir = path.join(root, 'deploy', 'prometheus');
export const rulesDir = path.join(prometheusDir, 'rules');

function find(name, env) {
  for (const candidate of [process.env[env], `/usr/bin/${name}`, `/usr/local/bin/${name}`]) if (candidate && existsSync(candidate)) return candidate;
  const which = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

export const findPrometheus = () => find('prometheus', 'PROMETHEUS_BIN');
export const findPromtool = () => find('promtool', 'PROMTOOL_BIN');

/** Debian's prometheus (with promtool), installed when missing and we may (root); the binary or null. */
function ensure(findIt, log) {
  const bin = findIt();
  if (bin) return bin;
  aptInstall(['prometheus'], { log, recommends: false });
  return findIt();
}

export const ensurePrometheus = (log = console.log) => ensure(findPrometheus, log);
export const ensurePromtool = (log = console.log) => ensure(findPromtool, log);

/**
 * The cluster's prometheus.yml: `servers` is every instance of a fixed set as { name, metricsPort },
 * scraped at `host`; `sections` names, for a server whose instances change (a section's, replaced by
 * rolling updates), the file that lists them ({ name, file }: Prometheus's file service discovery, read
 * again whenever it changes, as Kubernetes' endpoints would be). Each server's name is its job (one job
 * per server, in the order they come). Throws when the template has a placeholder nothing fills.
 */
export function renderClusterConfig({ servers, sections = [], host = '127.0.0.1', prometheusAddress, interval = '2s', rules = rulesDir, template = path.join(prometheusDir, 'prometheus.cluster.yml.template') }) {
  const targets = new Map();
  const named = (name) => {
    if (!/^(shell|mf-[a-z][a-z-]*)$/.test(name)) throw new Error(`${name} is not a server's name (shell or a section's)`);
    return name;
  };
  for (const s of servers) targets.set(named(s.name), [...(targets.get(s.name) ?? []), `${host}:${s.metricsPort}`]);
  const jobs = [
    ...[...targets].map(([name, list]) => `  - job_name: ${name}\n    static_configs:\n      - targets: ${JSON.stringify(list)}`),
    ...sections.map((s) => `  - job_name: ${named(s.name)}\n    file_sd_configs:\n      - files: [${JSON.stringify(s.file)}]\n        refresh_interval: 5s`),
  ].join('\n');
  const values = { SCRAPE_INTERVAL: interval, RULES_DIR: rules, PROMETHEUS_ADDRESS: prometheusAddress, SERVER_JOBS: jobs };
  return readFileSync(template, 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (m, key) => {
    if (!(key in values)) throw new Error(`${path.relative(root, template)}: nothing for {{${key}}}`);
    const value = values[key];
    return Array.isArray(value) ? JSON.stringify(value) : String(value);
  });
}

/** The command line of the cluster's Prometheus: its config, its storage, its address, quiet. */
export function prometheusArgs({ config, storage, address }) {
  return [
    `--config.file=${config}`,
    `--storage.tsdb.path=${storage}`,
    `--web.listen-address=${address}`,
    '--storage.tsdb.retention.time=1d',
    '--log.level=warn',
    // Debian's defaults point at /usr/share/prometheus (the consoles, unused here).
    `--web.console.templates=${path.join(storage, 'consoles')}`,
    `--web.console.libraries=${path.join(storage, 'console_libraries')}`,
  ];
}
