import { checkBrowserBuild, expectContainer, integrityPlugin, RemoteCodeRefused, sriDigest, type Refusal } from './remote-integrity';

const ENTRY = 'const c = { get: () => 42 }; module.exports = { qf_mf_test: c };';
const CHUNK = 'exports.ids = [1]; exports.modules = {};';
const bytes = (text: string) => new TextEncoder().encode(text);

/** A stand-in for the section's server: the files it serves, and what was asked of it. */
function server(files: Record<string, string>) {
  const asked: string[] = [];
  const fetchFile = (async (input: string | URL | Request) => {
    const url = String(input);
    asked.push(url);
    const name = new URL(url).pathname.split('/').pop()!;
    return name in files ? new Response(files[name]) : new Response('not found', { status: 404 });
  }) as typeof fetch;
  return { asked, fetchFile };
}

let port = 40000;
/** A folder address of its own per test: the plugin's folders are the process's. */
const folder = () => `http://127.0.0.1:${++port}/server/`;

async function entryOf(plugin: ReturnType<typeof integrityPlugin>, entry: string): Promise<unknown> {
  return (plugin.loadEntry as (args: unknown) => Promise<unknown>)({ remoteInfo: { name: 'qf_mf_test', entry, entryGlobalName: 'qf_mf_test', type: 'script' } });
}
async function chunkOf(plugin: ReturnType<typeof integrityPlugin>, url: string): Promise<Response | undefined> {
  return (plugin.fetch as (url: string, init: RequestInit) => Promise<Response | undefined>)(url, {});
}

describe('remote code is checked before it runs', () => {
  const digests = { 'remoteEntry.js': sriDigest(bytes(ENTRY)), '112.abc.js': sriDigest(bytes(CHUNK)) };

  it('runs a remote entry and hands on a chunk whose bytes match their digests', async () => {
    const at = folder();
    const { fetchFile, asked } = server({ 'remoteEntry.js': ENTRY, '112.abc.js': CHUNK });
    const refused: Refusal[] = [];
    expectContainer('mf-test', `${at}remoteEntry.js`, digests, { required: false, onRefused: (r) => refused.push(r) });
    const plugin = integrityPlugin(fetchFile);
    const container = (await entryOf(plugin, `${at}remoteEntry.js?build=b1`)) as { get: () => number };
    expect(container.get()).toBe(42);
    // The whole release was checked before its entry ran; the chunk is handed from those bytes, once.
    expect(asked).toEqual([`${at}remoteEntry.js?build=b1`, `${at}112.abc.js`]);
    const chunk = await chunkOf(plugin, `${at}112.abc.js`);
    expect(await chunk!.text()).toBe(CHUNK);
    expect(asked).toHaveLength(2);
    expect(await (await chunkOf(plugin, `${at}112.abc.js`))!.text()).toBe(CHUNK);
    expect(asked).toHaveLength(3);
    expect(refused).toEqual([]);
  });

  it('runs none of a release one of whose chunks was changed: its entry is refused before it runs', async () => {
    const at = folder();
    const { fetchFile } = server({ 'remoteEntry.js': `${ENTRY} globalThis.qfEntryRan = true;`, '112.abc.js': `${CHUNK} /* changed */` });
    const refused: Refusal[] = [];
    expectContainer('mf-test', `${at}remoteEntry.js`, { 'remoteEntry.js': sriDigest(bytes(`${ENTRY} globalThis.qfEntryRan = true;`)), '112.abc.js': digests['112.abc.js'] }, { required: false, onRefused: (r) => refused.push(r) });
    await expect(entryOf(integrityPlugin(fetchFile), `${at}remoteEntry.js?build=b1`)).rejects.toBeInstanceOf(RemoteCodeRefused);
    expect((globalThis as Record<string, unknown>).qfEntryRan).toBeUndefined();
    expect(refused).toEqual([{ remote: 'mf-test', url: `${at}112.abc.js`, reason: 'mismatch' }]);
  });

  it('refuses a tampered file, a file its release does not list, and says so once per file', async () => {
    const at = folder();
    const { fetchFile } = server({ 'remoteEntry.js': `${ENTRY} globalThis.qfTamperedRan = true;`, '112.abc.js': CHUNK, '999.evil.js': CHUNK });
    const refused: Refusal[] = [];
    expectContainer('mf-test', `${at}remoteEntry.js`, digests, { required: false, onRefused: (r) => refused.push(r) });
    const plugin = integrityPlugin(fetchFile);
    await expect(entryOf(plugin, `${at}remoteEntry.js?build=b1`)).rejects.toThrow(new RemoteCodeRefused({ remote: 'mf-test', url: `${at}remoteEntry.js`, reason: 'mismatch' }));
    await expect(chunkOf(plugin, `${at}999.evil.js`)).rejects.toBeInstanceOf(RemoteCodeRefused);
    expect(refused).toEqual([
      { remote: 'mf-test', url: `${at}remoteEntry.js`, reason: 'mismatch' },
      { remote: 'mf-test', url: `${at}999.evil.js`, reason: 'unlisted' },
    ]);
    // The tampered entry never ran.
    expect((globalThis as Record<string, unknown>).qfTamperedRan).toBeUndefined();
  });

  it('a file that cannot be fetched is a failed load, not a refusal', async () => {
    const at = folder();
    const { fetchFile } = server({});
    const refused: Refusal[] = [];
    expectContainer('mf-test', `${at}remoteEntry.js`, digests, { required: false, onRefused: (r) => refused.push(r) });
    await expect(chunkOf(integrityPlugin(fetchFile), `${at}112.abc.js`)).rejects.toThrow(`mf-test: ${at}112.abc.js answered 404`);
    expect(refused).toEqual([]);
  });

  it('without digests a container runs as Module Federation loads it, unless they are required', async () => {
    const at = folder();
    const { fetchFile, asked } = server({ 'remoteEntry.js': ENTRY });
    const refused: Refusal[] = [];
    expectContainer('mf-test', `${at}remoteEntry.js`, undefined, { required: false, onRefused: (r) => refused.push(r) });
    const plugin = integrityPlugin(fetchFile);
    expect(await entryOf(plugin, `${at}remoteEntry.js?build=b1`)).toBeUndefined();
    expect(await chunkOf(plugin, `${at}112.abc.js`)).toBeUndefined();
    expect(asked).toEqual([]);
    expectContainer('mf-test', `${at}remoteEntry.js`, undefined, { required: true, onRefused: (r) => refused.push(r) });
    await expect(entryOf(plugin, `${at}remoteEntry.js?build=b1`)).rejects.toBeInstanceOf(RemoteCodeRefused);
    expect(refused).toEqual([{ remote: 'mf-test', url: `${at}remoteEntry.js`, reason: 'undigested' }]);
  });

  it('leaves files outside the containers it was told about to the default loader', async () => {
    const { fetchFile, asked } = server({ 'remoteEntry.js': ENTRY });
    expect(await chunkOf(integrityPlugin(fetchFile), `${folder()}elsewhere.js`)).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it("a folder keeps its earlier builds' chunks, and the remote entry of the build registered last", async () => {
    const at = folder();
    const next = 'const c = { get: () => 43 }; module.exports = { qf_mf_test: c };';
    const { fetchFile } = server({ 'remoteEntry.js': next, '112.abc.js': CHUNK });
    expectContainer('mf-test', `${at}remoteEntry.js`, digests, { required: false, onRefused: () => undefined });
    expectContainer('mf-test', `${at}remoteEntry.js`, { 'remoteEntry.js': sriDigest(bytes(next)) }, { required: false, onRefused: () => undefined });
    const plugin = integrityPlugin(fetchFile);
    expect(((await entryOf(plugin, `${at}remoteEntry.js?build=b2`)) as { get: () => number }).get()).toBe(43);
    expect(await (await chunkOf(plugin, `${at}112.abc.js`))!.text()).toBe(CHUNK);
  });

  it('checks sha384 and sha512 digests too', async () => {
    const at = folder();
    const { fetchFile } = server({ '112.abc.js': CHUNK, '113.abc.js': CHUNK });
    expectContainer('mf-test', `${at}remoteEntry.js`, { '112.abc.js': sriDigest(bytes(CHUNK), 'sha384'), '113.abc.js': sriDigest(bytes(`${CHUNK} `), 'sha512') }, { required: false, onRefused: () => undefined });
    const plugin = integrityPlugin(fetchFile);
    expect(await chunkOf(plugin, `${at}112.abc.js`)).toBeInstanceOf(Response);
    await expect(chunkOf(plugin, `${at}113.abc.js`)).rejects.toBeInstanceOf(RemoteCodeRefused);
  });
});

describe("a section's browser build is checked before pages load it (issue 37, item 5)", () => {
  const ENTRY_JS = 'var mf_test = {};';
  const VIEW_CSS = '.story{color:red}';
  const browserFolder = () => `http://127.0.0.1:${++port}/browser/`;
  const digests = { 'remoteEntry.abc.js': sriDigest(bytes(ENTRY_JS)), 'story.def.css': sriDigest(bytes(VIEW_CSS)) };

  it('fetches every listed file once per build and passes when all match', async () => {
    const at = browserFolder();
    const { fetchFile, asked } = server({ 'remoteEntry.abc.js': ENTRY_JS, 'story.def.css': VIEW_CSS });
    const refused: Refusal[] = [];
    await checkBrowserBuild('mf-test', at, digests, { required: true, onRefused: (r) => refused.push(r), fetchFile });
    await checkBrowserBuild('mf-test', at, digests, { required: true, onRefused: (r) => refused.push(r), fetchFile });
    expect(asked.sort()).toEqual([`${at}remoteEntry.abc.js`, `${at}story.def.css`]);
    expect(refused).toEqual([]);
  });

  it('refuses a build with one changed file, says which once, and checks again at the next load', async () => {
    const at = browserFolder();
    const files = { 'remoteEntry.abc.js': ENTRY_JS, 'story.def.css': '.story{background:url(//evil.test/x)}' };
    const { fetchFile, asked } = server(files);
    const refused: Refusal[] = [];
    const check = () => checkBrowserBuild('mf-test', at, digests, { required: true, onRefused: (r) => refused.push(r), fetchFile });
    await expect(check()).rejects.toBeInstanceOf(RemoteCodeRefused);
    expect(refused).toEqual([{ remote: 'mf-test', url: `${at}story.def.css`, reason: 'mismatch' }]);
    files['story.def.css'] = VIEW_CSS;
    await expect(check()).resolves.toBeUndefined();
    expect(asked.filter((u) => u.endsWith('story.def.css'))).toHaveLength(2);
  });

  it('refuses a registry entry without digests when they are required, and lets it through otherwise', async () => {
    const refused: Refusal[] = [];
    const { fetchFile, asked } = server({});
    await expect(checkBrowserBuild('mf-test', browserFolder(), undefined, { required: false, onRefused: (r) => refused.push(r), fetchFile })).resolves.toBeUndefined();
    const at = browserFolder();
    await expect(checkBrowserBuild('mf-test', at, undefined, { required: true, onRefused: (r) => refused.push(r), fetchFile })).rejects.toThrow(`mf-test: ${at} refused (the registry gives no digests for it)`);
    expect(refused).toEqual([{ remote: 'mf-test', url: at, reason: 'undigested' }]);
    expect(asked).toEqual([]);
  });

  it('does not take a file the section cannot serve for a changed one', async () => {
    const refused: Refusal[] = [];
    const { fetchFile } = server({ 'remoteEntry.abc.js': ENTRY_JS });
    await expect(checkBrowserBuild('mf-test', browserFolder(), digests, { required: true, onRefused: (r) => refused.push(r), fetchFile })).rejects.toThrow(/story\.def\.css answered 404/);
    expect(refused).toEqual([]);
  });
});
