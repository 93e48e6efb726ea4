// `npm run dev -w <remote>`: one section alone, in the site's chrome, with the embedded content, without
// the other remotes. Its builds (development mode) go to a throw-away folder (QF_DIST_DIR), so the
// workspace's own dist/ (what `npm start` releases) is left alone; webpack watches the sources and the
// page shows a change on its next load (the shell sees the section's new build id); a change to the
// section's server code restarts its server. The throw-away folder is in the workspace's
// node_modules/.cache and is deleted on exit. The shell is the built one (built first when missing),
// reading a registry that names this section only: it routes by the route manifest the section's
// development build publishes (rebuilt with each edit), every other section's page is a 404 and every
// widget of another section shows its fallback. `--with <remote>` (repeatable) adds other sections from their own builds (mf-forms' pages
// are on other sections: `npm run dev -w mf-forms -- --with mf-content`). `--no-watch` builds once.
// Prints `ready <url>` and the section's pages, then runs until Ctrl-C or SIGTERM.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, unwatchFile, watchFile, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './pg.mjs';
import { build, isBuilt, prepareContent, remotes, root, shell } from './workspaces.mjs';

const HOST = '127.0.0.1';
const args = process.argv.slice(2);
const name = args[0];
const watch = !args.includes('--no-watch');
const others = args.flatMap((a, i) => (a === '--with' && args[i + 1] ? [args[i + 1]] : []));
const names = remotes.map((r) => r.name);
for (const n of [name, ...others]) {
  if (!names.includes(n)) {
    console.error(`unknown section "${n ?? ''}"; one of: ${names.join(', ')}`);
    process.exit(2);
  }
}

const missing = [shell.name, ...others].filter((n) => !isBuilt(n));
if (missing.length) {
  console.log(`building ${missing.join(', ')} (first time only)…`);
  if ((await build(missing)).failures.length) process.exit(1);
}
if ((await prepareContent()) !== 0) process.exit(1);

// Inside the workspace, so its server resolves its packages as the workspace's own build does.
const cache = path.join(root, name, 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const tmp = mkdtempSync(path.join(cache, 'qf-dev-'));
const dist = path.join(tmp, 'dist');
const children = new Set();
let stopping = false;
const webpackBin = path.join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js');

function start(file, env, label) {
  const child = spawn(process.execPath, [file], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping && !child.restarting) console.error(`${label} stopped (${signal ?? code})`);
  });
  return child;
}

async function healthy(url, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} was not healthy within 2 minutes`);
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  unwatchFile(path.join(dist, 'app', 'main.js'));
  const exits = [...children].map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.once('exit', r))));
  for (const c of children) c.kill('SIGTERM');
  await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, 10_000))]);
  for (const c of children) c.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

try {
  const shellPort = await freePort();
  const shellUrl = `http://${HOST}:${shellPort}`;
  const registryFile = path.join(tmp, 'registry.json');
  // The embedded content (a server built elsewhere looks for it beside its builds, here a temporary folder).
  const sectionEnv = { SHELL_ORIGINS: `${shellUrl},http://localhost:${shellPort}`, REGISTRY: registryFile, HOST, CONTENT_DIR: process.env.CONTENT_DIR ?? path.join(root, 'content'), DATA_DIR: path.join(tmp, 'forms-data') };

  // The section's own builds, in development mode, into the throw-away folder.
  const buildEnv = { ...process.env, NODE_ENV: 'development', QF_DIST_DIR: dist };
  const webpackArgs = [webpackBin, '--config', 'webpack.config.js'];
  if (watch) {
    const watcher = spawn(process.execPath, [...webpackArgs, '--watch'], { cwd: path.join(root, name), env: buildEnv, stdio: ['ignore', 'inherit', 'inherit'] });
    children.add(watcher);
    const built = path.join(dist, 'build-info.json');
    while (!existsSync(built) || !existsSync(path.join(dist, 'app', 'main.js'))) {
      if (watcher.exitCode !== null) throw new Error(`the build of ${name} stopped (${watcher.exitCode})`);
      await new Promise((r) => setTimeout(r, 500));
    }
  } else {
    const code = await new Promise((resolve) => spawn(process.execPath, webpackArgs, { cwd: path.join(root, name), env: buildEnv, stdio: 'inherit' }).on('exit', (c) => resolve(c ?? 1)));
    if (code !== 0) throw new Error(`the build of ${name} failed`);
  }

  const entries = {};
  const servers = [];
  for (const section of [name, ...others]) {
    const port = await freePort();
    const url = `http://${HOST}:${port}`;
    const main = section === name ? path.join(dist, 'app', 'main.js') : path.join(root, section, 'dist', 'app', 'main.js');
    const launch = () => start(main, { ...sectionEnv, PORT: String(port) }, section);
    let child = launch();
    servers.push([url, () => child]);
    if (section === name && watch) {
      // A rebuilt server file: the section's server restarts on it (its pages and views reload by themselves).
      watchFile(main, { interval: 500 }, () => {
        if (stopping) return;
        child.restarting = true;
        child.once('exit', () => {
          if (!stopping) child = launch();
        });
        child.kill('SIGTERM');
      });
    }
    entries[section] = { url };
  }
  writeFileSync(registryFile, JSON.stringify({ remotes: entries }, null, 2));
  const shellChild = start(path.join(root, shell.name, 'dist', 'server', 'main.js'), { PORT: String(shellPort), HOST, REGISTRY: registryFile }, 'shell');
  await Promise.all([...servers.map(([url, child]) => healthy(url, child())), healthy(shellUrl, shellChild)]);

  const paths = await (await fetch(`${entries[name].url}/_qf/paths`)).json();
  console.log(`${name} alone in the site's chrome (builds in ${tmp}${watch ? ', watching its sources' : ''}):`);
  for (const p of paths.slice(0, 12)) console.log(`  ${shellUrl}${p.en}   ${shellUrl}${p.ar}`);
  if (paths.length > 12) console.log(`  … and ${paths.length - 12} more (${entries[name].url}/_qf/paths)`);
  if (!paths.length) console.log(`  ${name} owns no page: its widgets show on the pages of the sections that place them (--with <remote>)`);
  console.log(`ready ${shellUrl}`);
} catch (error) {
  console.error(`the development harness did not start: ${error instanceof Error ? error.message : String(error)}`);
  await stop(1);
}
