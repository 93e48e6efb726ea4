import { open, readFile, readdir, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { arrayElements, elementHash, ElementScanner } from './json-elements';
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
 * or removed (`changedSince`), so that the search index is updated for those entries only. Of a file of
 * `elementsFromBytes` or more, only the entries whose bytes changed are parsed again (`readEntries`).
 */
export function createFileStore(
  contentDir: string,
  { checkIntervalMs = 1000, warn = console.error, elementsFromBytes = ELEMENTS_FROM_BYTES }: { checkIntervalMs?: number; warn?: (message: string) => void; elementsFromBytes?: number } = {},
): ContentSource {
  const dir = path.join(contentDir, 'entries');
  /**
   * The content as loaded, by the `looks`-th look that found a change. `typeChanged`: for each content
   * type, the look that last changed a file holding it (its number and stamp; `first` is the stamp of
   * the first load).
   */
  type Loaded = {
    stamp: string;
    byType: Map<string, Entry[]>;
    byId: Map<string, Entry>;
    byFile: Map<string, FileEntries>;
    looks: number;
    first: string;
    typeChanged: ReadonlyMap<string, { look: number; stamp: string }>;
  };
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
      const read = await readEntries(file, path.join(dir, file), stats[i]!, before, elementsFromBytes);
      byFile.set(file, { stamp: fileStamps[i]!, entries: read.entries, types: new Set(read.entries.map((e) => e.sys.contentType)), hashes: read.hashes });
      typesOf(read.entries);
      if (before) typesOf(before.entries);
      if (changed && read.parsedAgain) {
        // Read element by element: what was parsed again was added or changed; what is gone was removed.
        read.parsedAgain.forEach((id) => changed.add(id));
        const now = new Set(read.entries.map((e) => e.sys.id));
        before?.entries.forEach((e) => now.has(e.sys.id) || changed.add(e.sys.id));
      } else if (changed) changedEntries(before?.entries ?? [], read.entries, changed);
    }
    if (cache) {
      for (const [file, before] of cache.byFile) {
        if (byFile.has(file)) continue;
        typesOf(before.entries);
        before.entries.forEach((e) => changed!.add(e.sys.id));
      }
    }
    // The ids of what was loaded, with the entries of the files read again (or gone) taken out and their
    // new ones put in: rebuilding the ids of 100,000 entries for an edit of one took a tenth of a second
    // (and a copy of the map as long). Checked first, then changed in place at once, with no wait between
    // that and this look's end: a look that fails leaves the map as it was.
    const byId = cache?.byId ?? new Map<string, Entry>();
    const leaving = new Set<Entry>();
    if (cache) for (const [file, before] of cache.byFile) if (byFile.get(file) !== before) before.entries.forEach((e) => leaving.add(e));
    const arriving = new Map<string, Entry>();
    for (const [file, read] of byFile) {
      if (cache?.byFile.get(file) === read) continue;
      for (const [index, entry] of read.entries.entries()) {
        const there = byId.get(entry.sys.id);
        if (arriving.has(entry.sys.id) || (there && !leaving.has(there))) throw new Error(`content/entries/${file}[${index}]: duplicate id ${entry.sys.id}`);
        arriving.set(entry.sys.id, entry);
      }
    }
    for (const entry of leaving) if (byId.get(entry.sys.id) === entry) byId.delete(entry.sys.id);
    for (const [id, entry] of arriving) byId.set(id, entry);
    // The list of a type no changed file holds is the same array as before: what a server derives from
    // it (kept per list, as the stories list's order and filters) stays. A changed type is listed anew
    // from the files that hold it.
    const byType = new Map<string, Entry[]>();
    if (cache) for (const [type, list] of cache.byType) if (!touched.has(type)) byType.set(type, list);
    for (const { entries, types } of byFile.values()) {
      if (cache && ![...types].some((type) => touched.has(type))) continue;
      for (const entry of entries) {
        const type = entry.sys.contentType;
        if (cache && !touched.has(type)) continue;
        let list = byType.get(type);
        if (!list) byType.set(type, (list = []));
        list.push(entry);
      }
    }
    if (cache && changed) changes.note(cache.stamp, stamp, changed);
    const looks = (cache?.looks ?? 0) + 1;
    const typeChanged = new Map(cache?.typeChanged);
    if (cache) for (const type of touched) typeChanged.set(type, { look: looks, stamp });
    return { stamp, byType, byId, byFile, looks, first: cache?.first ?? stamp, typeChanged };
  }

  /**
   * The content types this server has read (the entries of a type, or an entry by id), or undefined once
   * it asked for an id no entry has: what a file added could answer, any change may be its change.
   */
  let readTypes: Set<string> | undefined = new Set();
  /**
   * The version of what this server read: the stamp of the last look that changed a file holding a type
   * it read (every look, once it missed an id). An edit of a file it reads nothing of leaves its version
   * as it was, so the shell keeps its pages and what it derives stays: at 100,000 entries, a publish in
   * the stories' file made all six servers render and derive again at once, and the story's new title
   * waited seconds on them. A type read for the first time moves the version only if a file of it
   * changed after the version's look: a page made while that read was under way is never kept under a
   * version that did not cover it. Being a stamp of the store, it is one `changedSince` knows.
   */
  function versionOf(loaded: Loaded): string {
    if (!readTypes) return loaded.stamp;
    let last = { look: 0, stamp: loaded.first };
    for (const type of readTypes) {
      const changed = loaded.typeChanged.get(type);
      if (changed && changed.look > last.look) last = changed;
    }
    return last.stamp;
  }

  return {
    async entries(contentType) {
      const loaded = await load();
      readTypes?.add(contentType);
      return loaded.byType.get(contentType) ?? [];
    },
    async entry(id) {
      const found = (await load()).byId.get(id);
      if (found) readTypes?.add(found.sys.contentType);
      else readTypes = undefined;
      return found;
    },
    async version() {
      return versionOf(await load());
    },
    refresh: kept.refresh,
    async changedSince(since) {
      // What changed since that stamp, read or not: more than this server needs, never less.
      return changes.since(since, (await load()).stamp);
    },
  };
}

/** How many looks that found changes the store remembers for `changedSince`. */
const CHANGES_KEPT = 64;

/**
 * From this size on, a file's entries are told apart by the hashes of their bytes (the scan that finds
 * and hashes them costs a tenth of a decode and parse), so that an edit parses only what it changed.
 * Below it a file is parsed whole each time: that takes milliseconds, and the hashes would be memory
 * kept for nothing.
 */
const ELEMENTS_FROM_BYTES = 1024 * 1024;

/** A file's entries as read, their types, and each one's hash of its bytes (for a file read element by element). */
type FileEntries = { stamp: string; entries: Entry[]; types: ReadonlySet<string>; hashes?: string[] };

/**
 * The entries of a file. A big file's elements are found in its bytes and hashed (`ElementScanner`);
 * when the file was read so before, it is read again in chunks and an element whose hash that reading
 * had is that reading's entry (the same object); only the others are read and parsed (`parsedAgain`
 * names them: the entries this edit added or changed). A file read for the first time, small, or not
 * vouched for by the scan is parsed whole, as JSON.parse says what is wrong with it.
 */
async function readEntries(file: string, where: string, listed: Stats, before: FileEntries | undefined, elementsFromBytes: number): Promise<{ entries: Entry[]; hashes?: string[]; parsedAgain?: string[] }> {
  if (before?.hashes) {
    const again = await readChangedElements(file, where, listed, before.entries, before.hashes);
    if (again) return again;
  }
  const bytes = await readFile(where);
  const elements = bytes.length >= elementsFromBytes ? arrayElements(bytes) : undefined;
  const entries = parseFile(file, bytes.toString('utf8'));
  // The scan and the parser see the same elements, or the scan is not trusted with this file.
  return elements && entries.length === elements.hashes.length ? { entries, hashes: elements.hashes } : { entries };
}

/**
 * A file read element by element before, read again: scanned in chunks of CHUNK_BYTES (holding the
 * whole file, 85 MB for the stories at 100,000 entries, made each server's heap collect: 0.3 s of the
 * 1.1 s a look took), then only the elements of new hashes read and parsed. Undefined when the scan does
 * not vouch for the file, or finds more than a quarter of it new (the caller parses it whole). A file that changes while it is read is not
 * taken: it is read again at the next look.
 */
async function readChangedElements(file: string, where: string, listed: Stats, entriesBefore: readonly Entry[], hashesBefore: readonly string[]) {
  const handle = await open(where);
  try {
    const scanner = new ElementScanner();
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    for (let at = 0, got = -1; got !== 0; at += got) {
      ({ bytesRead: got } = await handle.read(chunk, 0, CHUNK_BYTES, at));
      scanner.feed(chunk.subarray(0, got));
    }
    const elements = scanner.end();
    if (!elements) return undefined;
    const { ranges, hashes } = elements;
    const kept = new Map<string, Entry>();
    hashesBefore.forEach((h, i) => kept.set(h, entriesBefore[i]!));
    // Most of it new (the file rewritten, reformatted): read and parsed whole, faster than piece by piece.
    if (hashes.filter((h) => !kept.has(h)).length > hashes.length / 4) return undefined;
    const parsedAgain: string[] = [];
    const entries: Entry[] = [];
    for (const [i, h] of hashes.entries()) {
      const same = kept.get(h);
      if (same) {
        entries.push(same);
        continue;
      }
      const [start, end] = [ranges[2 * i]!, ranges[2 * i + 1]!];
      const bytes = Buffer.allocUnsafe(end - start);
      const { bytesRead } = await handle.read(bytes, 0, bytes.length, start);
      if (bytesRead !== bytes.length || elementHash(bytes) !== h) throw changedWhileRead(file);
      const entry = parseEntry(file, i, parsedJson(`${file}[${i}]`, bytes.toString('utf8')));
      parsedAgain.push(entry.sys.id);
      entries.push(entry);
    }
    const now = await handle.stat();
    if (now.mtimeMs !== listed.mtimeMs || now.size !== listed.size) throw changedWhileRead(file);
    return { entries, hashes, parsedAgain };
  } finally {
    await handle.close();
  }
}

/** How much of a file is read at a time when it is scanned for its changed elements. */
const CHUNK_BYTES = 1024 * 1024;

const changedWhileRead = (file: string) => new Error(`content/entries/${file} changed while it was read: it is read again at the next look`);

/** JSON.parse, its error naming the file (and entry) it was reading. */
function parsedJson(where: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`content/entries/${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function parseFile(file: string, text: string): Entry[] {
  const raw = parsedJson(file, text);
  return (Array.isArray(raw) ? raw : [raw]).map((item, index) => parseEntry(file, index, item));
}

function parseEntry(file: string, index: number, item: unknown): Entry {
  const entry = entryOf(item);
  if (entry) return entry;
  // The schema's own words for what is wrong (only for an entry already found wrong).
  const parsed = entrySchema.safeParse(item);
  const why = parsed.success ? 'not an entry' : parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ');
  throw new Error(`content/entries/${file}[${index}]: ${why}`);
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
