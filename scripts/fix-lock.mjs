// `npm run lock:fix`, after any `npm install` that changes dependencies.
//
// The registry these machines reach serves only the Linux builds of packages that ship per-platform
// binaries (@swc/core-darwin-arm64 and friends answer 404), so npm leaves those optional packages out
// of package-lock.json, and `npm ci` then refuses the lock as out of sync. Listing them (name and
// version, optional) makes the lock complete: npm ci skips what does not fit the platform, and a
// machine that can reach them installs them as usual.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const added = [];
for (const [key, pkg] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const nested = key ? `${key}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[`node_modules/${name}`] || lock.packages[nested]) continue;
    lock.packages[`node_modules/${name}`] = { version, dev: pkg.dev, optional: true };
    added.push(`${name}@${version}`);
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `listed ${added.length} platform packages: ${added.join(', ')}` : 'lock file already complete');
