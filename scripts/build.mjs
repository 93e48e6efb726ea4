// `npm run build`: production builds of every remote and the shell, with the time each took.
import { build, remotes, shell } from './workspaces.mjs';

const names = [...remotes.map((r) => r.name), shell.name];
const { failures, times } = await build(names);
for (const [name, seconds] of Object.entries(times)) console.log(`built ${name} in ${seconds.toFixed(1)} s`);
if (failures.length) {
  console.error(`build failed: ${failures.join(', ')}`);
  process.exit(1);
}
