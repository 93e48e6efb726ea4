import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  federatedName,
  remoteServerModuleSchema,
  routeManifestSchema,
  type RegistryEntry,
  type RemoteName,
  type RemoteServerModule,
  type RouteManifest,
} from '@qf/shared/contracts';
import { checkBrowserBuild, expectContainer, installIntegrityCheck, RemoteCodeRefused, type Refusal } from './remote-integrity';

export interface LoadedRemote {
  buildId: string;
  server: RemoteServerModule;
  routes: RouteManifest;
}

/** Builds of one remote kept loaded at once: the live one, a canary, and one before (pages still rendering). */
const BUILDS_KEPT = 3;

/** How long a build whose code was refused stays refused before the shell fetches it again (a fixed file then gets through). */
const REFUSED_MS = 10_000;

export interface ServerRemotesOptions {
  /** Refuse a container whose registry entry gives no digests (REMOTE_CODE_DIGESTS=required). */
  digestsRequired?: boolean;
  /** A file of a container refused (remote-integrity.ts): logged and counted by the shell. */
  onRefused?: (refusal: Refusal) => void;
}

/**
 * Loads remotes' Node builds at run time through Module Federation. A build not loaded yet is
 * registered (force) under a URL naming it and loaded; the modules of each build are kept, so two
 * builds of a remote (the live one and a canary) render side by side without loading again, and
 * requests already rendering keep the module they hold. Loads of one remote are made one at a time:
 * registering a build replaces the remote's registration, and a load in flight would get the other's.
 */
export function createServerRemotes(options: ServerRemotesOptions = {}) {
  installIntegrityCheck();
  const onRefused = options.onRefused ?? (() => undefined);
  const refused = new Map<string, { error: RemoteCodeRefused; until: number; digests: string }>();
  const loaded = new Map<string, LoadedRemote>();
  const loading = new Map<string, Promise<LoadedRemote>>();
  const queue = new Map<RemoteName, Promise<unknown>>();
  const registeredOnce = new Set<RemoteName>();

  async function load(remote: RemoteName, entry: RegistryEntry, buildId: string): Promise<LoadedRemote> {
    const name = federatedName(remote);
    const url = entry.serverEntry ?? `${entry.url}/server/remoteEntry.js`;
    // The browser build the shell's pages will load, checked first: a release with a changed file runs nowhere.
    const browserFolder = entry.manifest ? entry.manifest.slice(0, entry.manifest.lastIndexOf('/') + 1) : `${entry.url}/browser/`;
    await checkBrowserBuild(remote, browserFolder, entry.browserIntegrity, { required: options.digestsRequired ?? false, onRefused });
    expectContainer(remote, url, entry.serverIntegrity, { required: options.digestsRequired ?? false, onRefused });
    registerRemotes([{ name, entry: `${url}?build=${encodeURIComponent(buildId)}` }], { force: registeredOnce.has(remote) });
    registeredOnce.add(remote);
    const [serverModule, routesModule] = await Promise.all([loadRemote<unknown>(`${name}/server`), loadRemote<unknown>(`${name}/routes`)]);
    const server = remoteServerModuleSchema.parse(serverModule) as unknown as RemoteServerModule;
    const routes = routeManifestSchema.parse((routesModule as { routes?: unknown } | null)?.routes);
    if (routes.remote !== remote) throw new Error(`${url} says it is ${routes.remote}, the registry calls it ${remote}`);
    // Views in chunks of their own are loaded before the first render (renderToString cannot wait).
    await server.ready?.();
    return { buildId, server, routes };
  }

  function keep(remote: RemoteName, key: string, value: LoadedRemote) {
    loaded.set(key, value);
    const ofRemote = [...loaded.keys()].filter((k) => k.startsWith(`${remote}@`));
    for (const old of ofRemote.slice(0, Math.max(0, ofRemote.length - BUILDS_KEPT))) loaded.delete(old);
  }

  return {
    /** The remote's server module for this build, loading it at most once while it is kept. */
    async get(remote: RemoteName, entry: RegistryEntry, buildId: string): Promise<LoadedRemote> {
      const key = `${remote}@${buildId}`;
      const current = loaded.get(key);
      if (current) {
        // Most recently used last: the builds kept are the ones in use.
        loaded.delete(key);
        loaded.set(key, current);
        return current;
      }
      // A refusal holds for the digests it was made against: a registry that now gives others is tried at once.
      const digests = JSON.stringify([entry.serverIntegrity ?? null, entry.browserIntegrity ?? null]);
      const refusal = refused.get(key);
      if (refusal && refusal.until > Date.now() && refusal.digests === digests) throw refusal.error;
      let pending = loading.get(key);
      if (!pending) {
        const before = queue.get(remote) ?? Promise.resolve();
        pending = before
          .catch(() => undefined)
          .then(() => load(remote, entry, buildId))
          .then((value) => (keep(remote, key, value), refused.delete(key), value))
          .catch((error: unknown) => {
            // Module Federation words a failed chunk as its own error: the refusal is the cause somewhere in it.
            const cause = refusalIn(error);
            if (cause) refused.set(key, { error: cause, until: Date.now() + REFUSED_MS, digests });
            throw cause ?? error;
          })
          .finally(() => loading.delete(key));
        queue.set(remote, pending.catch(() => undefined));
        loading.set(key, pending);
      }
      return pending;
    },
  };
}

export type ServerRemotes = ReturnType<typeof createServerRemotes>;

/** The refusal an error of a load is, or carries as its cause. */
function refusalIn(error: unknown): RemoteCodeRefused | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) if (e instanceof RemoteCodeRefused) return e;
  return undefined;
}
