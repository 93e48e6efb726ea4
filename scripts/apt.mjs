// Debian packages the scripts need (Chromium for the journeys, PostgreSQL and nginx for the cluster):
// installed by the script that needs them when it runs as root, never by hand.
import { spawnSync } from 'node:child_process';

export const isRoot = () => process.getuid?.() === 0;

/** `apt-get install -y` the packages (after an update); true when it succeeded. Only as root. */
export function aptInstall(packages, { log = console.log, recommends = true } = {}) {
  if (!isRoot()) return false;
  log(`installing Debian ${packages.join(', ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status !== 0) return false;
  return spawnSync('apt-get', ['install', '-y', '-qq', ...(recommends ? [] : ['--no-install-recommends']), ...packages], { stdio: 'inherit', env }).status === 0;
}
