// `npm start -w <workspace>`: serve one remote (or the shell) alone, building it first if it was never
// built, so a section can be restarted or redeployed while the rest of the site runs.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { build, isBuilt, remotes, root, shell } from './workspaces.mjs';

const name = process.argv[2];
const remote = [...remotes, shell].find((r) => r.name === name);
if (!remote) {
  console.error(`unknown workspace "${name}"; one of: ${[...remotes, shell].map((r) => r.name).join(', ')}`);
  process.exit(2);
}
if (!isBuilt(name)) {
  const { failures } = await build([name]);
  if (failures.length) process.exit(1);
}
const child = spawn(process.execPath, [name === shell.name ? 'dist/server/main.js' : 'dist/app/main.js'], {
  cwd: path.join(root, name),
  env: { ...process.env, PORT: process.env.PORT ?? String(remote.port) },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
