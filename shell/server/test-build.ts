import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * For server tests: the files a shell build leaves in `<dir>/dist` (asset manifests of the app and the
 * boot, build info), without building. Returns the client folder `buildShellServer` is given.
 */
export function writeShellBuild(dir: string, { css = [] as string[] } = {}): string {
  const clientDir = path.join(dir, 'dist', 'client');
  mkdirSync(clientDir, { recursive: true });
  writeFileSync(path.join(dir, 'dist', 'client-assets.json'), JSON.stringify({ publicPath: '/_shell/', entries: { main: { js: ['main.0123456789.js'], css } } }));
  writeFileSync(path.join(dir, 'dist', 'boot-assets.json'), JSON.stringify({ publicPath: '/_shell/boot/', entries: { boot: { js: ['boot.0123456789.js'], css: [] } } }));
  writeFileSync(path.join(dir, 'dist', 'build-info.json'), JSON.stringify({ buildId: 'shell1' }));
  return clientDir;
}
