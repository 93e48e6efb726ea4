import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { CONTRACT_VERSION, type RemoteName, type RouteManifest } from '@qf/shared/contracts';

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

/**
 * For server tests: the route manifest of a stand-in remote, a page template at each pattern (the
 * default, `/` and `/:slug`, makes it the owner of every path no other remote has).
 */
/**
 * A stand-in remote's route manifest: a template per pattern. With `query`, each pattern's template
 * declares the query parameters it reads (none for a pattern not named); without, none declares any
 * (a release from before query keys: the whole query is its pages').
 */
export const standInRoutes = (remote: RemoteName, patterns: readonly string[] = ['/', '/:slug'], query?: Readonly<Record<string, readonly string[]>>): RouteManifest => ({
  contractVersion: CONTRACT_VERSION,
  remote,
  routes: patterns.map((pattern, i) => ({ template: `page${i}`, pattern, hydration: 'idle', ...(query ? { query: [...(query[pattern] ?? [])].sort() } : {}) })),
  widgets: [],
});

/**
 * What a stand-in remote's server answers under `/browser/:file`, as a build publishes it: its route
 * manifest for `routes.<build>.json`, its browser manifest for anything else.
 */
export const browserFiles =
  (routes: RouteManifest, manifest: unknown = { metaData: { remoteEntry: { name: 'remoteEntry.0123456789.js', path: '' } }, exposes: [] }) =>
  async (request: FastifyRequest): Promise<unknown> =>
    /^routes\.[^/]+\.json$/.test((request.params as { file?: string }).file ?? '') ? routes : manifest;
