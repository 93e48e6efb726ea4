import { crc32, deflateSync } from 'node:zlib';

/**
 * Real files of the kinds the forms accept, of about the size asked, for tests and journeys: each has
 * the structure of its kind from its first byte to its last (mf-forms refuses a file that has only the
 * first bytes of one: issue 37, L7), and opens in a viewer. The size is reached with content a viewer
 * ignores (a PNG text chunk, a JPEG comment, a PDF comment, a ZIP entry's stored bytes).
 */
export type SampleKind = 'png' | 'jpeg' | 'pdf' | 'zip';

export function sampleFile(kind: SampleKind, bytes = 0): Buffer<ArrayBuffer> {
  switch (kind) {
    case 'png':
      return samplePng(bytes);
    case 'jpeg':
      return sampleJpeg(bytes);
    case 'pdf':
      return samplePdf(bytes);
    case 'zip':
      return sampleZip(bytes);
  }
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 1×1 white pixel; a text chunk makes up the size. */
function samplePng(bytes: number): Buffer<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, adaptive filter, no interlace
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(Buffer.from([0, 255, 255, 255])))];
  const end = pngChunk('IEND', Buffer.alloc(0));
  const used = parts.reduce((n, p) => n + p.length, 0) + end.length;
  const room = bytes - used - 12 - 'Comment\0'.length;
  if (room > 0) parts.push(pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.alloc(room, 0x20)])));
  return Buffer.concat([...parts, end]);
}

/** A JPEG marker segment: 0xFF, the marker, the length (counting itself), the data. */
const segment = (marker: number, data: Buffer) => Buffer.concat([Buffer.from([0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff]), data]);

/**
 * A baseline 8×8 grey JPEG: the standard's own quantisation and Huffman tables cut down to the one
 * code each it uses (DC difference 0, end of block), one block, all of it mid-grey; comments make up the
 * size.
 */
function sampleJpeg(bytes: number): Buffer<ArrayBuffer> {
  const head = [
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])), // JFIF 1.1
    segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])), // one quantisation table of ones
    segment(0xc0, Buffer.from([8, 0, 8, 0, 8, 1, 1, 0x11, 0])), // 8 bits, 8×8, one component
    // DC table 0: one code of length 2 for category 0; AC table 0: one code of length 2 for end of block.
    segment(0xc4, Buffer.concat([Buffer.from([0x00, 0, 1]), Buffer.alloc(14), Buffer.from([0])])),
    segment(0xc4, Buffer.concat([Buffer.from([0x10, 0, 1]), Buffer.alloc(14), Buffer.from([0])])),
  ];
  // The scan: DC "00" (no difference from 0: mid-grey) then AC "00" (end of block), padded with ones.
  const scan = [segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])), Buffer.from([0x0f]), Buffer.from([0xff, 0xd9])];
  const used = [...head, ...scan].reduce((n, p) => n + p.length, 0);
  const comments: Buffer[] = [];
  for (let room = bytes - used; room > 4; ) {
    const length = Math.min(room - 4, 0xfffd);
    comments.push(segment(0xfe, Buffer.alloc(length, 0x20)));
    room -= length + 4;
  }
  return Buffer.concat([...head, ...comments, ...scan]);
}

/** A one-page PDF with its cross-reference table; a comment line makes up the size. */
function samplePdf(bytes: number): Buffer<ArrayBuffer> {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>'];
  const build = (padding: number) => {
    let text = `%PDF-1.4\n${padding > 0 ? `%${' '.repeat(padding)}\n` : ''}`;
    const offsets = objects.map((body, i) => {
      const at = Buffer.byteLength(text, 'latin1');
      text += `${i + 1} 0 obj\n${body}\nendobj\n`;
      return at;
    });
    const xref = Buffer.byteLength(text, 'latin1');
    text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
    text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return Buffer.from(text, 'latin1');
  };
  const bare = build(0).length;
  // The padding line is "%" + spaces + "\n"; the offsets' digits may grow by one, hence the second try.
  if (bytes <= bare + 2) return build(0);
  const once = build(bytes - bare - 2);
  return once.length === bytes ? once : build(bytes - bare - 2 - (once.length - bytes));
}

/** A ZIP archive of one stored text file (`readme.txt`) whose length makes up the size. */
function sampleZip(bytes: number): Buffer<ArrayBuffer> {
  const name = Buffer.from('readme.txt');
  const overhead = 30 + name.length + 46 + name.length + 22;
  const content = Buffer.alloc(Math.max(1, bytes - overhead), 0x61);
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4); // version needed
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(name.length, 28);
  const directoryAt = local.length + name.length + content.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  return Buffer.concat([local, name, content, central, name, end]);
}
