import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { alreadyReleased, describeReleases, listReleases, liveBuild, ReleaseError, releaseFolder, sameBuildInfo, sectionsIn, browserIntegrityOf, serverIntegrityOf, writeRelease } from './release';

let work: string;
beforeEach(() => (work = mkdtempSync(path.join(os.tmpdir(), 'qf-release-'))));
afterEach(() => rmSync(work, { recursive: true, force: true }));

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};

/** A built workspace as the remote configs leave it: this build's files, and an earlier build's chunk. */
function workspace(options: { budget?: number; browserBuild?: string; chunk?: string; builtAt?: string; contractVersion?: number; name?: string } = {}): string {
  const name = options.name ?? 'mf-events';
  const dir = path.join(work, name);
  const dist = path.join(dir, 'dist');
  const browserBuild = options.browserBuild ?? 'b1';
  write(path.join(dir, 'package.json'), JSON.stringify({ name: `@qf/${name}`, version: '1.2.0', ...(options.budget ? { qf: { budgets: { browserJsGzipKB: options.budget } } } : {}) }));
  write(path.join(dist, 'build-info.json'), JSON.stringify({ name, version: '1.2.0', buildId: 'abc123', builtAt: options.builtAt ?? '2026-11-27T00:00:00.000Z', contractVersion: options.contractVersion ?? 1, shared: { react: { version: '19.3.1', requiredVersion: '19.3.1' } }, builds: { [`${name}-browser`]: browserBuild, [`${name}-node`]: 'n1' } }));
  write(path.join(dist, 'build-files.json'), JSON.stringify({ [`${name}-browser`]: { build: 'b1', dir: 'browser', files: ['remoteEntry.1.js', 'main.1.js', 'mf-manifest.json', 'mf-manifest.b1.json'] }, [`${name}-node`]: { build: 'n1', dir: 'server', files: ['remoteEntry.js'] } }));
  write(path.join(dist, 'browser', 'remoteEntry.1.js'), 'var entry = 1;');
  write(path.join(dist, 'browser', 'main.1.js'), options.chunk ?? `console.log(${JSON.stringify('x'.repeat(100))});`);
  write(path.join(dist, 'browser', 'mf-manifest.json'), '{}');
  write(path.join(dist, 'browser', 'mf-manifest.b1.json'), '{}');
  write(path.join(dist, 'browser', 'main.0.js'), '/* an earlier build, kept for older pages */');
  write(path.join(dist, 'server', 'remoteEntry.js'), 'module.exports = {};');
  write(path.join(dist, 'app', 'main.js'), 'require("fastify");');
  return dir;
}

const store = () => path.join(work, 'releases');

describe('writeRelease', () => {
  it("writes exactly this build's files, laid out as dist/, with what the release is, under <remote>/<version>+<buildId>", () => {
    const { record, created, folder } = writeRelease({ remote: 'mf-events', workspace: workspace(), store: store(), now: () => new Date('2026-11-27T10:00:00Z') });
    expect(created).toBe(true);
    expect(folder).toBe(path.join(store(), 'mf-events', '1.2.0+abc123'));
    expect(Object.keys(record.files)).toEqual(['app/main.js', 'browser/main.1.js', 'browser/mf-manifest.b1.json', 'browser/mf-manifest.json', 'browser/remoteEntry.1.js', 'build-info.json', 'server/remoteEntry.js']);
    expect(existsSync(path.join(folder, 'dist', 'browser', 'main.0.js'))).toBe(false);
    expect(readdirSync(folder).sort()).toEqual(['dist', 'release.json']);
    expect(readFileSync(path.join(folder, 'dist', 'server', 'remoteEntry.js'), 'utf8')).toBe('module.exports = {};');
    expect(record).toMatchObject({ id: 'mf-events@1.2.0+abc123', remote: 'mf-events', version: '1.2.0', buildId: 'abc123', releasedAt: '2026-11-27T10:00:00.000Z', contractVersion: 1, shared: { react: { version: '19.3.1', requiredVersion: '19.3.1' } }, builds: { 'mf-events-browser': 'b1', 'mf-events-node': 'n1' } });
    expect(record.files['server/remoteEntry.js']).toEqual({ bytes: 20, sha256: createHash('sha256').update('module.exports = {};').digest('hex') });
    expect(JSON.parse(readFileSync(path.join(folder, 'release.json'), 'utf8'))).toEqual(record);
    expect(readdirSync(path.join(store(), 'mf-events'))).toEqual(['1.2.0+abc123']);
  });

  it("gives the registry the digests of the release's Node container: its server scripts only, as SRI digests of their SHA-256", () => {
    const digest = (text: string) => createHash('sha256').update(text).digest();
    const files = {
      'server/remoteEntry.js': { bytes: 1, sha256: digest('a').toString('hex') },
      'server/112.abc.js': { bytes: 1, sha256: digest('b').toString('hex') },
      'server/112.abc.js.map': { bytes: 1, sha256: digest('c').toString('hex') },
      'server/nested/x.js': { bytes: 1, sha256: digest('d').toString('hex') },
      'browser/remoteEntry.1.js': { bytes: 1, sha256: digest('e').toString('hex') },
      'app/main.js': { bytes: 1, sha256: digest('f').toString('hex') },
    };
    expect(serverIntegrityOf({ files })).toEqual({ '112.abc.js': `sha256-${digest('b').toString('base64')}`, 'remoteEntry.js': `sha256-${digest('a').toString('base64')}` });
    // The browser build's scripts and stylesheets, for the shell's check and the browser's (not its maps, manifests or subfolders).
    const browser = {
      ...files,
      'browser/story.1.css': { bytes: 1, sha256: digest('g').toString('hex') },
      'browser/remoteEntry.1.js.map': { bytes: 1, sha256: digest('h').toString('hex') },
      'browser/mf-manifest.1.json': { bytes: 1, sha256: digest('i').toString('hex') },
      'browser/nested/y.js': { bytes: 1, sha256: digest('j').toString('hex') },
    };
    expect(browserIntegrityOf({ files: browser })).toEqual({ 'remoteEntry.1.js': `sha256-${digest('e').toString('base64')}`, 'story.1.css': `sha256-${digest('g').toString('base64')}` });
  });

  it('changes nothing when the same build is released again', () => {
    const dir = workspace();
    const first = writeRelease({ remote: 'mf-events', workspace: dir, store: store() });
    const written = statSync(path.join(first.folder, 'release.json')).mtimeMs;
    const again = writeRelease({ remote: 'mf-events', workspace: dir, store: store() });
    expect(again.created).toBe(false);
    expect(again.record).toEqual(first.record);
    expect(statSync(path.join(first.folder, 'release.json')).mtimeMs).toBe(written);
  });

  it('never rewrites a release: the same id with other files is refused', () => {
    writeRelease({ remote: 'mf-events', workspace: workspace(), store: store() });
    writeFileSync(path.join(work, 'mf-events', 'dist', 'browser', 'main.1.js'), 'console.log("changed");');
    expect(() => writeRelease({ remote: 'mf-events', workspace: path.join(work, 'mf-events'), store: store() })).toThrow(new ReleaseError('mf-events@1.2.0+abc123 is already released with other files (browser/main.1.js…): a release is never rewritten; change the version or the code'));
    expect(readFileSync(path.join(releaseFolder(store(), 'mf-events', '1.2.0', 'abc123'), 'dist', 'browser', 'main.1.js'), 'utf8')).not.toContain('changed');
  });

  it("is the release already there when only builtAt differs: the same code built at a later commit (shared/build's builtAt is the commit's time)", () => {
    const first = writeRelease({ remote: 'mf-events', workspace: workspace(), store: store() });
    const stored = readFileSync(path.join(first.folder, 'dist', 'build-info.json'), 'utf8');
    const again = writeRelease({ remote: 'mf-events', workspace: workspace({ builtAt: '2026-12-01T09:30:00.000Z' }), store: store() });
    expect(again).toEqual({ record: first.record, created: false, folder: first.folder, builtAt: '2026-12-01T09:30:00.000Z' });
    // The store keeps the release as it was first written, builtAt included.
    expect(readFileSync(path.join(first.folder, 'dist', 'build-info.json'), 'utf8')).toBe(stored);
    expect(alreadyReleased(again.record, again.folder, again.builtAt)).toMatch(
      /^mf-events@1\.2\.0\+abc123 is already released with the same files, in .*: nothing to do \(builtAt aside: this build says 2026-12-01T09:30:00\.000Z, the release keeps 2026-11-27T00:00:00\.000Z\)$/,
    );
  });

  it('refuses a build-info.json that differs in more than builtAt, and another file beside a builtAt', () => {
    writeRelease({ remote: 'mf-events', workspace: workspace(), store: store() });
    expect(() => writeRelease({ remote: 'mf-events', workspace: workspace({ contractVersion: 2 }), store: store() })).toThrow('mf-events@1.2.0+abc123 is already released with other files (build-info.json…)');
    expect(() => writeRelease({ remote: 'mf-events', workspace: workspace({ builtAt: '2026-12-01T09:30:00.000Z', chunk: 'console.log("changed");' }), store: store() })).toThrow('mf-events@1.2.0+abc123 is already released with other files (browser/main.1.js…)');
  });

  it('compares build infos but for builtAt, and never two texts that are not JSON objects', () => {
    const info = { name: 'mf-events', buildId: 'abc123', builtAt: '2026-11-27T00:00:00.000Z' };
    expect(sameBuildInfo(JSON.stringify(info), JSON.stringify({ ...info, builtAt: '2026-12-01T00:00:00.000Z' }))).toBe(true);
    expect(sameBuildInfo(JSON.stringify(info), JSON.stringify({ ...info, buildId: 'abc124' }))).toBe(false);
    expect(sameBuildInfo(JSON.stringify(info), JSON.stringify({ name: 'mf-events', buildId: 'abc123' }))).toBe(true);
    expect(sameBuildInfo('[1]', '[1]')).toBe(false);
    expect(sameBuildInfo('{', '{')).toBe(false);
  });

  it('names the commit it was released from, and says when the tree also had uncommitted changes', () => {
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=qf', '-c', 'user.email=qf@example.org', '-c', 'commit.gpgsign=false', ...args], { cwd: work, encoding: 'utf8' }).trim();
    const dir = workspace();
    writeFileSync(path.join(work, '.gitignore'), 'dist/\nreleases/\n');
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'mf-events');
    const clean = writeRelease({ remote: 'mf-events', workspace: dir, store: store() }).record;
    expect(clean.commit).toBe(git('rev-parse', 'HEAD'));
    expect(clean.uncommitted).toBeUndefined();
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@qf/mf-events', version: '1.2.1' }));
    write(path.join(dir, 'dist', 'build-info.json'), readFileSync(path.join(dir, 'dist', 'build-info.json'), 'utf8').replace('"1.2.0"', '"1.2.1"'));
    const dirty = writeRelease({ remote: 'mf-events', workspace: dir, store: store() }).record;
    expect(dirty).toMatchObject({ id: 'mf-events@1.2.1+abc123', commit: clean.commit, uncommitted: true });
    expect(describeReleases('mf-events', [dirty], { problem: 'not asked' })[1]).toContain(`commit ${clean.commit!.slice(0, 10)} with uncommitted changes`);
  });

  it('refuses a build over its declared budget and leaves nothing in the store', () => {
    const random = Array.from({ length: 4000 }, (_, i) => ((i * 7919) % 65521).toString(36)).join('');
    expect(() => writeRelease({ remote: 'mf-events', workspace: workspace({ budget: 1, chunk: `var s = "${random}";` }), store: store() })).toThrow(/^mf-events@1\.2\.0\+abc123 is over its budget: browser scripts \d+(\.\d)? KB gzip, declared 1 KB \(package\.json qf\.budgets\)$/);
    expect(existsSync(path.join(store(), 'mf-events')) ? readdirSync(path.join(store(), 'mf-events')) : []).toEqual([]);
  });

  it('refuses a build whose file list is of another build', () => {
    expect(() => writeRelease({ remote: 'mf-events', workspace: workspace({ browserBuild: 'b2' }), store: store() })).toThrow('build-files.json does not describe mf-events-browser build b2 (it says b1): build again');
  });

  it('refuses a workspace that was not built', () => {
    const dir = path.join(work, 'mf-idkt');
    mkdirSync(dir);
    expect(() => writeRelease({ remote: 'mf-idkt', workspace: dir, store: store() })).toThrow(/^mf-idkt has no readable dist\/build-info\.json .*: build it first$/);
  });
});

describe('npm run release -w <remote> -- --prebuilt', () => {
  const root = path.join(__dirname, '..', '..');
  /** The command as the workspace's `release` script runs it, on the build in QF_DIST_DIR. */
  const release = () =>
    spawnSync(process.execPath, ['-r', path.join(root, 'scripts', 'ts-register.cjs'), path.join(root, 'shared', 'scripts', 'release.ts'), 'create', 'mf-events', '--prebuilt'], {
      cwd: work,
      env: { ...process.env, QF_DIST_DIR: path.join(work, 'mf-events', 'dist'), RELEASES_DIR: store() },
      encoding: 'utf8',
    });

  it('exits 0 when unchanged code is released again, and 1 when the same id comes with other files', () => {
    workspace();
    const first = release();
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^released mf-events@1\.2\.0\+abc123: 7 files/);
    const again = release();
    expect(again.status).toBe(0);
    expect(again.stdout).toBe('mf-events@1.2.0+abc123 is already released with the same files, in releases/mf-events/1.2.0+abc123: nothing to do\n');
    writeFileSync(path.join(work, 'mf-events', 'dist', 'browser', 'main.1.js'), 'console.log("changed");');
    const changed = release();
    expect(changed.status).toBe(1);
    expect(changed.stderr).toContain('release: mf-events@1.2.0+abc123 is already released with other files (browser/main.1.js…)');
  }, 30_000);
});

describe('a section kept in a folder of its own (it joins the site without a shell release)', () => {
  const root = path.join(__dirname, '..', '..');
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['-r', path.join(root, 'scripts', 'ts-register.cjs'), path.join(root, 'shared', 'scripts', 'release.ts'), ...args], { cwd: work, env: { ...process.env, RELEASES_DIR: store() }, encoding: 'utf8' });

  it('is released from the folder --workspace names, its budgets its own; the store then lists it', () => {
    const dir = workspace({ name: 'mf-sample', budget: 100 });
    const made = run('create', 'mf-sample', '--prebuilt', '--workspace', path.relative(work, dir));
    expect(made.stderr).toBe('');
    expect(made.stdout).toMatch(/^released mf-sample@1\.2\.0\+abc123: 7 files, .* \(budget 100 KB\), in releases\/mf-sample\/1\.2\.0\+abc123$/m);
    expect(listReleases(store(), 'mf-sample').map((r) => [r.id, r.budgets])).toEqual([['mf-sample@1.2.0+abc123', { browserJsGzipKB: 100 }]]);
    writeRelease({ remote: 'mf-events', workspace: workspace(), store: store() });
    mkdirSync(path.join(store(), 'not-a-section'));
    expect(sectionsIn(store())).toEqual(['mf-events', 'mf-sample']);
  }, 30_000);

  it('refuses a malformed name, and a folder that is no section, with the usage', () => {
    const bad = run('create', 'MF-X', '--prebuilt');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^usage: release\.ts create\|list <remote> .*\n<remote> is a section's name \(mf- and lowercase letters and dashes\): this repository's mf-content, mf-events, /);
    const nowhere = run('create', 'mf-sample', '--prebuilt');
    expect(nowhere.status).toBe(2);
    expect(nowhere.stderr).toMatch(/^release: .*mf-sample is not a section's folder \(no package\.json\); give it with --workspace\n$/);
  }, 30_000);
});

describe('the releases of a remote', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A section server answering its build info, and a registry file naming it. */
  async function liveAt(buildId: string): Promise<string> {
    server = createServer((req, res) => {
      res.writeHead(req.url === '/build-info.json' ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name: 'mf-events', version: '1.2.0', buildId, builtAt: '2026-11-27T00:00:00.000Z' }));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const registry = path.join(work, 'registry.json');
    writeFileSync(registry, JSON.stringify({ remotes: { 'mf-events': { url: `http://127.0.0.1:${port}` } } }));
    return registry;
  }

  it('lists them oldest first, skips a half-written one, and marks the one the registry serves', async () => {
    writeRelease({ remote: 'mf-events', workspace: workspace(), store: store(), now: () => new Date('2026-11-27T10:00:00Z') });
    mkdirSync(path.join(store(), 'mf-events', '1.3.0+def.partial-1-2'), { recursive: true });
    const releases = listReleases(store(), 'mf-events');
    expect(releases.map((r) => r.id)).toEqual(['mf-events@1.2.0+abc123']);
    const registry = await liveAt('abc123');
    const live = await liveBuild(registry, 'mf-events');
    expect(live).toEqual({ buildId: 'abc123', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });
    const lines = describeReleases('mf-events', releases, live);
    expect(lines[0]).toBe('1 release(s) of mf-events:');
    expect(lines[1]).toMatch(/^\* mf-events@1\.2\.0\+abc123 {2}released 2026-11-27T10:00:00\.000Z .* KB browser JS {2}\(live\)$/);
    expect(lines[2]).toMatch(/^live: mf-events at http:\/\/127\.0\.0\.1:\d+ serves build abc123$/);
  });

  it('says when the live build is not a release, or cannot be known', async () => {
    writeRelease({ remote: 'mf-events', workspace: workspace(), store: store() });
    const releases = listReleases(store(), 'mf-events');
    const lines = describeReleases('mf-events', releases, await liveBuild(await liveAt('zzz'), 'mf-events'));
    expect(lines[1]).toMatch(/^ {2}mf-events@1\.2\.0\+abc123 /);
    expect(lines[2]).toMatch(/serves build zzz, which is not a release in the store$/);
    const missing = path.join(work, 'none.json');
    expect(describeReleases('mf-events', [], await liveBuild(missing, 'mf-events'))).toEqual(['no release of mf-events yet (npm run release -w mf-events)', expect.stringMatching(/^live: not known: ENOENT/)]);
  });
});
