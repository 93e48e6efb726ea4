// `node scripts/build-some.mjs mf-forms shell`: production builds of the named workspaces only (the
// persistent webpack cache keeps rebuilds short). `npm run build` builds them all.
import { build, remotes, shell } from './workspaces.mjs';

const known = new Set([...remotes.map((r) => r.name), shell.name]);
const names = process.argv.slice(2);
const unknown = names.filter((n) => !known.has(n));
if (!names.length || unknown.length) {
  console.error(`usage: node scripts/build-some.mjs <${[...known].join('|')}>...${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}`);
  process.exit(2);
}
const { failures, times } = await build(names);
for (const [name, seconds] of Object.entries(times)) console.log(`built ${name} in ${seconds.toFixed(1)} s`);
if (failures.length) {
  console.error(`build failed: ${failures.join(', ')}`);
  process.exit(1);
}
