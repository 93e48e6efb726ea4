// Releases of a section (issue 12): `npm run release -w <remote> [-- --prebuilt]` builds the remote once
// and writes what that build is into the release store as one immutable folder (a section kept in a
// folder of its own, which joins the site without a shell release, gives it: `-- --workspace <folder>`);
// `npm run releases -- <remote>` lists a remote's releases and says which one the registry's server
// serves now.
//
// The store (RELEASES_DIR, default `releases/` at the repository's root) holds one folder per release,
// never rewritten, laid out as the workspace's own `dist/` so the release runs where it lies
// (`node <release>/dist/app/main.js`, with CONTENT_DIR and, for mf-forms, DATA_DIR or DATABASE_URL set):
//
//   <remote>/<version>+<buildId>/release.json         what the release is (ReleaseRecord)
//   <remote>/<version>+<buildId>/dist/build-info.json the build info its server serves
//   <remote>/<version>+<buildId>/dist/browser/…       the browser build (what a CDN serves)
//   <remote>/<version>+<buildId>/dist/server/…        the Node container the shell renders with
//   <remote>/<version>+<buildId>/dist/app/main.js     the section's own server
//
// The server keeps npm packages external (shared/build: nodeExternals): it finds them in the
// repository's node_modules from a store inside the repository, through NODE_PATH from elsewhere.
// Only this build's files are copied (dist/build-files.json names them: a workspace's dist also keeps
// earlier builds' chunks for pages rendered before a deploy). A release is written beside its final
// name and renamed into place, so a reader never sees half of one; asked again for a release that
// exists, the command checks that the build is the same (each file's SHA-256) and changes nothing.
// The same source builds the same files (shared/build: `builtAt` is the commit's time), so releasing
// unchanged code again is that case; `builtAt` is the one thing compared apart (`sameBuildInfo`).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { buildInfoSchema, isRemoteName, registrySchema, type BuildInfo, type RemoteName, type BrowserIntegrity, type ServerIntegrity } from '@qf/shared/contracts';
import { sectionNames } from '../../scripts/workspaces.cjs';
import { gitState } from '../build/source-date';
import { readJsonSource } from './gate';

const root = path.resolve(__dirname, '..', '..');

/** The release store's folder: RELEASES_DIR, else `releases/` beside the workspaces. */
export const releasesDir = (env: NodeJS.ProcessEnv = process.env): string => path.resolve(root, env.RELEASES_DIR || 'releases');

/** The deploy supervisor's state folder (supervisor.ts): DEPLOY_DIR, else `.deploy` in the release store. */
export const stateDirOf = (store: string, env: NodeJS.ProcessEnv = process.env): string => path.resolve(root, env.DEPLOY_DIR || path.join(store, '.deploy'));

/** What a remote declares it may weigh (its package.json, `qf.budgets`); a release over it is refused. */
export interface Budgets {
  /** Every script of the browser build, gzip -9, in KB (the shared singletons' fallback copies included). */
  browserJsGzipKB?: number;
}

export interface ReleaseRecord {
  /** `<remote>@<version>+<buildId>`. */
  id: string;
  remote: RemoteName;
  version: string;
  buildId: string;
  /** The build's `builtAt` (build-info.json): its commit's time for a build of a clean checkout. */
  builtAt: string;
  releasedAt: string;
  /** The commit checked out when the release was made, when the work tree was a git checkout. */
  commit?: string;
  /**
   * The work tree also had changes no commit holds (`git status` not empty): the build is of the
   * commit and those changes, so `commit` alone does not say what it was made from.
   */
  uncommitted?: true;
  contractVersion?: number;
  shared?: BuildInfo['shared'];
  builds?: BuildInfo['builds'];
  budgets: Budgets;
  sizes: { browserJsGzipKB: number; bytes: number };
  /** Every file of the release (relative to its `dist/`, `/`-separated): its size and SHA-256. */
  files: Record<string, { bytes: number; sha256: string }>;
}

export class ReleaseError extends Error {}

/** Writes a file beside its name and renames it: a reader sees the old content or the new, never half. */
export function writeAtomic(file: string, content: string | Buffer, mode?: number): void {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(tmp, content, mode === undefined ? undefined : { mode });
  renameSync(tmp, file);
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const posix = (p: string) => p.split(path.sep).join('/');

function walk(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name), base) : [posix(path.relative(base, path.join(dir, d.name)))]));
}

/** The files of the build in `dist` (relative to it), or a ReleaseError saying why they are not known. */
export function filesOfBuild(dist: string, info: BuildInfo): string[] {
  const listed = path.join(dist, 'build-files.json');
  if (!existsSync(listed)) throw new ReleaseError(`${posix(path.relative(root, listed))} is missing: the build predates releases; build again`);
  const byCompiler = JSON.parse(readFileSync(listed, 'utf8')) as Record<string, { build: string; dir: string; files: string[] }>;
  const files = ['build-info.json'];
  for (const [compiler, build] of Object.entries(info.builds ?? {})) {
    const entry = byCompiler[compiler];
    if (entry?.build !== build) throw new ReleaseError(`build-files.json does not describe ${compiler} build ${build} (it says ${entry?.build ?? 'nothing'}): build again`);
    files.push(...entry.files.map((f) => `${entry.dir}/${f}`));
  }
  // The section's own server is built clean (dist/app holds only this build).
  if (existsSync(path.join(dist, 'app'))) files.push(...walk(path.join(dist, 'app')).map((f) => `app/${f}`));
  const missing = files.filter((f) => !existsSync(path.join(dist, f)));
  if (missing.length) throw new ReleaseError(`the build is incomplete, missing: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}`);
  return [...new Set(files)].sort();
}

/**
 * Whether two build-info.json files say the same but for `builtAt`. `builtAt` says when the source was
 * made (the commit's time, shared/build/source-date.js), not what was built: the same code built at
 * another commit (one that changed only other workspaces or the docs) has another `builtAt` and the
 * same build id, as every other field and file is the compiled code's. Such a build is the release
 * already in the store, which keeps its own `builtAt` (when that code was first released).
 */
export function sameBuildInfo(a: string, b: string): boolean {
  const parse = (text: string): Record<string, unknown> | undefined => {
    try {
      const value = JSON.parse(text) as unknown;
      return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  };
  const [left, right] = [parse(a), parse(b)];
  if (!left || !right) return false;
  const { builtAt: _a, ...restA } = left;
  const { builtAt: _b, ...restB } = right;
  return JSON.stringify(restA) === JSON.stringify(restB);
}

function readBudgets(workspace: string): Budgets {
  const pkg = JSON.parse(readFileSync(path.join(workspace, 'package.json'), 'utf8')) as { qf?: { budgets?: Budgets } };
  return pkg.qf?.budgets ?? {};
}

/**
 * The digests the registry gives of a release's Node container (`serverIntegrity`, issue 37): each script
 * of its `server/` folder, as Subresource Integrity digests of the SHA-256 its record took at release.
 */
export function serverIntegrityOf(record: Pick<ReleaseRecord, 'files'>): ServerIntegrity {
  const scripts = Object.entries(record.files).filter(([file]) => /^server\/[^/]+\.js$/.test(file));
  return Object.fromEntries(scripts.sort(([a], [b]) => (a < b ? -1 : 1)).map(([file, { sha256: hex }]) => [file.slice('server/'.length), `sha256-${Buffer.from(hex, 'hex').toString('base64')}`]));
}

/**
 * The digests the registry gives of a release's browser build (`browserIntegrity`, issue 37): each script
 * and stylesheet of its `browser/` folder, as Subresource Integrity digests of the SHA-256 its record took.
 */
export function browserIntegrityOf(record: Pick<ReleaseRecord, 'files'>): BrowserIntegrity {
  const files = Object.entries(record.files).filter(([file]) => /^browser\/[^/]+\.(js|css)$/.test(file));
  return Object.fromEntries(files.sort(([a], [b]) => (a < b ? -1 : 1)).map(([file, { sha256: hex }]) => [file.slice('browser/'.length), `sha256-${Buffer.from(hex, 'hex').toString('base64')}`]));
}

/** Where a release lives in the store. */
export const releaseFolder = (store: string, remote: string, version: string, buildId: string): string => path.join(store, remote, `${version}+${buildId}`);

/**
 * Writes the release of the build in `<workspace>/dist` (or `dist`) into `store`. Returns the record and whether it
 * was written now (false: the same release was already there). Throws a ReleaseError when the build is
 * unknown or incomplete, over a declared budget, or differs from a release of the same id.
 */
export function writeRelease(options: { remote: RemoteName; workspace: string; store: string; now?: () => Date; dist?: string }): {
  record: ReleaseRecord;
  created: boolean;
  folder: string;
  /** Released before: this build's own `builtAt`, when it is not the one the release keeps. */
  builtAt?: string;
} {
  const { remote, workspace, store } = options;
  // A build made elsewhere (QF_DIST_DIR) is released from there; its budgets are still the workspace's.
  const dist = options.dist ?? path.join(workspace, 'dist');
  let info: BuildInfo;
  try {
    info = buildInfoSchema.parse(JSON.parse(readFileSync(path.join(dist, 'build-info.json'), 'utf8')));
  } catch (error) {
    throw new ReleaseError(`${remote} has no readable dist/build-info.json (${String(error).split('\n')[0]}): build it first`);
  }
  if (info.name !== remote) throw new ReleaseError(`dist/build-info.json is ${info.name}'s, not ${remote}'s`);
  const files = filesOfBuild(dist, info);
  const digests = Object.fromEntries(files.map((f) => [f, { bytes: statSync(path.join(dist, f)).size, sha256: sha256(readFileSync(path.join(dist, f))) }]));
  const folder = releaseFolder(store, remote, info.version, info.buildId);
  const id = `${remote}@${info.version}+${info.buildId}`;

  if (existsSync(folder)) {
    const record = readRelease(folder);
    let differs = Object.keys({ ...record.files, ...digests }).filter((f) => record.files[f]?.sha256 !== digests[f]?.sha256);
    const released = path.join(folder, 'dist', 'build-info.json');
    const otherBuiltAt = differs.includes('build-info.json') && existsSync(released) && sameBuildInfo(readFileSync(released, 'utf8'), readFileSync(path.join(dist, 'build-info.json'), 'utf8'));
    if (otherBuiltAt) differs = differs.filter((f) => f !== 'build-info.json');
    if (differs.length) throw new ReleaseError(`${id} is already released with other files (${differs.slice(0, 3).join(', ')}…): a release is never rewritten; change the version or the code`);
    return { record, created: false, folder, ...(otherBuiltAt ? { builtAt: info.builtAt } : {}) };
  }

  const budgets = readBudgets(workspace);
  const browserJs = files.filter((f) => f.startsWith('browser/') && f.endsWith('.js'));
  const browserJsGzipKB = Math.round((browserJs.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length, 0) / 1024) * 10) / 10;
  if (budgets.browserJsGzipKB !== undefined && browserJsGzipKB > budgets.browserJsGzipKB) {
    throw new ReleaseError(`${id} is over its budget: browser scripts ${browserJsGzipKB} KB gzip, declared ${budgets.browserJsGzipKB} KB (package.json qf.budgets)`);
  }
  const git = gitState(workspace);
  const record: ReleaseRecord = {
    id,
    remote,
    version: info.version,
    buildId: info.buildId,
    builtAt: info.builtAt,
    releasedAt: (options.now?.() ?? new Date()).toISOString(),
    ...(git ? { commit: git.commit, ...(git.dirty ? { uncommitted: true as const } : {}) } : {}),
    ...(info.contractVersion !== undefined ? { contractVersion: info.contractVersion } : {}),
    ...(info.shared ? { shared: info.shared } : {}),
    ...(info.builds ? { builds: info.builds } : {}),
    budgets,
    sizes: { browserJsGzipKB, bytes: Object.values(digests).reduce((sum, d) => sum + d.bytes, 0) },
    files: digests,
  };

  // Written beside its final name, then renamed: the store never holds half a release.
  const partial = `${folder}.partial-${process.pid}-${Date.now()}`;
  try {
    for (const f of files) {
      const copy = path.join(partial, 'dist', f);
      mkdirSync(path.dirname(copy), { recursive: true });
      // Read once: what is written is what was checked against the digest in the record.
      const bytes = readFileSync(path.join(dist, f));
      if (sha256(bytes) !== digests[f]!.sha256) throw new ReleaseError(`${f} changed while it was released (a build running meanwhile?)`);
      writeFileSync(copy, bytes);
    }
    writeFileSync(path.join(partial, 'release.json'), `${JSON.stringify(record, null, 2)}\n`);
    if (existsSync(folder)) throw new ReleaseError(`${id} was released by another process meanwhile`);
    renameSync(partial, folder);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return { record, created: true, folder };
}

export function readRelease(folder: string): ReleaseRecord {
  return JSON.parse(readFileSync(path.join(folder, 'release.json'), 'utf8')) as ReleaseRecord;
}

/** The sections with a folder in the store (released at least once, or being), sorted. */
export function sectionsIn(store: string): RemoteName[] {
  if (!existsSync(store)) return [];
  return readdirSync(store, { withFileTypes: true })
    .filter((d) => d.isDirectory() && isRemoteName(d.name))
    .map((d) => d.name as RemoteName)
    .sort();
}

/** A remote's releases in the store, oldest first (half-written ones are not releases). */
export function listReleases(store: string, remote: RemoteName): ReleaseRecord[] {
  const dir = path.join(store, remote);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.includes('.partial-') && existsSync(path.join(dir, name, 'release.json')))
    .map((name) => readRelease(path.join(dir, name)))
    .sort((a, b) => a.releasedAt.localeCompare(b.releasedAt));
}

export const messageOf = (error: unknown): string => (error && typeof error === 'object' && 'message' in error ? String(error.message) : String(error));

/** The build the registry's server of `remote` serves now: its build id, or why it is not known. */
export async function liveBuild(registrySource: string, remote: RemoteName, timeoutMs = 3000): Promise<{ buildId: string; url: string } | { problem: string }> {
  try {
    const entry = registrySchema.parse(await readJsonSource(registrySource, timeoutMs)).remotes[remote];
    if (!entry) return { problem: `${remote} is not in the registry (${registrySource})` };
    const res = await fetch(`${entry.url}/build-info.json`, { signal: AbortSignal.timeout(timeoutMs) }).catch((error: unknown) => {
      throw new Error(`${remote} at ${entry.url} did not answer (${messageOf(error)})`);
    });
    if (!res.ok) return { problem: `${entry.url} answered ${res.status}` };
    return { buildId: buildInfoSchema.parse(await res.json()).buildId, url: entry.url };
  } catch (error) {
    return { problem: `not known: ${messageOf(error)}` };
  }
}

/** The lines `npm run releases -- <remote>` prints. */
export function describeReleases(remote: RemoteName, releases: ReleaseRecord[], live: Awaited<ReturnType<typeof liveBuild>>): string[] {
  const lines = releases.map((r) => {
    const isLive = 'buildId' in live && live.buildId === r.buildId;
    const commit = r.commit ? `  commit ${r.commit.slice(0, 10)}${r.uncommitted ? ' with uncommitted changes' : ''}` : '';
    return `${isLive ? '* ' : '  '}${r.id}  released ${r.releasedAt}${commit}  ${r.sizes.browserJsGzipKB} KB browser JS${isLive ? '  (live)' : ''}`;
  });
  const liveLine = 'buildId' in live ? (releases.some((r) => r.buildId === live.buildId) ? `live: ${remote} at ${live.url} serves build ${live.buildId}` : `live: ${remote} at ${live.url} serves build ${live.buildId}, which is not a release in the store`) : `live: ${live.problem}`;
  return [releases.length ? `${releases.length} release(s) of ${remote}:` : `no release of ${remote} yet (npm run release -w ${remote})`, ...lines, liveLine];
}

/** What `npm run release` says of a build released before: nothing was written, and it exits 0. */
export function alreadyReleased(record: ReleaseRecord, folder: string, builtAt?: string): string {
  const kept = builtAt ? ` (builtAt aside: this build says ${builtAt}, the release keeps ${record.builtAt})` : '';
  return `${record.id} is already released with the same files, in ${posix(path.relative(process.cwd(), folder))}: nothing to do${kept}`;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { prebuilt: { type: 'boolean', default: false }, workspace: { type: 'string' } } });
  const [command, remote = ''] = positionals;
  const store = releasesDir();
  if (!isRemoteName(remote) || (command !== 'create' && command !== 'list')) {
    const released = sectionsIn(store).filter((r) => !sectionNames.includes(r));
    console.error(
      `usage: release.ts create|list <remote> [--prebuilt] [--workspace <the section's folder>]\n` +
        `<remote> is a section's name (mf- and lowercase letters and dashes): this repository's ${sectionNames.join(', ')}${released.length ? `; in the store also ${released.join(', ')}` : ''}, or a section built in a folder of its own (--workspace, default <root>/<remote>)`,
    );
    return 2;
  }
  if (command === 'list') {
    // The registry npm start's supervisor writes, when there is one; else the repository's.
    const written = path.join(stateDirOf(store), 'registry.json');
    const registry = process.env.REGISTRY || (existsSync(written) ? written : path.join(root, 'registry.json'));
    for (const line of describeReleases(remote, listReleases(store, remote), await liveBuild(registry, remote))) console.log(line);
    return 0;
  }
  // The section's folder: a workspace of this repository, or (a section that joins the site without a
  // shell release, built where its team keeps it) the folder --workspace names.
  const workspace = values.workspace ? path.resolve(values.workspace) : path.join(root, remote);
  if (!existsSync(path.join(workspace, 'package.json'))) {
    console.error(`release: ${workspace} is not a section's folder (no package.json); give it with --workspace`);
    return 2;
  }
  if (!values.prebuilt) {
    // The workspace's own build script (the one build the release is made of), run in its folder as npm -w does.
    if (spawnSync('npm', ['run', 'build'], { cwd: workspace, stdio: 'inherit' }).status !== 0) {
      console.error(`release: the build of ${remote} failed; nothing was released`);
      return 1;
    }
  }
  try {
    const dist = process.env.QF_DIST_DIR ? { dist: path.resolve(process.env.QF_DIST_DIR) } : {};
    const { record, created, folder, builtAt } = writeRelease({ remote, workspace, store, ...dist });
    console.log(created ? `released ${record.id}: ${Object.keys(record.files).length} files, ${(record.sizes.bytes / 1024 / 1024).toFixed(1)} MB, browser scripts ${record.sizes.browserJsGzipKB} KB gzip${record.budgets.browserJsGzipKB ? ` (budget ${record.budgets.browserJsGzipKB} KB)` : ''}, in ${posix(path.relative(process.cwd(), folder))}` : alreadyReleased(record, folder, builtAt));
    return 0;
  } catch (error) {
    if (!(error instanceof ReleaseError)) throw error;
    console.error(`release: ${error.message}`);
    return 1;
  }
}

if (require.main === module) void main().then((code) => (process.exitCode = code));
