// What the root scripts know of the workspaces: their folders, their ports and whether they are built.
// The list itself is the root package.json's `workspaces`, read by workspaces.cjs (the one place every
// script, test and lint rule takes the sections from).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import workspaces from './workspaces.cjs';

export const { root, workspaceNames, sectionNames, shell } = workspaces;

/** The sections (`{ name, port }`), in the workspaces' order. */
export const remotes = workspaces.sections;

/** The files a workspace's server needs: present means built. */
export function isBuilt(name) {
  const dir = path.join(root, name);
  if (name === 'shell') return ['dist/server/main.js', 'dist/client-assets.json', 'dist/build-info.json'].every((f) => existsSync(path.join(dir, f)));
  return ['dist/app/main.js', 'dist/server/remoteEntry.js', 'dist/browser/mf-manifest.json', 'dist/build-info.json'].every((f) => existsSync(path.join(dir, f)));
}

/** Run a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Build the given workspaces, two at a time (the machine has two cores; webpack uses more than one). */
export async function build(names) {
  const queue = [...names];
  const failures = [];
  const times = {};
  const worker = async () => {
    while (queue.length) {
      const name = queue.shift();
      const started = Date.now();
      const code = await run('npx', ['webpack', '--config', 'webpack.config.js'], { cwd: path.join(root, name), env: { ...process.env, NODE_ENV: 'production' } });
      times[name] = (Date.now() - started) / 1000;
      if (code !== 0) failures.push(name);
    }
  };
  await Promise.all([worker(), worker()]);
  return { failures, times };
}

/** Content that is derived, not committed: the images of the embedded store (existing files are kept). */
export function prepareContent() {
  return run(process.execPath, ['-r', './scripts/ts-register.cjs', 'scripts/content/images.ts']);
}
