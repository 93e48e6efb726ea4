import { registrySchema } from '@qf/shared/contracts';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pinnedBy, pinnedFiles, publishedReleases, publishRelease, PublishError, pruneCdn } from './cdn';
import { writeRelease } from './release';

let work: string;
beforeEach(() => (work = mkdtempSync(path.join(os.tmpdir(), 'qf-cdn-'))));
afterEach(() => rmSync(work, { recursive: true, force: true }));

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};

/** A release of mf-events in the store, from a built workspace whose build id is `buildId`. */
function release(buildId: string): string {
  const dir = path.join(work, `ws-${buildId}`);
  const dist = path.join(dir, 'dist');
  write(path.join(dir, 'package.json'), JSON.stringify({ name: '@qf/mf-events', version: '1.2.0' }));
  write(path.join(dist, 'build-info.json'), JSON.stringify({ name: 'mf-events', version: '1.2.0', buildId, builtAt: '2026-11-27T00:00:00.000Z', builds: { 'mf-events-browser': `b-${buildId}`, 'mf-events-node': 'n1' } }));
  write(path.join(dist, 'build-files.json'), JSON.stringify({ 'mf-events-browser': { build: `b-${buildId}`, dir: 'browser', files: [`remoteEntry.${buildId}.js`, `mf-manifest.b-${buildId}.json`, `routes.b-${buildId}.json`] }, 'mf-events-node': { build: 'n1', dir: 'server', files: ['remoteEntry.js'] } }));
  write(path.join(dist, 'browser', `remoteEntry.${buildId}.js`), `var entry = ${JSON.stringify(buildId)};`);
  write(path.join(dist, 'browser', `mf-manifest.b-${buildId}.json`), '{}');
  write(path.join(dist, 'browser', `routes.b-${buildId}.json`), '{}');
  write(path.join(dist, 'server', 'remoteEntry.js'), 'module.exports = {};');
  write(path.join(dist, 'app', 'main.js'), 'require("fastify");');
  return writeRelease({ remote: 'mf-events', workspace: dir, store: path.join(work, 'releases') }).folder;
}

const cdn = () => path.join(work, 'cdn');
const files = (dir: string): string[] => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => path.relative(dir, path.join(d.parentPath, d.name))).sort();

describe('the browser-build store', () => {
  it('publishes a release’s browser build, Node container and build info under its own prefix, never its server; again, nothing', () => {
    const folder = release('abc');
    const first = publishRelease(folder, cdn(), () => new Date('2026-12-01T00:00:00Z'));
    expect(first).toMatchObject({ release: '1.2.0+abc', created: true });
    expect(files(cdn())).toEqual(['mf-events/1.2.0+abc/browser/mf-manifest.b-abc.json', 'mf-events/1.2.0+abc/browser/remoteEntry.abc.js', 'mf-events/1.2.0+abc/browser/routes.b-abc.json', 'mf-events/1.2.0+abc/build-info.json', 'mf-events/1.2.0+abc/server/remoteEntry.js', 'mf-events/releases.json']);
    expect(readFileSync(path.join(cdn(), 'mf-events/1.2.0+abc/browser/remoteEntry.abc.js'), 'utf8')).toBe('var entry = "abc";');
    expect(publishedReleases(cdn(), 'mf-events')).toEqual([{ release: '1.2.0+abc', buildId: 'abc', publishedAt: '2026-12-01T00:00:00.000Z' }]);
    const written = statSync(path.join(cdn(), 'mf-events/1.2.0+abc/build-info.json')).mtimeMs;
    expect(publishRelease(folder, cdn()).created).toBe(false);
    expect(statSync(path.join(cdn(), 'mf-events/1.2.0+abc/build-info.json')).mtimeMs).toBe(written);
    expect(pinnedFiles(cdn(), 'https://cdn.example', 'mf-events', '1.2.0+abc')).toEqual({
      manifest: 'https://cdn.example/mf-events/1.2.0+abc/browser/mf-manifest.b-abc.json',
      serverEntry: 'https://cdn.example/mf-events/1.2.0+abc/server/remoteEntry.js',
      routes: 'https://cdn.example/mf-events/1.2.0+abc/browser/routes.b-abc.json',
      buildInfo: 'https://cdn.example/mf-events/1.2.0+abc/build-info.json',
    });
  });

  it('refuses a damaged release and never rewrites a published object: nothing is written either way', () => {
    const folder = release('abc');
    writeFileSync(path.join(folder, 'dist', 'server', 'remoteEntry.js'), 'tampered');
    expect(() => publishRelease(folder, cdn())).toThrow(new PublishError('mf-events@1.2.0+abc: server/remoteEntry.js does not match its digest in release.json; the release is damaged, release it again (nothing was published)'));
    expect(existsSync(cdn())).toBe(false);
    writeFileSync(path.join(folder, 'dist', 'server', 'remoteEntry.js'), 'module.exports = {};');
    publishRelease(folder, cdn());
    writeFileSync(path.join(cdn(), 'mf-events/1.2.0+abc/browser/remoteEntry.abc.js'), 'other bytes');
    expect(() => publishRelease(folder, cdn())).toThrow('mf-events/1.2.0+abc/browser/remoteEntry.abc.js is already published with other bytes; a published release is never rewritten');
    expect(() => pinnedFiles(cdn(), 'https://cdn.example', 'mf-events', '1.2.0+nope')).toThrow('mf-events 1.2.0+nope is not published to');
  });

  it('keeps every release for 7 days or the last 10 of a section, whichever keeps more, and whatever a registry pins', () => {
    const day = 86_400_000;
    const start = Date.parse('2026-11-01T00:00:00Z');
    const ids = Array.from({ length: 14 }, (_, i) => `r${String(i).padStart(2, '0')}`);
    // Fourteen releases, one a day.
    ids.forEach((id, i) => publishRelease(release(id), cdn(), () => new Date(start + i * day)));
    // A day after the last: the last 10 are kept, and the four older are past 7 days; r01 is pinned.
    const now = new Date(start + 14 * day);
    expect(pruneCdn(cdn(), { now, keep: new Set(['mf-events/1.2.0+r01']) })).toEqual(['mf-events/1.2.0+r00', 'mf-events/1.2.0+r02', 'mf-events/1.2.0+r03']);
    expect(publishedReleases(cdn(), 'mf-events').map((p) => p.release)).toEqual(['1.2.0+r01', ...ids.slice(4).map((id) => `1.2.0+${id}`)]);
    expect(readdirSync(path.join(cdn(), 'mf-events')).filter((f) => f !== 'releases.json').length).toBe(11);
    // A burst of releases within a week: all are kept, more than ten.
    const burst = path.join(work, 'burst');
    ids.forEach((id, i) => publishRelease(path.join(work, 'releases', 'mf-events', `1.2.0+${id}`), burst, () => new Date(start + i * 3_600_000)));
    expect(pruneCdn(burst, { now: new Date(start + 2 * day) })).toEqual([]);
    expect(pruneCdn(burst, { now: new Date(start + 9 * day) })).toEqual(ids.slice(0, 4).map((id) => `mf-events/1.2.0+${id}`));
  });

  it('reads what a registry pins, live and canary', () => {
    const cdnUrl = 'http://127.0.0.1:8080/cdn';
    expect([...pinnedBy({ remotes: { 'mf-events': { buildInfo: `${cdnUrl}/mf-events/1.2.0+abc/build-info.json`, canary: { buildInfo: `${cdnUrl}/mf-events/1.3.0+def/build-info.json` } }, 'mf-content': {} } })]).toEqual(['mf-events/1.2.0+abc', 'mf-events/1.3.0+def']);
  });

  it('is what a pipeline runs: npm run cdn:publish and cdn:prune, with their exit codes', () => {
    const folder = release('abc');
    const run = (...args: string[]) => spawnSync(process.execPath, ['-r', './scripts/ts-register.cjs', 'shared/scripts/cdn.ts', ...args], { cwd: path.resolve(__dirname, '..', '..'), encoding: 'utf8', env: { ...process.env, RELEASES_DIR: path.dirname(path.dirname(folder)), CDN_DIR: cdn() } });
    expect(run('publish', 'mf-events', 'mf-events@1.2.0+abc')).toMatchObject({ status: 0, stdout: `published mf-events@1.2.0+abc to ${cdn()}\n` });
    expect(run('publish', 'mf-events', '1.2.0+abc')).toMatchObject({ status: 0, stdout: `mf-events@1.2.0+abc is already published to ${cdn()}; nothing to do\n` });
    // With the CDN's address: the registry entry's pins, for the pipeline's registry edit.
    const pins = JSON.parse(run('publish', 'mf-events', '1.2.0+abc', '--url', 'https://cdn.example/').stdout.split('\n')[1]!) as Record<string, string>;
    // …and the digests of its Node container, which the shells check before running it (issue 37).
    // …and of its browser build, which the shells check and the browsers are told (issue 37).
    expect(pins).toEqual({
      ...pinnedFiles(cdn(), 'https://cdn.example', 'mf-events', '1.2.0+abc'),
      serverIntegrity: { 'remoteEntry.js': `sha256-${createHash('sha256').update('module.exports = {};').digest('base64')}` },
      browserIntegrity: { 'remoteEntry.abc.js': `sha256-${createHash('sha256').update('var entry = "abc";').digest('base64')}` },
    });
    expect(registrySchema.safeParse({ remotes: { 'mf-events': { url: 'http://mf-events-stable:3002', ...pins } } }).success).toBe(true);
    expect(run('publish', 'mf-events', '../x').status).toBe(2);
    expect(run('publish', 'mf-events', '1.2.0+nope')).toMatchObject({ status: 1, stderr: expect.stringContaining('is not a release (no release.json)') });
    expect(run('prune')).toMatchObject({ status: 0, stdout: 'nothing past 7 days and the last 10 releases of each section\n' });
    // Shorter than the retention the issue sets is refused.
    expect(run('prune', '--keep-days', '1').status).toBe(2);
  });
});
