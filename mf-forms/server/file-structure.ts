import type { FileKind } from '../src/forms';

/**
 * Whether a whole uploaded file has the structure of its kind, from its first and last bytes (the
 * store sees every byte once, as it passes, and keeps only these): the first bytes alone let a 4-byte
 * `PK\3\4` pass as an artwork and a 5-byte `%PDF-` as a document (issue 37, L7). Not a full parse (no
 * file is decoded or run here), but each kind's framing, which a truncated, padded or made-up file lacks:
 * - PNG: the signature, an IHDR chunk first with a width and height, an IEND chunk last;
 * - JPEG: markers from the start to a frame header (SOFn, with a size) before the scan, and the end marker;
 * - PDF: a version in the header, and `startxref` then `%%EOF` at the end;
 * - ZIP: the end-of-central-directory record, naming at least one entry and a directory that ends where
 *   the record starts (or a ZIP64 locator before it).
 */

/** The first bytes kept of a file: JPEG headers come before the frame (EXIF, colour profiles). */
export const HEAD_BYTES = 256 * 1024;
/** The last bytes kept: a ZIP's end record is within its last 22 + 65,535 bytes (its comment). */
export const TAIL_BYTES = 22 + 0xffff;

/** Below these no file of the kind can hold anything (a 1×1 image, an empty page, one stored entry). */
export const MIN_BYTES: Record<FileKind, number> = { png: 67, jpeg: 107, pdf: 64, zip: 98 };

/** Why the file is not a whole file of its kind; null when it is. */
export function structureProblem(kind: FileKind, head: Buffer, tail: Buffer, size: number): string | null {
  if (size < MIN_BYTES[kind]) return `${size} bytes: shorter than any ${kind}`;
  switch (kind) {
    case 'png':
      return pngProblem(head, tail);
    case 'jpeg':
      return jpegProblem(head, tail);
    case 'pdf':
      return pdfProblem(head, tail);
    case 'zip':
      return zipProblem(tail, size);
  }
}

const PNG_END = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

function pngProblem(head: Buffer, tail: Buffer): string | null {
  if (head.readUInt32BE(8) !== 13 || head.toString('latin1', 12, 16) !== 'IHDR') return 'no IHDR chunk first';
  if (head.readUInt32BE(16) === 0 || head.readUInt32BE(20) === 0) return 'no width or height';
  if (!tail.subarray(-PNG_END.length).equals(PNG_END)) return 'no IEND chunk at the end';
  return null;
}

function jpegProblem(head: Buffer, tail: Buffer): string | null {
  // Segments after the start marker: 0xFF, a marker, a two-byte length counting itself (fill bytes of
  // 0xFF may come before a marker). A frame header (SOF0-SOF15 but DHT, JPG and DAC) must come before
  // the scan (SOS).
  let at = 2;
  for (;;) {
    while (head[at] === 0xff && head[at + 1] === 0xff) at++;
    if (at + 4 > head.length) return 'no frame header in its first bytes';
    if (head[at] !== 0xff) return `no marker at byte ${at}`;
    const marker = head[at + 1]!;
    if (marker === 0xda) return 'a scan before any frame header';
    if (marker === 0xd9) return 'ends before any frame header';
    const length = head.readUInt16BE(at + 2);
    if (length < 2) return `a segment of length ${length}`;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (length < 8 || at + 9 > head.length) return 'a frame header cut short';
      if (head.readUInt16BE(at + 5) === 0 || head.readUInt16BE(at + 7) === 0) return 'no width or height';
      break;
    }
    at += 2 + length;
  }
  // The end marker closes the image; some cameras write bytes after it, so it is looked for in the tail.
  for (let i = tail.length - 2; i >= 0; i--) if (tail[i] === 0xff && tail[i + 1] === 0xd9) return null;
  return 'no end marker';
}

function pdfProblem(head: Buffer, tail: Buffer): string | null {
  if (!/^%PDF-[12]\.\d/.test(head.toString('latin1', 0, 8))) return 'no version in its header';
  // The end of the file: `startxref`, the offset, `%%EOF` (then at most a line end and a little slack).
  const end = tail.toString('latin1', Math.max(0, tail.length - 1024));
  if (!/startxref\s+\d+\s+%%EOF\s*$/.test(end)) return 'no cross-reference offset and %%EOF at the end';
  return null;
}

function zipProblem(tail: Buffer, size: number): string | null {
  // The end-of-central-directory record: PK\5\6, then 18 bytes and a comment of the length it says.
  for (let at = tail.length - 22; at >= 0; at--) {
    if (tail.readUInt32LE(at) !== 0x06054b50) continue;
    if (at + 22 + tail.readUInt16LE(at + 20) !== tail.length) continue;
    const entries = tail.readUInt16LE(at + 10);
    const directorySize = tail.readUInt32LE(at + 12);
    const directoryOffset = tail.readUInt32LE(at + 16);
    // A ZIP64 archive says 0xFFFF/0xFFFFFFFF here and has its locator just before the record.
    if (entries === 0xffff || directoryOffset === 0xffffffff) return at >= 20 && tail.readUInt32LE(at - 20) === 0x07064b50 ? null : 'a ZIP64 record without its locator';
    if (entries === 0) return 'an empty archive';
    const recordAt = size - tail.length + at;
    if (directoryOffset + directorySize !== recordAt) return 'a central directory that does not end where its record starts';
    return null;
  }
  return 'no end-of-central-directory record';
}
