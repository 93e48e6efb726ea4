import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { federatedName, LIFECYCLE_TIMEOUTS, parcelConfigSchema, type RemoteName, type ResolvedRemote } from '@qf/shared/contracts';
import type { ParcelConfig } from 'single-spa';

/**
 * The script element for a remote entry (issue 37, item 5): with the digest its release gives, the browser
 * runs it only with those bytes, and the entry sets its chunks' digests on the scripts and stylesheets
 * it loads (shared/build/chunk-integrity.js). A file of another origin is fetched with CORS, digest or
 * not, as the entry's runtime fetches its chunks (`crossOriginLoading`) and the server's preload of it
 * says (a preload is used only by a request of its mode).
 */
export function entryScript(url: string, integrity: string | undefined, origin = location.origin): HTMLScriptElement {
  const script = document.createElement('script');
  if (integrity) script.integrity = integrity;
  if (new URL(url, origin).origin !== origin) script.crossOrigin = 'anonymous';
  return script;
}

/**
 * The browser's view of the registry: which build of each remote this page uses. Remotes are
 * registered from the builds the server rendered with, so hydration always meets the same code.
 */
export function createRemoteLoader(initial: readonly ResolvedRemote[]) {
  const registered = new Map<RemoteName, string>();
  const parcels = new Map<RemoteName, Promise<ParcelConfig>>();
  /** Each registered entry's digest, by its address. */
  const digests = new Map<string, string>();
  registerPlugins([{ name: 'qf-entry-integrity', createScript: ({ url }) => entryScript(url, digests.get(url)) }]);

  function ensure(remotes: readonly ResolvedRemote[]): void {
    const changed = remotes.filter((r) => registered.get(r.name) !== r.buildId);
    if (changed.length === 0) return;
    for (const r of changed) if (r.integrity) digests.set(r.entry, r.integrity);
    const force = changed.some((r) => registered.has(r.name));
    registerRemotes(
      changed.map((r) => ({ name: federatedName(r.name), entry: r.entry })),
      { force },
    );
    for (const r of changed) {
      registered.set(r.name, r.buildId);
      parcels.delete(r.name);
    }
  }

  ensure(initial);

  return {
    ensure,
    /**
     * The remote's `./parcel`, validated against the contract; a failed load can be retried. A parcel
     * without `timeouts` gets the site's (single-spa's defaults warn in the console after 1 s of a mount).
     */
    parcel(remote: RemoteName): Promise<ParcelConfig> {
      let p = parcels.get(remote);
      if (!p) {
        p = loadRemote<unknown>(`${federatedName(remote)}/parcel`).then((mod) => {
          const parsed = parcelConfigSchema.safeParse(mod);
          if (!parsed.success) throw new Error(`${remote}/parcel does not satisfy the parcel contract: ${parsed.error.message}`);
          return { ...(mod as ParcelConfig), timeouts: parsed.data.timeouts ?? LIFECYCLE_TIMEOUTS } as ParcelConfig;
        });
        p.catch(() => parcels.delete(remote));
        parcels.set(remote, p);
      }
      return p;
    },
  };
}

export type RemoteLoader = ReturnType<typeof createRemoteLoader>;
