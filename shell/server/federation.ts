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

export interface LoadedRemote {
  buildId: string;
  server: RemoteServerModule;
  routes: RouteManifest;
}

/**
 * Loads remotes' Node builds at run time through Module Federation. A remote serving a new build is
 * re-registered (force) under a URL naming that build, so the next request renders the new code
 * without restarting the shell; requests already rendering keep the module they hold.
 */
export function createServerRemotes() {
  const loaded = new Map<RemoteName, LoadedRemote>();
  const loading = new Map<string, Promise<LoadedRemote>>();

  async function load(remote: RemoteName, entry: RegistryEntry, buildId: string): Promise<LoadedRemote> {
    const name = federatedName(remote);
    const url = entry.serverEntry ?? `${entry.url}/server/remoteEntry.js`;
    registerRemotes([{ name, entry: `${url}?build=${encodeURIComponent(buildId)}` }], { force: loaded.has(remote) || loadedOnce.has(remote) });
    loadedOnce.add(remote);
    const [serverModule, routesModule] = await Promise.all([loadRemote<unknown>(`${name}/server`), loadRemote<unknown>(`${name}/routes`)]);
    const server = remoteServerModuleSchema.parse(serverModule) as unknown as RemoteServerModule;
    const routes = routeManifestSchema.parse((routesModule as { routes?: unknown } | null)?.routes);
    if (routes.remote !== remote) throw new Error(`${url} says it is ${routes.remote}, the registry calls it ${remote}`);
    const value = { buildId, server, routes };
    loaded.set(remote, value);
    return value;
  }
  const loadedOnce = new Set<RemoteName>();

  return {
    /** The remote's server module for this build, loading it at most once per build. */
    async get(remote: RemoteName, entry: RegistryEntry, buildId: string): Promise<LoadedRemote> {
      const current = loaded.get(remote);
      if (current?.buildId === buildId) return current;
      const key = `${remote}@${buildId}`;
      let pending = loading.get(key);
      if (!pending) {
        pending = load(remote, entry, buildId).finally(() => loading.delete(key));
        loading.set(key, pending);
      }
      return pending;
    },
  };
}

export type ServerRemotes = ReturnType<typeof createServerRemotes>;
