import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { open, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, Writable, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileKind } from '../src/forms';
import type { Db } from './db';
import { HEAD_BYTES, structureProblem, TAIL_BYTES } from './file-structure';

/** The kind a file's first bytes say it is, whatever its name claims; null for anything else. */
export function sniffKind(head: Uint8Array): FileKind | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf';
  // A local file header, or the end record of an empty archive.
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06)) return 'zip';
  return null;
}

/** The file went over the size limit: the rest of it is not read. */
export class FileTooLarge extends Error {}
/**
 * The file is not a file of the type its name claims: its first bytes are another's (the rest of it is
 * not read), or, read to its end, it lacks the structure of its kind (file-structure.ts: `why`).
 */
export class WrongKind extends Error {
  constructor(readonly why = 'its first bytes are of another type') {
    super(why);
  }
}

/** Counts, hashes and checks what passes through, unchanged: its first bytes as they come, its structure at the end. */
class Inspector extends Transform {
  size = 0;
  /** The first HEAD_BYTES of the file. */
  private head: Buffer[] = [];
  private headBytes = 0;
  /** The last chunks, at least TAIL_BYTES of them once the file is that long. */
  private tail: Buffer[] = [];
  private tailBytes = 0;
  private readonly hash = createHash('sha256');
  constructor(private readonly expected: FileKind) {
    super();
  }
  private first(n: number): Buffer {
    return Buffer.concat(this.head, Math.min(n, this.headBytes));
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    const before = this.headBytes;
    if (before < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - before);
      this.head.push(part);
      this.headBytes += part.length;
      if (before < 8 && this.headBytes >= 8 && sniffKind(this.first(8)) !== this.expected) return done(new WrongKind());
    }
    this.tail.push(chunk);
    this.tailBytes += chunk.length;
    while (this.tailBytes - this.tail[0]!.length >= TAIL_BYTES) this.tailBytes -= this.tail.shift()!.length;
    this.size += chunk.length;
    this.hash.update(chunk);
    done(null, chunk);
  }
  override _flush(done: TransformCallback): void {
    // An empty part is no file (a field left empty); the form says whether one was needed.
    if (this.size === 0) return done(null);
    if (sniffKind(this.first(8)) !== this.expected) return done(new WrongKind());
    const tail = Buffer.concat(this.tail).subarray(-TAIL_BYTES);
    const problem = structureProblem(this.expected, this.first(HEAD_BYTES), tail, this.size);
    done(problem ? new WrongKind(problem) : null);
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}

/**
 * Stops reading a part at busboy's size limit, and says whether it was reached. busboy stops passing
 * data at the limit but ends the stream only at the end of the part: destroyed at once, a 50 MB part is
 * answered at 10 MB. A part cut at the limit can end before the destroy lands, and a cut file fails the
 * structure check (WrongKind): the limit is the reason, whatever the pipeline said.
 */
function stopAtLimit(source: Readable): () => boolean {
  let reached = false;
  source.once('limit', () => {
    reached = true;
    source.destroy(new FileTooLarge());
  });
  return () => reached || (source as Readable & { truncated?: boolean }).truncated === true;
}

export interface StoredFile {
  /** The random name the file is stored under (a UUID) and its id in the database. */
  id: string;
  size: number;
  kind: FileKind;
  sha256: string;
}

/**
 * Where uploaded files are kept. Every instance of mf-forms must read what any of them stored (the
 * export runs anywhere), so a cluster keeps them in the shared database (`createDatabaseUploadStore`);
 * one server may keep them in a folder (`createUploadStore`). An S3-compatible object store would be a
 * third implementation of the same five operations (objects named by the id, a lifecycle rule or the
 * sweep for orphans); none is needed yet.
 */
export interface UploadStore {
  /** Said in logs: where the files go. */
  readonly where: string;
  /**
   * Store one file part while counting, hashing and checking its first bytes against the `expected`
   * kind; rejects with FileTooLarge at the size limit or WrongKind at the first bytes, having deleted
   * what it stored. Durable before it resolves: what the API acknowledges is kept.
   */
  save(source: Readable, expected: FileKind): Promise<StoredFile>;
  remove(files: readonly { id: string }[]): Promise<void>;
  /** The bytes of a stored file, or undefined when there is none by that id. */
  read(id: string): Promise<Buffer | undefined>;
  /** Delete what no submission references and is older than `minAgeMs` (a crash's leftovers); the ids deleted. */
  sweep(referenced: () => Promise<ReadonlySet<string>>, options?: { now?: number; minAgeMs?: number }): Promise<string[]>;
}

/**
 * The folder uploads are written to: outside every folder the server serves, files named by random
 * UUIDs (never by anything the visitor sent), readable by the server's user only. Nothing serves them
 * back; the teams read them through the export (`--files`).
 */
export function createUploadStore(dir: string): UploadStore & { dir: string } {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return {
    dir,
    where: dir,
    /**
     * Streams one file part to disk while counting, hashing and checking its first bytes against the
     * `expected` kind; rejects with FileTooLarge at the size limit or WrongKind at the first bytes, having
     * deleted what it wrote. The file is synced before this resolves: what the API acknowledges is on disk.
     */
    async save(source: Readable, expected: FileKind): Promise<StoredFile> {
      const id = randomUUID();
      const file = path.join(dir, id);
      const inspector = new Inspector(expected);
      const overLimit = stopAtLimit(source);
      try {
        await pipeline(source, inspector, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
        const handle = await open(file, 'r');
        await handle.sync().finally(() => handle.close());
      } catch (error) {
        await rm(file, { force: true });
        throw overLimit() ? new FileTooLarge() : error;
      }
      return { id, size: inspector.size, kind: expected, sha256: inspector.digest() };
    },
    async remove(files) {
      await Promise.all(files.map((f) => (UUID.test(f.id) ? rm(path.join(dir, f.id), { force: true }) : undefined)));
    },
    async read(id) {
      if (!UUID.test(id)) return undefined;
      return readFile(path.join(dir, id)).catch(() => undefined);
    },
    sweep: (referenced, options) => sweepOrphans(dir, referenced, options),
  };
}

/** Bytes per row of `upload_chunks`: a file is written as it arrives, never held whole in memory. */
const CHUNK_BYTES = 512 * 1024;

/**
 * Uploads in the database every instance shares (`upload_chunks`, migration 10): a file is the rows of
 * its id in order, each inserted as the bytes arrive (so a 10 MB file costs 512 KB of memory), durable
 * once the database committed them. Deleted like the folder's files, and swept the same way.
 */
export function createDatabaseUploadStore(db: Db): UploadStore {
  return {
    where: 'the database (upload_chunks)',
    async save(source, expected) {
      const id = randomUUID();
      const inspector = new Inspector(expected);
      const overLimit = stopAtLimit(source);
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let seq = 0;
      const flush = async () => {
        if (!pendingBytes) return;
        const data = Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
        await db.query('INSERT INTO upload_chunks (file_id, seq, data) VALUES ($1, $2, $3)', [id, seq++, data]);
      };
      const sink = new Writable({
        write(chunk: Buffer, _enc, done) {
          pending.push(chunk);
          pendingBytes += chunk.length;
          if (pendingBytes < CHUNK_BYTES) return done();
          flush().then(() => done(), done);
        },
        final(done) {
          flush().then(() => done(), done);
        },
      });
      try {
        await pipeline(source, inspector, sink);
      } catch (error) {
        await db.query('DELETE FROM upload_chunks WHERE file_id = $1', [id]).catch(() => undefined);
        throw overLimit() ? new FileTooLarge() : error;
      }
      return { id, size: inspector.size, kind: expected, sha256: inspector.digest() };
    },
    async remove(files) {
      const ids = files.map((f) => f.id).filter((id) => UUID.test(id));
      if (ids.length) await db.query('DELETE FROM upload_chunks WHERE file_id = ANY($1::uuid[])', [ids]);
    },
    async read(id) {
      if (!UUID.test(id)) return undefined;
      const rows = await db.query<{ data: Buffer | Uint8Array }>('SELECT data FROM upload_chunks WHERE file_id = $1 ORDER BY seq', [id]);
      return rows.length ? Buffer.concat(rows.map((r) => Buffer.from(r.data))) : undefined;
    },
    async sweep(referenced, { now = Date.now(), minAgeMs = ORPHAN_AGE_MS } = {}) {
      const rows = await db.query<{ id: string }>('SELECT DISTINCT file_id::text AS id FROM upload_chunks WHERE created_at < $1', [new Date(now - minAgeMs)]);
      if (!rows.length) return [];
      const kept = await referenced();
      const orphans = rows.map((r) => r.id).filter((id) => !kept.has(id));
      if (orphans.length) await db.query('DELETE FROM upload_chunks WHERE file_id = ANY($1::uuid[])', [orphans]);
      return orphans;
    },
  };
}

/** How old a file without its row must be before a sweep deletes it: no upload in progress is this old. */
export const ORPHAN_AGE_MS = 60 * 60 * 1000;

/**
 * Deletes the files of the uploads folder that no submission references: what a crash between the file
 * being written and its row being committed left behind (10 SIGKILLs left 180 files for 165 rows).
 * Only files older than `minAgeMs`, so an upload another server is writing now is never touched.
 * Resolves with the names it deleted.
 */
export async function sweepOrphans(dir: string, referenced: () => Promise<ReadonlySet<string>>, { now = Date.now(), minAgeMs = ORPHAN_AGE_MS } = {}): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => UUID.test(name));
  if (!names.length) return [];
  const kept = await referenced();
  const deleted: string[] = [];
  for (const name of names) {
    if (kept.has(name)) continue;
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (!info || now - info.mtimeMs < minAgeMs) continue;
    await rm(path.join(dir, name), { force: true });
    deleted.push(name);
  }
  return deleted;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

