// `npm run deploy -- <remote> <release> [--canary N]`, `npm run promote -- <remote>`, `npm run rollback --
// <remote>` (stops a running canary, else goes back one release), `npm run deploy:history [-- <remote>]`:
// ops' commands for the site `npm start` runs. They ask its supervisor (supervisor.ts) over its control
// API, found in the state folder (DEPLOY_DIR, default `<RELEASES_DIR>/.deploy/supervisor.json`).
// With `--cluster` they ask the supervisor of the running `npm run cluster` instead (its state folder is
// named in `<state folder>/cluster.json`): a deploy is a rolling update of the section's instances.
//
// Exit codes: 0 done (or already live), 1 refused or failed (the message says why; nothing was switched),
// 2 wrong usage or no supervisor running.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isRemoteName } from '@qf/shared/contracts';
import { releasesDir, sectionsIn } from './release';
import { stateDirOf, type HistoryEntry, type SwitchResult } from './supervisor';

/** The running supervisor's address and token, or why there is none. */
export function supervisorOf(stateDir: string): { url: string; token: string } | { problem: string } {
  const file = path.join(stateDir, 'supervisor.json');
  if (!existsSync(file)) return { problem: `no supervisor has run here (${file} is missing): start the site with npm start` };
  const { pid, url, token } = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; url: string; token: string };
  try {
    process.kill(pid, 0);
  } catch {
    return { problem: `the supervisor (process ${pid}) is not running: start the site with npm start` };
  }
  return { url, token };
}

/** The lines printed for a deploy or rollback that went through. */
export function describeSwitch(result: SwitchResult): string[] {
  if (result.mode === 'unchanged') return [`${result.release} is already live; nothing to do`];
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const head =
    result.action === 'canary'
      ? `canary ${result.release} serves ${result.percent} % of visitors (live: ${result.from}) after ${s(result.switchedMs)}; npm run promote -- ${result.remote} makes it live, npm run rollback -- ${result.remote} stops it`
      : result.action === 'canary-rollback'
        ? `canary ${result.from} stopped: everyone gets ${result.release} again, after ${s(result.switchedMs)}, done in ${s(result.totalMs)}`
        : `${result.action === 'rollback' ? 'rolled back' : result.action === 'promote' ? 'promoted' : 'deployed'} ${result.release}${result.from ? ` (was ${result.from})` : ''}: live in ${s(result.switchedMs)}, done in ${s(result.totalMs)} (${result.mode})`;
  return [head, ...result.steps.map((x) => `  ${x.step}: ${x.ms} ms`)];
}

export function describeHistory(entries: HistoryEntry[]): string[] {
  if (!entries.length) return ['no deploy yet'];
  return entries.map((e) => `${e.at}  ${e.remote}  ${e.action}  ${e.release}${e.from ? `  from ${e.from}` : ''}${e.ms !== undefined ? `  ${e.ms} ms` : ''}${e.reason ? `  (${e.reason})` : ''}`);
}

/** The state folder of the running cluster's supervisor, or why there is none. */
export function clusterStateDir(stateDir: string): string | { problem: string } {
  const file = path.join(stateDir, 'cluster.json');
  if (!existsSync(file)) return { problem: `no cluster has run here (${file} is missing): start it with npm run cluster` };
  const { pid, stateDir: dir } = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; stateDir: string };
  try {
    process.kill(pid, 0);
  } catch {
    return { problem: `the cluster (process ${pid}) is not running: start it with npm run cluster` };
  }
  return dir;
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { canary: { type: 'string' }, cluster: { type: 'boolean' } } });
  const [command, remote = '', release] = positionals;
  const canary = values.canary === undefined ? undefined : Number(values.canary);
  const siteState = stateDirOf(releasesDir());
  const ofCluster = values.cluster ? clusterStateDir(siteState) : siteState;
  if (typeof ofCluster !== 'string') {
    console.error(`${command ?? 'deploy'}: ${ofCluster.problem}`);
    return 2;
  }
  const stateDir = ofCluster;
  if (command === 'history') {
    const file = path.join(stateDir, 'history.jsonl');
    const entries = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as HistoryEntry) : [];
    for (const line of describeHistory(entries.filter((e) => !remote || e.remote === remote))) console.log(line);
    return 0;
  }
  const wrongCanary = canary !== undefined && (command !== 'deploy' || !Number.isInteger(canary) || canary < 1 || canary > 99);
  // Any well-formed section name: a section the live shell was built without deploys like the others.
  if (!isRemoteName(remote) || (command === 'deploy' && !release) || !['deploy', 'rollback', 'promote'].includes(command ?? '') || wrongCanary) {
    console.error(
      `usage: npm run deploy -- <remote> <release> [--canary <1-99>] [--cluster]   (a release as npm run releases -- <remote> lists it)\n       npm run promote -- <remote>    (the running canary becomes live)\n       npm run rollback -- <remote>   (stops a running canary; else back to the release before)\nremotes with releases in the store: ${sectionsIn(releasesDir()).join(', ') || 'none yet'}`,
    );
    return 2;
  }
  const supervisor = supervisorOf(stateDir);
  if ('problem' in supervisor) {
    console.error(`${command}: ${supervisor.problem}`);
    return 2;
  }
  const res = await fetch(`${supervisor.url}/_supervisor/${command}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${supervisor.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ remote, ...(release ? { release } : {}), ...(canary ? { canary } : {}) }),
    signal: AbortSignal.timeout(300_000),
  });
  const body = (await res.json()) as SwitchResult | { error: string };
  if (!res.ok || 'error' in body) {
    console.error(`${command}: ${'error' in body ? body.error : `the supervisor answered ${res.status}`}`);
    return 1;
  }
  for (const line of describeSwitch(body)) console.log(line);
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(`deploy: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
