import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Hydration } from '@qf/shared/contracts';
import { boundedMap } from './bounded-map';
import type { PageStylesheet } from './document';
import { matchesDigest } from './remote-integrity';

const clientAssetsSchema = z.object({
  publicPath: z.string(),
  entries: z.record(z.string(), z.object({ js: z.array(z.string()), css: z.array(z.string()) })),
});

const entryFiles = (file: string, entry: string) => {
  const parsed = clientAssetsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const files = parsed.entries[entry] ?? { js: [], css: [] };
  return { js: files.js.map((f) => parsed.publicPath + f), css: files.css.map((f) => parsed.publicPath + f) };
};

/**
 * The shell's own files, written by its builds: the boot (the page's only script at load), the app it
 * loads when first needed (the federation host), and the shell's stylesheets.
 */
export function readShellAssets(clientDir: string): { bootJs: string; appJs: string; css: string[] } {
  const app = entryFiles(path.join(clientDir, '..', 'client-assets.json'), 'main');
  const boot = entryFiles(path.join(clientDir, '..', 'boot-assets.json'), 'boot');
  return { bootJs: boot.js[0] ?? '', appJs: app.js[0] ?? '', css: app.css };
}

/**
 * The text of the sections' stylesheets, to inline in the pages that need them at first paint. Their
 * URLs are content-hashed (immutable), so each is fetched once; one that cannot be read is linked. With
 * its release's digest (`integrity`), a stylesheet is inlined only when its bytes match, and linked with
 * the digest otherwise, which the browser checks in turn (issue 37, item 5).
 */
export function createStylesheetReader(fetchImpl: typeof fetch = fetch, maxEntries = 500) {
  const cache = boundedMap<string, Promise<string>>(maxEntries);
  return async function stylesheet(href: string, integrity?: string): Promise<PageStylesheet> {
    const key = integrity ? `${href} ${integrity}` : href;
    let p = cache.get(key);
    if (!p) {
      p = fetchImpl(href, { signal: AbortSignal.timeout(2000) }).then(async (r) => {
        if (!r.ok) throw new Error(`${href} answered ${r.status}`);
        const bytes = new Uint8Array(await r.arrayBuffer());
        if (integrity && !matchesDigest(bytes, integrity)) throw new Error(`${href} does not match its release's digest`);
        return new TextDecoder().decode(bytes);
      });
      p.catch(() => cache.delete(key));
      cache.set(key, p);
    }
    try {
      return { href, text: await p, ...(integrity ? { integrity } : {}) };
    } catch {
      return { href, ...(integrity ? { integrity } : {}) };
    }
  };
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
