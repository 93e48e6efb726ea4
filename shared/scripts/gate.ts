// `npm run gate -w <remote> [-- --shell <build-info.json file or URL>]`: the release gate of issue 12's
// contract gate. Says whether the remote's build (its dist/build-info.json) can join the shell's: the same
// contract version, and each shared singleton (react, react-dom, i18next, @qf/shared) in the range the
// other side requires (`compatibilityProblems`, shared/src/server/compat.ts, the check the shell also
// makes at run time before it loads a remote), and its published route manifest beside the other
// sections' built ones (no pattern taking another section's paths, no link to a page none of them
// publishes). The shell's build info is the repository's build by default (shell/dist/build-info.json);
// a pipeline points it at the live shell's. A section whose build is not `<root>/<remote>/dist` (one
// built in its own folder, which joins the site without a shell release) gives it: `--build
// <its dist/build-info.json>`. Exit 0: it can join; 1: it cannot, each mismatch named; 2: a build info
// could not be read, or the name is not a section's.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildInfoSchema, isRemoteName, routeManifestSchema, type BuildInfo, type RemoteName, type RouteManifest } from '@qf/shared/contracts';
import { routeConflicts, siteRoutes } from '@qf/shared/section';
import { compatibilityProblems } from '@qf/shared/server';
import { sectionNames } from '../../scripts/workspaces.cjs';

const root = path.resolve(__dirname, '..', '..');

/** A JSON document from a file or an http(s) URL (a build info, a registry): what ops point the scripts at. */
export async function readJsonSource(source: string, timeoutMs = 10_000): Promise<unknown> {
  return /^https?:\/\//.test(source) ? (await fetch(source, { signal: AbortSignal.timeout(timeoutMs) })).json() : JSON.parse(readFileSync(source, 'utf8'));
}

async function read(source: string): Promise<BuildInfo> {
  return buildInfoSchema.parse(await readJsonSource(source));
}

/** The route manifest a build in `dist` publishes (`browser/routes.json`), or undefined when it has none (the gate and the supervisor read it). */
export function publishedRoutes(dist: string): RouteManifest | undefined {
  const file = path.join(dist, 'browser', 'routes.json');
  return existsSync(file) ? routeManifestSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
}

/**
 * What the build's routes would do to the site beside the other sections' manifests: a pattern that
 * takes another section's paths (the shell would refuse the manifest) and a link to a page none of them
 * publishes (the link would be left out). Links to a section whose manifest is not given are not judged.
 */
export function routeProblems(manifest: RouteManifest, others: readonly RouteManifest[]): string[] {
  const known = new Set(others.map((m) => m.remote));
  const table = siteRoutes([manifest, ...others]);
  const broken = table.brokenLinks().filter((line) => line.startsWith(`${manifest.remote} links to `) && known.has(line.slice(`${manifest.remote} links to `.length).split('/')[0] as RemoteName));
  return [...routeConflicts(manifest, others), ...broken];
}

export async function gate(
  remote: string,
  shellSource: string,
  remoteSource = path.join(root, remote, 'dist', 'build-info.json'),
  /** The other sections' build infos, beside their published route manifests (default: the builds of this repository's workspaces). */
  otherSources: readonly string[] = sectionNames.filter((r) => r !== remote).map((r) => path.join(root, r, 'dist', 'build-info.json')),
): Promise<{ code: 0 | 1 | 2; lines: string[] }> {
  // Any well-formed name: a section built outside this repository (--build) is gated like one of its own.
  if (!isRemoteName(remote)) return { code: 2, lines: [`gate: "${remote}" is not a section name (mf- and lowercase letters and dashes, as ${sectionNames.join(', ')})`] };
  let shell: BuildInfo;
  let built: BuildInfo;
  try {
    built = await read(remoteSource);
  } catch (error) {
    return { code: 2, lines: [`gate: ${remote}'s build info (${remoteSource}) could not be read: ${String(error)}; build it first (npm run build -w ${remote})`] };
  }
  try {
    shell = await read(shellSource);
  } catch (error) {
    return { code: 2, lines: [`gate: the shell's build info (${shellSource}) could not be read: ${String(error)}`] };
  }
  const problems = compatibilityProblems(shell, built, { strict: true });
  // The build's routes beside the other sections' (as the shell and the supervisor will check them).
  const manifest = publishedRoutes(path.dirname(remoteSource));
  const others = otherSources.map((source) => publishedRoutes(path.dirname(source))).filter((m): m is RouteManifest => m !== undefined && m.remote !== remote);
  if (manifest) problems.push(...routeProblems(manifest, others));
  if (problems.length) return { code: 1, lines: [`gate: ${remote} build ${built.buildId} cannot join shell build ${shell.buildId}:`, ...problems.map((p) => `  - ${p}`)] };
  const versions = Object.entries(built.shared ?? {})
    .map(([name, v]) => `${name} ${v.version}`)
    .join(', ');
  const routes = manifest ? `; its routes and links checked against ${others.map((m) => m.remote).join(', ') || 'no other section (none built)'}` : '; it publishes no route manifest';
  return { code: 0, lines: [`gate: ${remote} build ${built.buildId} can join shell build ${shell.buildId} (contract ${built.contractVersion}; ${versions})${routes}`] };
}

if (require.main === module) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { shell: { type: 'string' }, build: { type: 'string' } } });
  const [remote = ''] = positionals;
  void gate(remote, values.shell || process.env.QF_SHELL_BUILD_INFO || path.join(root, 'shell', 'dist', 'build-info.json'), values.build).then(({ code, lines }) => {
    for (const line of lines) (code === 0 ? console.log : console.error)(line);
    process.exitCode = code;
  });
}
