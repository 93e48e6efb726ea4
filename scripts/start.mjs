// `npm start`: build what is missing, then serve the whole site: every remote on its own port and the
// shell on PORT (default 3000). Ctrl-C stops them all.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { build, isBuilt, prepareContent, remotes, root, shell } from './workspaces.mjs';

const missing = [...remotes.map((r) => r.name), shell.name].filter((n) => !isBuilt(n));
if (missing.length) {
  console.log(`building ${missing.join(', ')} (first start only)…`);
  const { failures } = await build(missing);
  if (failures.length) {
    console.error(`build failed: ${failures.join(', ')}`);
    process.exit(1);
  }
}

if ((await prepareContent()) !== 0) process.exit(1);

const children = [];
function serve(name, port, file) {
  const child = spawn(process.execPath, [file], {
    cwd: path.join(root, name),
    env: { ...process.env, PORT: String(port), QF_EXIT_WITH_PARENT: '1' },
    // The open stdin pipe is the servers' lifeline: it closes when this process ends, however it ends.
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines) process.stdout.write(prefix + line + '\n');
    });
  }
  child.on('exit', (code, signal) => {
    if (!stopping) console.log(`${prefix}exited (${signal ?? code}); the rest of the site keeps running. Restart it with: npm start -w ${name}`);
  });
  children.push(child);
}

let stopping = false;
for (const r of remotes) serve(r.name, Number(process.env[`PORT_${r.name.replace(/-/g, '_').toUpperCase()}`] ?? r.port), 'dist/app/main.js');
serve(shell.name, Number(process.env.PORT ?? shell.port), 'dist/server/main.js');
console.log(`site: http://127.0.0.1:${process.env.PORT ?? shell.port}/ (Arabic: /ar)`);

const stop = () => {
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
