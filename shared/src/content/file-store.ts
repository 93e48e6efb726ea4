import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { entrySchema, type ContentSource, type Entry } from './types';

/**
 * The embedded content store: `content/entries/*.json`, each file an array of entries. Files are
 * re-read when they change, so editing content needs no restart. Whether they changed is looked at
 * most once per `checkIntervalMs` (a look is a directory listing and a stat per file: done on every
 * read it cost every page half a millisecond per read, several reads per page).
 *
 * Once the content is loaded, a read never waits for a look: the first read after the interval starts
 * one in the background and is answered from what is loaded; the look replaces it when it is done (an
 * edit is seen about one interval later). When every read waited for the look instead, a loaded
 * server's requests all stopped at once, once a second, for the look and the burst of work behind it
 * (30-70 ms; the shell's render queue took turns with nothing to turn to). A look that fails (a file
 * edited into invalid JSON) keeps the content loaded, says why, and is tried again after the interval.
 */
export function createFileStore(contentDir: string, { checkIntervalMs = 1000, warn = console.error }: { checkIntervalMs?: number; warn?: (message: string) => void } = {}): ContentSource {
  const dir = path.join(contentDir, 'entries');
  type Loaded = { stamp: string; byType: Map<string, Entry[]>; byId: Map<string, Entry> };
  let cache: Loaded | undefined;
  let checkedAt = 0;
  let loading: Promise<Loaded> | undefined;
  /** The error of the last failed look, said once until a look succeeds again. */
  let failed: string | undefined;

  /** Concurrent readers share one look and, when files changed, one parse. */
  function look(): Promise<Loaded> {
    loading ??= read()
      .then(
        (loaded) => {
          failed = undefined;
          return loaded;
        },
        (error: unknown) => {
          if (!cache) throw error;
          const message = error instanceof Error ? error.message : String(error);
          if (failed !== message) warn(`content not re-read, the content loaded before is kept: ${message}`);
          failed = message;
          return cache;
        },
      )
      .finally(() => {
        checkedAt = Date.now();
        loading = undefined;
      });
    return loading;
  }

  function load(): Promise<Loaded> {
    if (!cache) return look();
    if (Date.now() - checkedAt >= checkIntervalMs) void look();
    return Promise.resolve(cache);
  }

  async function read(): Promise<Loaded> {
    const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
    const stamps = await Promise.all(files.map(async (f) => `${f}:${(await stat(path.join(dir, f))).mtimeMs}`));
    const stamp = stamps.join('|');
    if (cache?.stamp === stamp) return cache;
    const byType = new Map<string, Entry[]>();
    const byId = new Map<string, Entry>();
    for (const file of files) {
      const raw: unknown = JSON.parse(await readFile(path.join(dir, file), 'utf8'));
      const list = Array.isArray(raw) ? raw : [raw];
      list.forEach((item, index) => {
        const parsed = entrySchema.safeParse(item);
        if (!parsed.success) throw new Error(`content/entries/${file}[${index}]: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
        const entry = parsed.data;
        if (byId.has(entry.sys.id)) throw new Error(`content/entries/${file}[${index}]: duplicate id ${entry.sys.id}`);
        byId.set(entry.sys.id, entry);
        const list2 = byType.get(entry.sys.contentType) ?? [];
        list2.push(entry);
        byType.set(entry.sys.contentType, list2);
      });
    }
    cache = { stamp, byType, byId };
    return cache;
  }

  return {
    async entries(contentType) {
      return (await load()).byType.get(contentType) ?? [];
    },
    async entry(id) {
      return (await load()).byId.get(id);
    },
    async version() {
      return (await load()).stamp;
    },
  };
}
