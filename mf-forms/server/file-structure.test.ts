import sharp from 'sharp';
import { sampleFile, type SampleKind } from '@qf/shared/testing';
import { MIN_BYTES, structureProblem, TAIL_BYTES } from './file-structure';

/** What the store gives the check: the first bytes and the last, and the size. */
const check = (kind: SampleKind, file: Buffer) => structureProblem(kind, file.subarray(0, 256 * 1024), file.subarray(-TAIL_BYTES), file.length);
const kinds: SampleKind[] = ['png', 'jpeg', 'pdf', 'zip'];

describe('the structure of an uploaded file', () => {
  it.each(kinds)('accepts a whole %s, small or large, and the sample is the size asked', (kind) => {
    for (const size of [0, 300, 70_000, 2_000_000]) {
      const file = sampleFile(kind, size);
      expect([kind, size, check(kind, file)]).toEqual([kind, size, null]);
      if (size > 1000) expect(file.length).toBe(size);
    }
  });

  it('accepts images as an image library writes them (sharp): PNG and JPEG, with and without metadata', async () => {
    const image = sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 30, b: 90 } } });
    expect(check('png', await image.clone().png().toBuffer())).toBeNull();
    expect(check('jpeg', await image.clone().jpeg().toBuffer())).toBeNull();
    expect(check('jpeg', await image.clone().jpeg({ progressive: true }).withMetadata({ exif: { IFD0: { Copyright: 'QF' } } }).toBuffer())).toBeNull();
    // And the samples decode: a viewer opens them.
    expect(await sharp(sampleFile('png', 5000)).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect(await sharp(sampleFile('jpeg', 5000)).metadata()).toMatchObject({ format: 'jpeg', width: 8, height: 8 });
    const { data, info } = await sharp(sampleFile('jpeg', 5000)).raw().toBuffer({ resolveWithObject: true });
    expect({ pixels: data.length / info.channels, grey: data.every((b) => b === 128) }).toEqual({ pixels: 64, grey: true });
  });

  it('refuses what only starts like a file of its kind (issue 37, L7: a 4-byte PK\\3\\4 passed as an artwork, a 5-byte %PDF- as a document)', () => {
    expect(check('zip', Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe('4 bytes: shorter than any zip');
    expect(check('pdf', Buffer.from('%PDF-'))).toBe('5 bytes: shorter than any pdf');
    // Long enough, but the first bytes and then anything.
    expect(check('png', Buffer.concat([sampleFile('png').subarray(0, 8), Buffer.alloc(200, 7)]))).toBe('no IHDR chunk first');
    expect(check('jpeg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), Buffer.alloc(4000, 1)]))).toMatch(/^no (marker|frame header)/);
    expect(check('pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300, 0x20)]))).toBe('no cross-reference offset and %%EOF at the end');
    expect(check('zip', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 2)]))).toBe('no end-of-central-directory record');
  });

  it.each(kinds)('refuses a %s cut short (an upload that stopped, a file saved half-way)', (kind) => {
    const file = sampleFile(kind, 50_000);
    expect(check(kind, file.subarray(0, 30_000))).not.toBeNull();
    expect(check(kind, file.subarray(0, MIN_BYTES[kind] - 1))).toMatch(/shorter than any/);
  });

  it('refuses an image without a size, and an archive without an entry', () => {
    const png = sampleFile('png');
    const flat = Buffer.from(png);
    flat.writeUInt32BE(0, 16);
    expect(check('png', flat)).toBe('no width or height');
    const zip = sampleFile('zip', 200);
    const empty = Buffer.alloc(98);
    zip.subarray(-22).copy(empty, empty.length - 22);
    empty.writeUInt16LE(0, empty.length - 12);
    expect(check('zip', empty)).toBe('an empty archive');
  });
});
