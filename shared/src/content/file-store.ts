import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { changeLog, keptLooks } from './kept';
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
 *
 * A look parses only the files whose time or size changed, and notes which entries they added, changed
 * or removed (`changedSince`), so that the search index is updated for those entries only.
 */
export function createFileStore(contentDir: string, { checkIntervalMs = 1000, warn = console.error }: { checkIntervalMs?: number; warn?: (message: string) => void } = {}): ContentSource {
  const dir = path.join(contentDir, 'entries');
  type FileEntries = { stamp: string; entries: Entry[] };
  type Loaded = { stamp: string; byType: Map<string, Entry[]>; byId: Map<string, Entry>; byFile: Map<string, FileEntries> };
  const changes = changeLog(CHANGES_KEPT);
  const kept = keptLooks(read, { intervalMs: checkIntervalMs, warn, failed: (message) => `content not re-read, the content loaded before is kept: ${message}` });
  const load = kept.load;

  async function read(cache: Loaded | undefined): Promise<Loaded> {
    const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
    const stats = await Promise.all(files.map(async (f) => stat(path.join(dir, f))));
    const fileStamps = files.map((f, i) => `${f}:${stats[i]!.mtimeMs}:${stats[i]!.size}`);
    const stamp = fileStamps.join('|');
    if (cache?.stamp === stamp) return cache;
    // Only the files that changed are parsed again: at 100,000 entries parsing every file took seconds
    // of a core on each server for an edit of one entry.
    const byFile = new Map<string, FileEntries>();
    const changed = cache ? new Set<string>() : undefined;
    /** The content types of the entries of the files parsed again or gone (before and after). */
    const touched = new Set<string>();
    const typesOf = (entries: readonly Entry[]) => entries.forEach((e) => touched.add(e.sys.contentType));
    for (const [i, file] of files.entries()) {
      const before = cache?.byFile.get(file);
      if (before && before.stamp === fileStamps[i]) {
        byFile.set(file, before);
        continue;
      }
      const entries = parseFile(file, await readFile(path.join(dir, file), 'utf8'));
      byFile.set(file, { stamp: fileStamps[i]!, entries });
      typesOf(entries);
      if (before) typesOf(before.entries);
      if (changed) changedEntries(before?.entries ?? [], entries, changed);
    }
    if (cache) {
      for (const [file, before] of cache.byFile) {
        if (byFile.has(file)) continue;
        typesOf(before.entries);
        before.entries.forEach((e) => changed!.add(e.sys.id));
      }
    }
    // The list of a type no changed file holds is the same array as before: what a server derives from
    // it (kept per list, as the stories list's order and filters) stays.
    const byType = new Map<string, Entry[]>();
    const byId = new Map<string, Entry>();
    for (const [file, { entries }] of byFile) {
      for (const [index, entry] of entries.entries()) {
        if (byId.has(entry.sys.id)) throw new Error(`content/entries/${file}[${index}]: duplicate id ${entry.sys.id}`);
        byId.set(entry.sys.id, entry);
        const type = entry.sys.contentType;
        if (cache && !touched.has(type)) continue;
        let list = byType.get(type);
        if (!list) byType.set(type, (list = []));
        list.push(entry);
      }
    }
    if (cache) for (const [type, list] of cache.byType) if (!touched.has(type)) byType.set(type, list);
    if (cache && changed) changes.note(cache.stamp, stamp, changed);
    return { stamp, byType, byId, byFile };
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
    refresh: kept.refresh,
    async changedSince(since) {
      return changes.since(since, (await load()).stamp);
    },
  };
}

/** How many looks that found changes the store remembers for `changedSince`. */
const CHANGES_KEPT = 64;

function parseFile(file: string, text: string): Entry[] {
  const raw: unknown = JSON.parse(text);
  return (Array.isArray(raw) ? raw : [raw]).map((item, index) => {
    const entry = entryOf(item);
    if (entry) return entry;
    // The schema's own words for what is wrong (only for an entry already found wrong).
    const parsed = entrySchema.safeParse(item);
    const why = parsed.success ? 'not an entry' : parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ');
    throw new Error(`content/entries/${file}[${index}]: ${why}`);
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An entry as `entrySchema` parses it (sys cut to its three keys, fields a record of records, nothing
 * else kept; the fields not copied, as nothing else holds the parsed JSON), or undefined when the schema would refuse it. Checked by hand: at 100,000 entries the
 * schema's parse was 1.4 s of each server's start, beside 1.3 s for JSON.parse itself
 * (`file-store.test.ts` holds both to the same answers).
 */
export function entryOf(item: unknown): Entry | undefined {
  if (!isRecord(item) || !isRecord(item.sys) || !isRecord(item.fields)) return undefined;
  const { id, contentType, updatedAt } = item.sys;
  if (typeof id !== 'string' || id === '' || typeof contentType !== 'string' || contentType === '' || (updatedAt !== undefined && typeof updatedAt !== 'string')) return undefined;
  for (const value of Object.values(item.fields)) if (!isRecord(value)) return undefined;
  return { sys: updatedAt === undefined ? { id, contentType } : { id, contentType, updatedAt }, fields: item.fields as Entry['fields'] };
}

/** Adds to `into` the ids of the entries of a file added, removed or changed between two readings of it. */
function changedEntries(before: readonly Entry[], after: readonly Entry[], into: Set<string>): void {
  const old = new Map(before.map((e) => [e.sys.id, e]));
  for (const entry of after) {
    const was = old.get(entry.sys.id);
    old.delete(entry.sys.id);
    if (!was || JSON.stringify(was) !== JSON.stringify(entry)) into.add(entry.sys.id);
  }
  for (const id of old.keys()) into.add(id);
}
