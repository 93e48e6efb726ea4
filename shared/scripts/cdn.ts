// The browser-build store (issue 33, item 1): where visitors' browsers and the shells fetch a section's
// code, so that a release's code outlives its servers. A pipeline publishes a release there before it
// deploys it (`npm run cdn:publish -- <remote> <release>`); nothing is ever rewritten; old releases are
// deleted only after the retention window (`npm run cdn:prune`). It is laid out as an object store
// behind a CDN holds it (a bucket with one prefix per release; the CDN serves it as is):
//
//   <remote>/<version>+<buildId>/browser/…           the browser build (mf-manifest.<build>.json, chunks, CSS, routes.<build>.json)
//   <remote>/<version>+<buildId>/server/…            the Node container the shells render with (remoteEntry.js, chunks)
//   <remote>/<version>+<buildId>/build-info.json     what the release is; written last: its presence says the release is whole
//   <remote>/releases.json                           the releases published, with when (the one object that changes)
//
// Every object under a release's prefix is immutable (its prefix names the release), so the CDN may
// cache it for a year; `releases.json` is not cached. The section's own server (`dist/app`) is not
// published: it runs in the section's pods, and no browser fetches code from them.
//
// CDN_DIR names the store (default `cdn/` at the repository's root); in production it is a bucket
// synchronised from here, or this code with an object-store client in place of the file calls.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildInfoSchema, isRemoteName, type BuildInfo, type RemoteName } from '@qf/shared/contracts';
import { browserIntegrityOf, messageOf, readRelease, releasesDir, serverIntegrityOf, sha256, writeAtomic, type ReleaseRecord } from './release';

const root = path.resolve(__dirname, '..', '..');

export class PublishError extends Error {}

/** The store's folder: CDN_DIR, else `cdn/` beside the workspaces. */
export const cdnDir = (env: NodeJS.ProcessEnv = process.env): string => path.resolve(root, env.CDN_DIR || 'cdn');

/** How long, and how many, releases of a section are kept: whichever keeps more. */
export const RETENTION = { days: 7, last: 10 } as const;

export interface Published {
  /** `<version>+<buildId>`: the release's prefix under its section. */
  release: string;
  buildId: string;
  publishedAt: string;
}

/** What a release publishes: its browser build, its Node container, its build info. */
const published = (file: string) => file === 'build-info.json' || file.startsWith('browser/') || file.startsWith('server/');

const indexOf = (cdn: string, remote: RemoteName) => path.join(cdn, remote, 'releases.json');

export function publishedReleases(cdn: string, remote: RemoteName): Published[] {
  const file = indexOf(cdn, remote);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { releases: Published[] }).releases : [];
}

/** An object written whole or not at all (the CDN never serves half of one). */
function writeObject(file: string, bytes: Buffer | string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeAtomic(file, bytes);
}

/**
 * Publishes the release in `folder` (a folder of the release store) to `cdn`. Every file is checked
 * against the digest its release names before it is written; an object already there must have the
 * same bytes (the same release published again changes nothing), else nothing more is written and a
 * PublishError says which. Returns the release's prefix and whether anything was written.
 */
export function publishRelease(folder: string, cdn: string, now: () => Date = () => new Date()): { record: ReleaseRecord; release: string; created: boolean } {
  if (!existsSync(path.join(folder, 'release.json'))) throw new PublishError(`${folder} is not a release (no release.json)`);
  const record = readRelease(folder);
  const release = path.basename(folder);
  if (release !== `${record.version}+${record.buildId}`) throw new PublishError(`${folder} holds ${record.id}: a release's folder is named <version>+<buildId>`);
  const prefix = path.join(cdn, record.remote, release);
  const files = Object.entries(record.files)
    .filter(([file]) => published(file))
    // build-info.json last: once it is there, the whole release is.
    .sort(([a], [b]) => Number(a === 'build-info.json') - Number(b === 'build-info.json') || a.localeCompare(b));
  const bytesOf = new Map<string, Buffer>();
  for (const [file, { sha256: digest }] of files) {
    const source = path.join(folder, 'dist', file);
    const bytes = existsSync(source) ? readFileSync(source) : undefined;
    if (!bytes || sha256(bytes) !== digest) throw new PublishError(`${record.id}: ${file} does not match its digest in release.json; the release is damaged, release it again (nothing was published)`);
    const there = path.join(prefix, file);
    if (existsSync(there) && sha256(readFileSync(there)) !== digest) throw new PublishError(`${record.id}: ${record.remote}/${release}/${file} is already published with other bytes; a published release is never rewritten (nothing was published)`);
    bytesOf.set(file, bytes);
  }
  let created = false;
  for (const [file] of files) {
    const there = path.join(prefix, file);
    if (existsSync(there)) continue;
    writeObject(there, bytesOf.get(file)!);
    created = true;
  }
  const index = publishedReleases(cdn, record.remote);
  if (!index.some((p) => p.release === release)) {
    writeObject(indexOf(cdn, record.remote), `${JSON.stringify({ releases: [...index, { release, buildId: record.buildId, publishedAt: now().toISOString() }] }, null, 2)}\n`);
    created = true;
  }
  return { record, release, created };
}

/** The registry entry's pinned files of a published release, as the CDN at `baseUrl` serves them. */
export function pinnedFiles(cdn: string, baseUrl: string, remote: RemoteName, release: string): { manifest: string; serverEntry: string; routes?: string; buildInfo: string } {
  const prefix = path.join(cdn, remote, release);
  const infoFile = path.join(prefix, 'build-info.json');
  if (!existsSync(infoFile)) throw new PublishError(`${remote} ${release} is not published to ${cdn} (npm run cdn:publish -- ${remote} ${release})`);
  const info: BuildInfo = buildInfoSchema.parse(JSON.parse(readFileSync(infoFile, 'utf8')));
  const browserBuild = info.builds?.[`${remote}-browser`] ?? info.buildId;
  const at = (file: string) => `${baseUrl}/${remote}/${encodeURIComponent(release).replace(/%2B/g, '+')}/${file}`;
  const routes = `browser/routes.${browserBuild}.json`;
  return {
    manifest: at(`browser/mf-manifest.${browserBuild}.json`),
    serverEntry: at('server/remoteEntry.js'),
    ...(existsSync(path.join(prefix, routes)) ? { routes: at(routes) } : {}),
    buildInfo: at('build-info.json'),
  };
}

/**
 * Deletes the releases past the retention window: a release goes once it is older than `days` and
 * not among the `last` published of its section, and never while `keep` names it (`<remote>/<release>`:
 * what a registry pins, live or canary). Returns what was deleted (`<remote>/<release>`).
 */
export function pruneCdn(cdn: string, options: { now?: Date; days?: number; last?: number; keep?: ReadonlySet<string> } = {}): string[] {
  const now = (options.now ?? new Date()).getTime();
  const days = options.days ?? RETENTION.days;
  const last = options.last ?? RETENTION.last;
  const deleted: string[] = [];
  if (!existsSync(cdn)) return deleted;
  for (const remote of readdirSync(cdn).filter(isRemoteName).sort()) {
    const index = publishedReleases(cdn, remote).sort((a, b) => a.publishedAt.localeCompare(b.publishedAt));
    const recent = new Set(index.slice(-last).map((p) => p.release));
    const gone = index.filter((p) => !recent.has(p.release) && now - Date.parse(p.publishedAt) > days * 86_400_000 && !options.keep?.has(`${remote}/${p.release}`));
    if (!gone.length) continue;
    // The index first: a release it no longer names is not offered, then its objects go.
    writeObject(indexOf(cdn, remote), `${JSON.stringify({ releases: index.filter((p) => !gone.includes(p)) }, null, 2)}\n`);
    for (const p of gone) {
      rmSync(path.join(cdn, remote, p.release), { recursive: true, force: true });
      deleted.push(`${remote}/${p.release}`);
    }
  }
  return deleted;
}

/** The releases a registry document pins (live and canary), as `<remote>/<release>`: never pruned. */
export function pinnedBy(registry: { remotes: Record<string, { buildInfo?: string; canary?: { buildInfo?: string } } | undefined> }): Set<string> {
  const keep = new Set<string>();
  for (const [remote, entry] of Object.entries(registry.remotes))
    for (const url of [entry?.buildInfo, entry?.canary?.buildInfo]) {
      const release = url ? /\/([^/]+)\/build-info\.json$/.exec(new URL(url).pathname)?.[1] : undefined;
      if (release) keep.add(`${remote}/${decodeURIComponent(release)}`);
    }
  return keep;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { cdn: { type: 'string' }, url: { type: 'string' }, 'keep-days': { type: 'string' }, 'keep-last': { type: 'string' }, registry: { type: 'string' } } });
  const cdn = values.cdn ? path.resolve(values.cdn) : cdnDir();
  if (command === 'publish') {
    const [remote = '', name = ''] = positionals;
    const release = name.startsWith(`${remote}@`) ? name.slice(remote.length + 1) : name;
    if (!isRemoteName(remote) || !/^[\w.+-]+$/.test(release) || release.includes('..')) {
      console.error('usage: npm run cdn:publish -- <remote> <release> [--cdn DIR] [--url CDN_URL]   (a release as npm run releases -- <remote> lists it; DIR: CDN_DIR, default cdn/; with --url, the registry entry\'s pins are printed)');
      return 2;
    }
    const folder = path.join(releasesDir(), remote, release);
    const { record, created } = publishRelease(folder, cdn);
    console.log(created ? `published ${record.id} to ${cdn}` : `${record.id} is already published to ${cdn}; nothing to do`);
    // What the registry entry pins, for the pipeline's registry edit (one JSON line).
    if (values.url) console.log(JSON.stringify({ ...pinnedFiles(cdn, values.url.replace(/\/$/, ''), remote, release), serverIntegrity: serverIntegrityOf(record), browserIntegrity: browserIntegrityOf(record) }));
    return 0;
  }
  if (command === 'prune') {
    const days = Number(values['keep-days'] ?? RETENTION.days);
    const last = Number(values['keep-last'] ?? RETENTION.last);
    if (!(days >= RETENTION.days) || !Number.isInteger(last) || last < RETENTION.last) {
      console.error(`usage: npm run cdn:prune [-- --cdn DIR --keep-days N (>= ${RETENTION.days}) --keep-last N (>= ${RETENTION.last}) --registry FILE (its pinned releases are kept)]`);
      return 2;
    }
    const keep = values.registry ? pinnedBy(JSON.parse(readFileSync(values.registry, 'utf8'))) : new Set<string>();
    const deleted = pruneCdn(cdn, { days, last, keep });
    console.log(deleted.length ? `deleted ${deleted.length} release(s) past ${days} days and the last ${last}: ${deleted.join(', ')}` : `nothing past ${days} days and the last ${last} releases of each section`);
    return 0;
  }
  console.error('usage: npm run cdn:publish -- <remote> <release> | npm run cdn:prune');
  return 2;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(`cdn: ${messageOf(error)}`);
      process.exitCode = 1;
    },
  );
}
