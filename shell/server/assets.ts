import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Hydration } from '@qf/shared/contracts';

const clientAssetsSchema = z.object({
  publicPath: z.string(),
  entries: z.record(z.string(), z.object({ js: z.array(z.string()), css: z.array(z.string()) })),
});

/** The shell's own entry files, written by its client build. */
export function readShellAssets(clientDir: string): { js: string[]; css: string[] } {
  const file = path.join(clientDir, '..', 'client-assets.json');
  const parsed = clientAssetsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const main = parsed.entries.main ?? { js: [], css: [] };
  return { js: main.js.map((f) => parsed.publicPath + f), css: main.css.map((f) => parsed.publicPath + f) };
}

const assetList = z.object({ sync: z.array(z.string()), async: z.array(z.string()) });
const manifestSchema = z.object({
  metaData: z.object({ remoteEntry: z.object({ name: z.string(), path: z.string() }) }),
  exposes: z.array(z.object({ name: z.string(), path: z.string(), assets: z.object({ js: assetList, css: assetList }) })),
  /** Stylesheets of each lazily loaded view or widget, by its name (written by @qf/shared/build; older builds lack it). */
  qfCss: z.record(z.string(), z.array(z.string())).optional(),
});

/**
 * What a remote's pinned browser manifest says the page needs: the parcel's stylesheets and those of
 * the views and widgets the server rendered (always, for the first paint: their scripts load later,
 * often only when idle or visible), and its entry and scripts (to preload when the slot hydrates
 * eagerly). Pinned manifests never change, so each is fetched once.
 */
export function createManifestReader(fetchImpl: typeof fetch = fetch) {
  const cache = new Map<string, Promise<z.infer<typeof manifestSchema>>>();
  const read = (url: string) => {
    let p = cache.get(url);
    if (!p) {
      p = fetchImpl(url, { signal: AbortSignal.timeout(2000) })
        .then((r) => {
          if (!r.ok) throw new Error(`${url} answered ${r.status}`);
          return r.json();
        })
        .then((json) => manifestSchema.parse(json));
      p.catch(() => cache.delete(url));
      cache.set(url, p);
    }
    return p;
  };
  /** The URL of the build's hashed remoteEntry: what the browser registers. */
  async function entryOf(manifestUrl: string): Promise<string> {
    const manifest = await read(manifestUrl);
    const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
    return base + manifest.metaData.remoteEntry.path + manifest.metaData.remoteEntry.name;
  }

  async function parcelAssets(manifestUrl: string, hydration: Hydration, views: readonly string[] = []): Promise<{ css: string[]; js: string[] }> {
    try {
      const manifest = await read(manifestUrl);
      const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
      const expose = manifest.exposes.find((e) => e.path === './parcel' || e.name === 'parcel');
      if (!expose) return { css: [], js: [] };
      const css = [...new Set([...expose.assets.css.sync, ...views.flatMap((v) => manifest.qfCss?.[v] ?? [])])].map((f) => base + f);
      const entry = base + manifest.metaData.remoteEntry.path + manifest.metaData.remoteEntry.name;
      const js = hydration === 'eager' ? [entry, ...expose.assets.js.sync.map((f) => base + f)] : [];
      return { css, js };
    } catch {
      return { css: [], js: [] };
    }
  }

  return { entryOf, parcelAssets };
}

export type ManifestReader = ReturnType<typeof createManifestReader>;
