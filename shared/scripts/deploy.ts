// `npm run deploy -- <remote> <release>`, `npm run rollback -- <remote>`, `npm run deploy:history [-- <remote>]`:
// ops' commands for the site `npm start` runs. They ask its supervisor (supervisor.ts) over its control
// API, found in the state folder (DEPLOY_DIR, default `<RELEASES_DIR>/.deploy/supervisor.json`).
//
// Exit codes: 0 done (or already live), 1 refused or failed (the message says why; nothing was switched),
// 2 wrong usage or no supervisor running.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { remoteNames, type RemoteName } from '@qf/shared/contracts';
import { releasesDir } from './release';
import { stateDirOf, type HistoryEntry, type SwitchResult } from './supervisor';

const isRemote = (name: string): name is RemoteName => (remoteNames as readonly string[]).includes(name);

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
  return [
    `${result.action === 'rollback' ? 'rolled back' : 'deployed'} ${result.release}${result.from ? ` (was ${result.from})` : ''}: live in ${(result.switchedMs / 1000).toFixed(1)} s, done in ${(result.totalMs / 1000).toFixed(1)} s (${result.mode})`,
    ...result.steps.map((s) => `  ${s.step}: ${s.ms} ms`),
  ];
}

export function describeHistory(entries: HistoryEntry[]): string[] {
  if (!entries.length) return ['no deploy yet'];
  return entries.map((e) => `${e.at}  ${e.remote}  ${e.action}  ${e.release}${e.from ? `  from ${e.from}` : ''}${e.ms !== undefined ? `  ${e.ms} ms` : ''}${e.reason ? `  (${e.reason})` : ''}`);
}

async function main(argv: string[]): Promise<number> {
  const [command, remote = '', release] = argv;
  const stateDir = stateDirOf(releasesDir());
  if (command === 'history') {
    const file = path.join(stateDir, 'history.jsonl');
    const entries = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as HistoryEntry) : [];
    for (const line of describeHistory(entries.filter((e) => !remote || e.remote === remote))) console.log(line);
    return 0;
  }
  if (!isRemote(remote) || (command === 'deploy' && !release) || (command !== 'deploy' && command !== 'rollback')) {
    console.error(`usage: npm run deploy -- <remote> <release>   (a release as npm run releases -- <remote> lists it)\n       npm run rollback -- <remote>\nremotes: ${remoteNames.join(', ')}`);
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
    body: JSON.stringify({ remote, ...(release ? { release } : {}) }),
    signal: AbortSignal.timeout(120_000),
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
