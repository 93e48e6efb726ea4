import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { openDb, type Db } from './db';
import { testBackends, type TestDatabase } from './test-databases';
import { sampleFile } from '@qf/shared/testing';
import { createDatabaseUploadStore, createUploadStore, FileTooLarge, WrongKind, type UploadStore } from './upload-store';

/** A PNG of `size` bytes. */
const png = (size: number) => sampleFile('png', size);
const stream = (bytes: Buffer, chunk = 64 * 1024) => Readable.from(Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) => bytes.subarray(i * chunk, (i + 1) * chunk)));

/** The same behaviour from every store: what one saves, another reading the same place returns. */
function behaves(name: string, open: () => Promise<{ store: UploadStore; again: () => UploadStore; close: () => Promise<void> }>) {
  describe(`uploads kept in ${name}`, () => {
    let ctx: Awaited<ReturnType<typeof open>>;
    beforeAll(async () => {
      ctx = await open();
    });
    afterAll(() => ctx.close());

    it('gives back the same bytes to another instance, with their size and hash', async () => {
      const bytes = png(1_300_000);
      const saved = await ctx.store.save(stream(bytes), 'png');
      expect(saved).toMatchObject({ size: bytes.length, kind: 'png' });
      expect(saved.sha256).toMatch(/^[0-9a-f]{64}$/);
      const read = await ctx.again().read(saved.id);
      expect(read?.equals(bytes)).toBe(true);
      await ctx.again().remove([saved]);
      expect(await ctx.store.read(saved.id)).toBeUndefined();
    });

    it('keeps nothing of a file whose first bytes lie about its type', async () => {
      const fake = Buffer.concat([Buffer.from('%PDF-1.7'), Buffer.alloc(700_000, 1)]);
      await expect(ctx.store.save(stream(fake), 'png')).rejects.toBeInstanceOf(WrongKind);
    });

    it('keeps nothing of a file that has only the first bytes of its type (issue 37, L7), whichever chunks it comes in', async () => {
      for (const chunk of [1, 7, 64 * 1024]) {
        const short = Buffer.concat([png(1000).subarray(0, 8), Buffer.alloc(300, 7)]);
        await expect(ctx.store.save(stream(short, chunk), 'png')).rejects.toMatchObject({ why: 'no IHDR chunk first' });
        await expect(ctx.store.save(stream(sampleFile('zip', 500_000).subarray(0, 400_000), chunk === 1 ? 997 : chunk), 'zip')).rejects.toBeInstanceOf(WrongKind);
        const whole = sampleFile('pdf', 300_000);
        await expect(ctx.store.save(stream(whole, chunk === 1 ? 997 : chunk), 'pdf')).resolves.toMatchObject({ size: whole.length, kind: 'pdf' });
      }
    });

    it('stops at the size limit and keeps nothing', async () => {
      const source = stream(png(900_000));
      setImmediate(() => source.emit('limit'));
      await expect(ctx.store.save(source, 'png')).rejects.toBeInstanceOf(FileTooLarge);
    });

    it('sweeps what no submission references once it is old enough, and only that', async () => {
      const kept = await ctx.store.save(stream(png(1000)), 'png');
      const orphan = await ctx.store.save(stream(png(1000)), 'png');
      const referenced = async () => new Set([kept.id]);
      expect(await ctx.store.sweep(referenced)).toEqual([]);
      const swept = await ctx.store.sweep(referenced, { now: Date.now() + 2 * 3_600_000 });
      expect(swept).toContain(orphan.id);
      expect(swept).not.toContain(kept.id);
      expect(await ctx.store.read(orphan.id)).toBeUndefined();
      expect((await ctx.store.read(kept.id))?.length).toBe(1000);
    });

    it('reads nothing for an id that is not one', async () => {
      expect(await ctx.store.read('../../etc/passwd')).toBeUndefined();
    });
  });
}

behaves('a folder', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qf-upload-store-'));
  return { store: createUploadStore(dir), again: () => createUploadStore(dir), close: async () => rmSync(dir, { recursive: true, force: true }) };
});

const postgres = testBackends().find((b) => b.kind === 'postgres')!;
if (postgres.enabled)
  behaves('PostgreSQL', async () => {
    const database: TestDatabase = await postgres.create();
    const a: Db = await openDb({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    const b: Db = await openDb({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    return {
      store: createDatabaseUploadStore(a),
      again: () => createDatabaseUploadStore(b),
      close: async () => {
        await a.close();
        await b.close();
        await database.drop();
      },
    };
  });
else describe.skip(`uploads kept in ${postgres.label}`, () => it('runs with npm run test:pg', () => undefined));
