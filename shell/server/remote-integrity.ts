// Remote code is checked before it runs (issue 37, item 5). The shell renders with each section's Node
// container, fetched over HTTP (from the section's server, or the CDN that pins its release) and run in
// the shell's own process: whoever can change those files (a section's server, the bucket behind the
// CDN) could otherwise run code in every shell. The registry, which only ops write, names the digest
// of every script of a release's container (`serverIntegrity`, from its release record); this runtime
// plugin fetches each file Module Federation asks for (the remote entry through `loadEntry`, its chunks
// through the loader's `fetch`, which @module-federation/node's chunk loader asks first) and hands it on
// only when its bytes match. A file that does not, or that the list does not name, is refused: the load
// fails, which the shell treats as the section being unavailable (its pages get the 503 page), and the
// refusal is logged and counted (`qf_remote_code_refused_total`).
import { createHash } from 'node:crypto';
import vm from 'node:vm';
import { getInstance, registerGlobalPlugins, registerPlugins, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { BrowserIntegrity, RemoteName, ServerIntegrity } from '@qf/shared/contracts';
import { boundedMap } from './bounded-map';

/** Why a file was refused: its bytes differ from the digest, the release does not list it, or the registry gives no digests while they are required. */
export type RefusalReason = 'mismatch' | 'unlisted' | 'undigested';

export interface Refusal {
  remote: RemoteName;
  /** The file's address without its query. */
  url: string;
  reason: RefusalReason;
}

export class RemoteCodeRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(`${refusal.remote}: ${refusal.url} refused (${refusal.reason === 'mismatch' ? 'its bytes do not match the digest of its release' : refusal.reason === 'unlisted' ? 'its release does not list it' : 'the registry gives no digests for it'})`);
    this.name = 'RemoteCodeRefused';
  }
}

interface Folder {
  remote: RemoteName;
  /** File name (relative to the folder) to its SRI digest, of every build loaded from it; null: the registry gave none. */
  digests: Map<string, string> | null;
  /** The files of the build to load next (its registry entry's list), checked as a whole before its entry runs. */
  release: ReadonlyMap<string, string> | null;
  /** Those files' checked bytes, by address, until the container's loader asks for them (each once). */
  checked: Map<string, ArrayBuffer>;
  required: boolean;
  onRefused: (refusal: Refusal) => void;
}

/** The folders of the containers the shells of this process load, by address (`origin/path/`). */
const folders = new Map<string, Folder>();
/** Digests kept per folder: a folder keeps the names of the builds it served (names carry their content hash). */
const MAX_DIGESTS = 512;

const withoutQuery = (url: string) => {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
};
const folderOf = (url: string) => withoutQuery(url).replace(/[^/]*$/, '');

/** The Subresource Integrity digest of `bytes` with the algorithm `expected` names. */
export function sriDigest(bytes: Uint8Array, algorithm: 'sha256' | 'sha384' | 'sha512' = 'sha256'): string {
  return `${algorithm}-${createHash(algorithm).update(bytes).digest('base64')}`;
}

/** Whether `bytes` are those `expected` (an SRI digest, of whichever algorithm it names) vouches for. */
export function matchesDigest(bytes: Uint8Array, expected: string): boolean {
  return sriDigest(bytes, expected.slice(0, expected.indexOf('-')) as 'sha256') === expected;
}

function refuse(folder: Folder, url: string, reason: RefusalReason): never {
  const refusal = { remote: folder.remote, url: withoutQuery(url), reason };
  folder.onRefused(refusal);
  throw new RemoteCodeRefused(refusal);
}

/** The folder whose check `url` is under: undefined for a file outside every container the shell was told about, or of one that runs unchecked. */
function checkedFolder(url: string): Folder | undefined {
  const folder = folders.get(folderOf(url));
  return folder && (folder.digests || folder.required) ? folder : undefined;
}

/** The bytes of a file of a checked folder, fetched once and handed on only when they match its digest. */
async function checkedBytes(folder: Folder, url: string, fetchFile: typeof fetch): Promise<ArrayBuffer> {
  if (!folder.digests) refuse(folder, url, 'undigested');
  const expected = folder.digests.get(withoutQuery(url).slice(folderOf(url).length));
  if (!expected) refuse(folder, url, 'unlisted');
  const res = await fetchFile(url, { signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new Error(`${folder.remote}: ${withoutQuery(url)} answered ${res.status}`);
  const bytes = await res.arrayBuffer();
  if (!matchesDigest(new Uint8Array(bytes), expected)) refuse(folder, url, 'mismatch');
  return bytes;
}

/** Node's own `require` (the one the shell's bundle was loaded with), which a container's code is given, as Module Federation does. */
const nodeRequire = (): NodeJS.Require => eval('require') as NodeJS.Require;

/** Runs a checked remote entry as @module-federation/sdk's `createScriptNode` runs one it fetched. */
function runEntry(source: string, url: string, globalName: string): unknown {
  const pathname = new URL(url).pathname;
  const filename = pathname.slice(pathname.lastIndexOf('/') + 1);
  const script = new vm.Script(`(function(exports, module, require, __dirname, __filename) {${source}\n})`, {
    filename,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const context: { exports: Record<string, unknown>; module: { exports: Record<string, unknown> } } = { exports: {}, module: { exports: {} } };
  (script.runInThisContext() as (...args: unknown[]) => void)(context.exports, context.module, nodeRequire(), pathname.slice(0, pathname.lastIndexOf('/')), filename);
  const exported = context.module.exports ?? context.exports;
  const container = (globalName && exported[globalName]) || exported;
  (globalThis as Record<string, unknown>)[globalName] = container;
  return container;
}

export function integrityPlugin(fetchFile: typeof fetch = (...args) => fetch(...args)): ModuleFederationRuntimePlugin {
  return {
    name: 'qf-remote-integrity',
    // The remote entry: when its folder is checked, every file of its release is fetched and checked
    // before the entry runs (a release with one changed file runs none of its code: no shared module of
    // it is offered to the other sections, as a refused chunk's would be once its entry had run).
    async loadEntry({ remoteInfo }) {
      const folder = checkedFolder(remoteInfo.entry);
      if (!folder) return undefined;
      if (!folder.release) refuse(folder, remoteInfo.entry, 'undigested');
      const base = folderOf(remoteInfo.entry);
      const entryName = withoutQuery(remoteInfo.entry).slice(base.length);
      if (!folder.release.has(entryName)) refuse(folder, remoteInfo.entry, 'unlisted');
      const others = [...folder.release.keys()].filter((name) => name !== entryName);
      const [entry, ...files] = await Promise.all([checkedBytes(folder, remoteInfo.entry, fetchFile), ...others.map((name) => checkedBytes(folder, base + name, fetchFile))]);
      folder.checked.clear();
      others.forEach((name, i) => folder.checked.set(base + name, files[i]!));
      return runEntry(new TextDecoder().decode(entry), remoteInfo.entry, remoteInfo.entryGlobalName) as never;
    },
    // Every other file of a container: @module-federation/node's chunk loader asks this hook first and
    // runs what it returns: the bytes checked with the entry, else fetched and checked now.
    fetch(url) {
      const folder = checkedFolder(url);
      if (!folder) return undefined;
      const key = withoutQuery(url);
      const kept = folder.checked.get(key);
      folder.checked.delete(key);
      const bytes = kept ? Promise.resolve(kept) : checkedBytes(folder, url, fetchFile);
      return bytes.then((body) => new Response(body, { status: 200, headers: { 'content-type': 'application/javascript' } }));
    },
  };
}

let installed = false;
/**
 * Installs the check in this process's federation runtime: on the shell's own instance (which loads
 * remote entries) and for every instance made later (each container's, which loads its chunks).
 */
export function installIntegrityCheck(): void {
  if (installed) return;
  installed = true;
  const plugin = integrityPlugin();
  registerGlobalPlugins([plugin]);
  // The shell's own instance exists already in its build (outside one, in unit tests, there is none).
  if (getInstance()) registerPlugins([plugin]);
}

/**
 * What the shell expects of the container at `entryUrl` before it loads it: the digests its registry
 * entry gives (added to those of the folder's earlier builds), or none. With `required`, a container
 * without digests is refused.
 */
export function expectContainer(remote: RemoteName, entryUrl: string, integrity: ServerIntegrity | undefined, options: { required: boolean; onRefused: (refusal: Refusal) => void }): void {
  const key = folderOf(entryUrl);
  const before = folders.get(key);
  const release = integrity ? new Map(Object.entries(integrity)) : null;
  let digests: Map<string, string> | null = null;
  if (release) {
    digests = new Map(before?.digests && before.digests.size < MAX_DIGESTS ? before.digests : []);
    for (const [name, digest] of release) digests.set(name, digest);
  }
  folders.set(key, { remote, digests, release, checked: new Map(), required: options.required, onRefused: options.onRefused });
}

/** Browser builds checked, or being checked, by this process: by folder and digests (a build's files never change). */
const browserChecks = boundedMap<string, Promise<void>>(64);
/** Files of a browser build fetched at once while it is checked. */
const BROWSER_FETCHES_AT_ONCE = 6;

/**
 * Checks a section's browser build before the shell sends a page that loads it: every script and
 * stylesheet its release lists (`browserIntegrity`) is fetched from `folderUrl` (the folder of its
 * manifest: the store that pins the release, or the section's server) and must have the bytes of its
 * digest, or the build is refused as a Node container is (the section's pages get the 503 page, the
 * refusal is logged and counted). Whoever could change those files would otherwise run code in every
 * visitor's page; the page also gives the browser the entry's digest, and the entry carries its chunks'
 * (shared/build/chunk-integrity.js), so bytes changed after this check are refused by the browser.
 * Once per build and digests; a failed check is made again at the next load.
 */
export async function checkBrowserBuild(
  remote: RemoteName,
  folderUrl: string,
  integrity: BrowserIntegrity | undefined,
  options: { required: boolean; onRefused: (refusal: Refusal) => void; fetchFile?: typeof fetch },
): Promise<void> {
  const refuse = (url: string, reason: RefusalReason): never => {
    const refusal = { remote, url, reason };
    options.onRefused(refusal);
    throw new RemoteCodeRefused(refusal);
  };
  if (!integrity) return options.required ? refuse(folderUrl, 'undigested') : undefined;
  const key = `${folderUrl} ${createHash('sha256').update(JSON.stringify(integrity)).digest('base64')}`;
  let check = browserChecks.get(key);
  if (!check) {
    const fetchFile = options.fetchFile ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
    const files = Object.entries(integrity);
    let next = 0;
    let failed = false;
    // A few files at a time; after the first failure no other file is fetched (one refusal per check).
    const worker = async () => {
      while (next < files.length && !failed) {
        const [name, expected] = files[next++]!;
        const url = folderUrl + name;
        try {
          const res = await fetchFile(url, { signal: AbortSignal.timeout(30_000) });
          if (!res.ok) throw new Error(`${remote}: ${url} answered ${res.status}`);
          const bytes = new Uint8Array(await res.arrayBuffer());
          if (!failed && !matchesDigest(bytes, expected)) refuse(url, 'mismatch');
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    };
    check = Promise.all(Array.from({ length: Math.min(BROWSER_FETCHES_AT_ONCE, files.length) }, worker)).then(() => undefined);
    check.catch(() => browserChecks.delete(key));
    browserChecks.set(key, check);
  }
  return check;
}
