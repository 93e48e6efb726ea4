// `npm run build [-- <workspace>…]`: production builds of every remote and the shell (or of the
// workspaces named), with the time each took.
import { build, remotes, shell } from './workspaces.mjs';

const all = [...remotes.map((r) => r.name), shell.name];
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !all.includes(name));
if (unknown.length) {
  console.error(`build: no workspace ${unknown.join(', ')}; workspaces: ${all.join(', ')}`);
  process.exit(2);
}
const names = asked.length ? asked : all;
const { failures, times } = await build(names);
for (const [name, seconds] of Object.entries(times)) console.log(`built ${name} in ${seconds.toFixed(1)} s`);
if (failures.length) {
  console.error(`build failed: ${failures.join(', ')}`);
  process.exit(1);
}
