// `npm test -w e2e`: the Playwright journeys against the composed production build, in Debian's
// Chromium (installed here when missing: browser downloads are not possible on these machines).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromium)) {
  const { aptInstall, isRoot } = await import('../scripts/apt.mjs');
  if (!isRoot()) {
    console.error(`Chromium is not installed at ${chromium}. Install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`);
    process.exit(1);
  }
  if (!aptInstall(['chromium'])) process.exit(1);
}

// The journeys need the production build; build whatever is missing (npm test at the root rebuilds all).
const { build, isBuilt, prepareContent, remotes, shell } = await import('../scripts/workspaces.mjs');
if ((await prepareContent()) !== 0) process.exit(1);
const missing = [...remotes.map((r) => r.name), shell.name].filter((n) => !isBuilt(n));
if (missing.length && (await build(missing)).failures.length) process.exit(1);

const result = spawnSync(process.execPath, [path.join(here, '..', 'node_modules', 'jest', 'bin', 'jest.js'), '--runInBand', ...process.argv.slice(2)], { cwd: here, stdio: 'inherit' });
process.exit(result.status ?? 1);
