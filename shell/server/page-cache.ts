import { transcode } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, crc32, createBrotliCompress, deflateRawSync, gunzipSync, gzipSync } from 'node:zlib';
import type { PageData, RemoteName } from '@qf/shared/contracts';
import type { Lang } from '@qf/shared/i18n';
import type { Theme } from '@qf/shared/bus';
import type { RequestTheme } from '../src/theme';
import { keyedQuery, splitLang } from '@qf/shared/routing';
import type { Outcome } from './pages';
import type { RegistryClient, RemoteStatus } from './registry';
import type { BrotliQueue } from './brotli-queue';

/**
 * The shell's cache of rendered pages and of their page data.
 *
 * A hit is served without asking the owner anything: the owner is found locally (the route table the
 * shell keeps from the sections' manifests) and an entry is kept while what its HTML was made from is unchanged. The key is what the
 * request says (site path and query, and the theme of the visitor's cookie for HTML); what the shell
 * knows without the owner is compared on every hit: the composition (the registry and every remote's
 * build, the shell's build), the build, content version and up-ness of the owner and of every remote
 * whose widget the page places (from the registry's `/build-info.json` polling), and the version of the
 * shell's own content (menus, site globals). A change of any of them is a miss. A remote that is down
 * is a change: its pages are not served from the cache while it is down (their section's scripts and
 * stylesheets come from its server too), they get the 503 page; the entry is kept for when it is back.
 *
 * Time: a page whose owner says `maxAgeSeconds` (or whose content has no version) is fresh that long;
 * for `staleMs` more it is still served, while one background render refreshes it. Concurrent misses
 * of one key share one render. Only 200 pages are kept; 404, 503 and 500 are rendered every time.
 *
 * Keys: the path, and of the query only the parameters the page's template reads (its owner's route
 * manifest, `keyedQuery`): a campaign tag or a made-up parameter is the same page, never a render.
 *
 * Admission: an address with a query string is kept from its second request on. Paths are the site's
 * own pages, a finite set worth keeping from the first answer; the values of a page's parameters are
 * unbounded (filters, a crawler's or an attacker's random ones), and a key asked once would
 * only push a page visitors do ask for out of the cache, and cost its packaging (cut at the nonces,
 * hashed, copied off the heap) and the collector's time for nothing. The keys asked once are
 * remembered in a bounded set (four times `maxEntries`, oldest out), as CDNs do ("cache on second
 * hit"); a key asked once is answered like a page that is not kept (its `noncedBody`'s first answer, then dropped).
 *
 * The CSP nonce is fresh per response although the page is compressed once: the HTML is kept cut at the
 * nonce placeholders, each piece deflated on its own (ending on a byte boundary), and a response is
 * those pieces with the nonce between them as stored deflate blocks, in one gzip member whose CRC is
 * combined from the pieces' (no byte of the page is compressed again). Brotli is spliced the same way
 * (`brotliTemplate`): one brotli stream, flushed to a byte boundary before and after every nonce, with
 * each nonce in an uncompressed meta-block whose bytes an answer writes. That stream is made once, at
 * brotli's best quality, off the event loop, in a queue that makes one at a time (brotli-queue.ts), once
 * the page was answered from the cache BROTLI_AFTER times (until then each answer is compressed for
 * itself, and neither pieces nor stream are made); until it is ready the page goes gzip. Brotli 11 makes the page ~15 % smaller than gzip: on the shell's bigger pages the difference
 * between a document (with its headers) in TCP's first window of ~14.6 KB and one a round trip later.
 */

export interface CacheOptions {
  /** Entries kept at most (least recently used first out). */
  maxEntries?: number;
  /** Bytes kept at most, counting every encoding of every entry. */
  maxBytes?: number;
  /** How long past its freshness an entry is still served while it is re-rendered. */
  staleMs?: number;
  /** How long an entry is fresh when the content it was made from has no version (a CMS without one, an older remote). */
  unversionedMs?: number;
  now?: () => number;
  /** Keys kept only from their second miss on (see "Admission" above); none when not given. */
  secondAskOnly?: (key: string) => boolean;
}

/** What a cache of values tells their owner: an entry left (evicted, replaced). */
interface SwrHooks<V> {
  evicted?: (value: V) => void;
}

const DEFAULTS = { maxEntries: 1000, maxBytes: 64 * 1024 * 1024, staleMs: 60_000, unversionedMs: 60_000 };

/**
 * The ETag of a text answer, computed on the text before any nonce goes in: its CRC-32 and its length
 * in bytes. A weak validator of one address's versions (nginx's is the file's time and size), made at
 * several GB/s where SHA-1 cost an uncached page 3-5 % of the shell's time.
 */
export const etagOf = (text: string | Buffer): string => {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  return etagFrom(crc32(bytes), bytes.length);
};
const etagFrom = (crc: number, length: number): string => `W/"${crc.toString(16).padStart(8, '0')}-${length.toString(16)}"`;

/** Whether an Accept-Encoding header accepts `encoding` (by name or `*`, with a q-value above 0). */
export function accepts(header: string | string[] | undefined, encoding: 'gzip' | 'br'): boolean {
  if (typeof header !== 'string') return false;
  let any = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const ok = q === undefined || Number(q.slice(2)) > 0;
    if (name === encoding) return ok;
    if (name === '*') any = ok;
  }
  return any;
}

// CRC-32 of a concatenation from the CRCs of its parts (zlib's crc32_combine): no byte is read again.
const POLY = 0xedb88320;
function multmodp(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}
const X2N: number[] = [];
for (let n = 0, p = 0x40000000; n < 32; n++, p = multmodp(p, p)) X2N.push(p);
/** x^(8·len) mod the CRC polynomial: what a CRC is multiplied by when `len` bytes follow it. */
function shiftOf(len: number): number {
  let p = 0x80000000;
  for (let k = 3; len; len = Math.floor(len / 2), k++) if (len & 1) p = multmodp(X2N[k & 31]!, p);
  return p;
}
export const crc32Combine = (crcA: number, crcB: number, lenB: number): number => (multmodp(shiftOf(lenB), crcA) ^ crcB) >>> 0;

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** An empty stored block with BFINAL set: the end of the deflate stream. */
const DEFLATE_END = Buffer.from([1, 0, 0, 0xff, 0xff]);

/** Bytes as one stored (uncompressed) deflate block, not the last: BFINAL 0, BTYPE 00, LEN, NLEN, the bytes. */
function storedBlock(bytes: Buffer): Buffer {
  if (bytes.length > 0xffff) throw new Error('too long for one stored block');
  const n = bytes.length;
  return Buffer.concat([Buffer.from([0, n & 0xff, n >> 8, ~n & 0xff, (~n >> 8) & 0xff]), bytes]);
}

/** Parts shorter than this are kept as stored blocks: a deflate stream costs more to set up than they would save. */
const STORED_BELOW = 256;
/** The length of every nonce (16 bytes in base64): the gzip pieces are made for it. */
export const NONCE_LENGTH = 24;
/**
 * What stands for the nonce in the history the pieces are compressed against: 0xFF never occurs in
 * UTF-8, so no match can include it, and it has the nonce's length, so distances across it hold.
 */
const NONCE_STAND_IN = Buffer.alloc(NONCE_LENGTH, 0xff);
const WINDOW = 32 * 1024;
/**
 * The first answers of a new page are compressed for themselves, fast (most pages answered once are
 * never asked again): brotli's quality 0, ~30 % less time than quality 1 on the site's pages (0.19-0.39
 * against 0.26-0.64 ms) for ~3 % more bytes; a page asked again is served from a stream made at 11.
 */
const FIRST_BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 0, [zlib.BROTLI_PARAM_LGWIN]: 18 } };

/**
 * Bytes that stand for nonce number `place` while the brotli stream is made: 22 bytes that never occur
 * in UTF-8 text and share no two-byte sequence with the text or with any other stand-in (invalid lead
 * bytes alternating with continuation bytes), so that brotli encodes them as literals only (no copy that
 * would move its distance cache, which the uncompressed meta-block put in their place does not) and no
 * later copy reaches into them; then `==`, as every nonce (16 random bytes in base64) ends, so that the
 * two bytes brotli's literal contexts look back on after a nonce are the same whatever the nonce.
 */
const NEVER_IN_UTF8 = [0xc0, 0xc1, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff];
const NONCE_END = '==';
function brotliStandIn(place: number): Buffer {
  const bytes = Buffer.alloc(NONCE_LENGTH);
  const pairs = (NONCE_LENGTH - NONCE_END.length) / 2;
  for (let k = 0; k < NONCE_LENGTH - NONCE_END.length; k++) {
    const pair = place * pairs + (k >> 1);
    bytes[k] = k % 2 ? NEVER_IN_UTF8[pair % NEVER_IN_UTF8.length]! : 0x80 + (Math.floor(pair / NEVER_IN_UTF8.length) % 64);
  }
  bytes.write(NONCE_END, NONCE_LENGTH - NONCE_END.length, 'latin1');
  return bytes;
}
/**
 * Nonces in a page at most for brotli (a page has ~6); more and the page stays gzip. Up to this many the
 * stand-ins' last invalid bytes differ too, so that not even their ends (that byte and `==`) repeat.
 */
export const BROTLI_MAX_NONCES = NEVER_IN_UTF8.length - 1;
/** The header of an uncompressed brotli meta-block of NONCE_LENGTH bytes (RFC 7932 §9.2): ISLAST 0, MNIBBLES 4, MLEN - 1, ISUNCOMPRESSED 1, padding to the byte. */
const NONCE_META_BLOCK = (() => {
  const bits = ((NONCE_LENGTH - 1) << 3) | (1 << 19);
  return Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]);
})();
const NONCE_END_BYTES = Buffer.from(NONCE_END, 'latin1');
const isBrotliNonce = (nonce: Buffer) => nonce.length === NONCE_LENGTH && nonce.subarray(NONCE_LENGTH - NONCE_END_BYTES.length).equals(NONCE_END_BYTES);

/** A copy of a compressed template with `nonce` written at each of its places (gzip and brotli alike). */
function spliced(template: Buffer, nonceAt: readonly number[], nonce: Buffer): Buffer {
  const body = Buffer.allocUnsafe(template.length);
  template.copy(body);
  for (const at of nonceAt) nonce.copy(body, at);
  return body;
}

/**
 * One brotli stream of `parts` with a nonce's place between each two (see the module's comment), and
 * where in it each nonce's bytes go. Checked before it is used: decompressed with a random nonce, it
 * must give the page; `undefined` when it does not (the page is then sent gzip).
 */
export async function brotliTemplate(parts: readonly Buffer[], signal?: AbortSignal): Promise<{ template: Buffer; nonceAt: number[] } | undefined> {
  if (parts.length - 1 > BROTLI_MAX_NONCES || signal?.aborted) return undefined;
  const length = parts.reduce((n, p) => n + p.length, 0) + NONCE_LENGTH * (parts.length - 1);
  const encoder = createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: length } });
  let out: Buffer[] = [];
  encoder.on('data', (chunk: Buffer) => out.push(chunk));
  // An encoder that fails (out of memory) ends the making at whichever step it was: the page stays gzip.
  // So does one stopped (the page left the cache): its memory goes at once.
  const failed = new Promise<never>((_resolve, reject) => encoder.on('error', reject));
  failed.catch(() => undefined);
  const stop = () => encoder.destroy(new Error('cancelled'));
  signal?.addEventListener('abort', stop, { once: true });
  try {
    return await made();
  } finally {
    signal?.removeEventListener('abort', stop);
  }

  async function made(): Promise<{ template: Buffer; nonceAt: number[] } | undefined> {
    const ended = Promise.race([new Promise<void>((resolve) => encoder.once('end', resolve)), failed]);
    // Awaited only at the end: an encoder stopped before then must not leave it rejected unhandled.
    ended.catch(() => undefined);
    const flushed = () => Promise.race([new Promise<void>((resolve) => encoder.flush(zlib.BROTLI_OPERATION_FLUSH, () => resolve())), failed]);
    const taken = () => {
      const bytes = Buffer.concat(out);
      out = [];
      return bytes;
    };
    const pieces: Buffer[] = [];
    const nonceAt: number[] = [];
    let at = 0;
    const push = (bytes: Buffer) => {
      pieces.push(bytes);
      at += bytes.length;
    };
    for (let i = 0; i < parts.length; i++) {
      if (i) {
        // The encoder sees the stand-in (its history and distances count the nonce's bytes); the stream gets
        // an uncompressed meta-block of the same length in place of what the encoder made of it.
        encoder.write(brotliStandIn(i));
        await flushed();
        taken();
        push(NONCE_META_BLOCK);
        nonceAt.push(at);
        push(Buffer.alloc(NONCE_LENGTH));
      }
      encoder.write(parts[i]!);
      await flushed();
      push(taken());
    }
    encoder.end();
    await ended;
    push(taken());
    const template = Buffer.concat(pieces);
    const nonce = Buffer.from(randomBytes(16).toString('base64'), 'latin1');
    const body = spliced(template, nonceAt, nonce);
    try {
      if (brotliDecompressSync(body).equals(Buffer.concat(parts.flatMap((p, i) => (i ? [nonce, p] : [p]))))) return { template, nonceAt };
    } catch {
      // not a valid stream: gzip it is
    }
    return undefined;
  }
}

export type AnswerEncoding = 'br' | 'gzip' | 'identity';

/**
 * A page kept with its nonce placeholders. Its first answers (the requests that waited for its render)
 * are compressed for themselves; once it is asked again it is compressed once into gzip pieces from
 * which the body of any answer is made with its own nonce, and only those pieces are kept.
 */
export interface NoncedBody {
  etag: string;
  /** Bytes held at most (the page's own length: the gzip pieces and the brotli stream together are smaller). */
  bytes: number;
  /**
   * The body of one answer with `nonce` in place of every placeholder, in an encoding the request's
   * Accept-Encoding takes: `first` for the answers of the render itself.
   */
  answer(nonce: string, acceptEncoding: string | string[] | undefined, first: boolean): { body: Buffer; encoding: AnswerEncoding };
  /**
   * Makes the brotli stream the later answers are spliced from (answers go gzip until it is ready):
   * whether there is one. Answers start it themselves once the page was answered from the cache
   * BROTLI_AFTER times; with a queue (brotli-queue.ts) it is made in its turn, and a queue that is full
   * leaves it to a later answer.
   */
  brotli(): Promise<boolean>;
  /** The page left the cache: its stream is not made (taken out of the queue, or stopped). */
  drop(): void;
}

/**
 * Answers from the cache a page gets before it is packaged for good (gzip pieces, and its brotli stream
 * queued): until then each answer is compressed for itself, fast, like a first answer. Packaging costs a
 * page's deflate on the event loop (~3 ms for the story list) and a brotli stream: a page asked only by
 * whoever made it miss (a fresh query key asked a few times) never pays for it.
 */
export const BROTLI_AFTER = 3;

/**
 * HTML as one string, whose every placeholder is a nonce's place, or as the pieces it was made of, in
 * order (document.tsx `documentPieces`), where a nonce goes only where a piece is the placeholder
 * itself: text from a section or from content that holds the placeholder's characters stays as it is.
 */
export type Html = string | readonly HtmlPiece[];
/** A piece of a page: text, or bytes the server keeps encoded (the chrome's parts, the menu's JSON, inlined stylesheets). */
export type HtmlPiece = string | Buffer;

export const htmlText = (html: Html): string => (typeof html === 'string' ? html : html.map((p) => (typeof p === 'string' ? p : p.toString('utf8'))).join(''));

/**
 * Where the bytes of a page are written, piece by piece, before each part is copied out: one buffer,
 * kept and grown as pages need. Writing a string into it costs a third of making a buffer of it
 * (`Buffer.from` measures the string first, then allocates, then writes) and no string is joined: a
 * join of text runs with one piece in two-byte form (any character past Latin-1: an Arabic word, a
 * typographic quote in a section's markup) made the whole run two-byte, and V8 encodes two-byte text
 * to UTF-8 ~20 times slower than one-byte text (a 66 KB page: 250-460 µs against 9-40).
 */
const SCRATCH_START = 256 * 1024;
const SCRATCH_KEPT = 4 * 1024 * 1024;
let scratch = Buffer.allocUnsafeSlow(SCRATCH_START);
/**
 * Text with a character past Latin-1 is two-byte in V8, whose UTF-8 encoder takes ~5 ns a character
 * for it; its UTF-16 bytes (a copy) transcoded by ICU take ~1 (a 66 KB page: 60-110 µs against
 * 320-350, on the same machine in one run). A one-byte string fails the test at once.
 */
const WIDE = /[^\u0000-\u00ff]/;
const TRANSCODE_FROM = 1024;
let utf16 = Buffer.allocUnsafeSlow(128 * 1024);
/** The UTF-8 bytes of two-byte text, or undefined when ICU refuses it (a lone surrogate: V8 writes U+FFFD for it). */
function transcoded(text: string): Buffer | undefined {
  if (utf16.length < text.length * 2) utf16 = Buffer.allocUnsafeSlow(Math.max(utf16.length * 2, text.length * 2));
  const length = utf16.write(text, 0, 'utf16le');
  try {
    return transcode(utf16.subarray(0, length), 'utf16le', 'utf8');
  } catch {
    return undefined;
  }
}

/** The UTF-8 bytes of `html` between its nonces' places (one part more than places), made piece by piece. */
export function bytesCutAt(html: Html, placeholder: string): Buffer[] {
  const parts: Buffer[] = [];
  let at = 0;
  let start = 0;
  const room = (bytes: number) => {
    if (at + bytes <= scratch.length) return;
    const bigger = Buffer.allocUnsafeSlow(Math.max(scratch.length * 2, at + bytes));
    scratch.copy(bigger, 0, 0, at);
    scratch = bigger;
  };
  const add = (text: string) => {
    if (!text) return;
    // At most three bytes per UTF-16 unit (a surrogate pair's four bytes are two units).
    room(text.length * 3);
    const wide = text.length >= TRANSCODE_FROM && WIDE.test(text) ? transcoded(text) : undefined;
    at += wide ? wide.copy(scratch, at) : scratch.write(text, at, 'utf8');
  };
  const cut = () => {
    parts.push(Buffer.from(scratch.subarray(start, at)));
    start = at;
  };
  if (typeof html === 'string') {
    html.split(placeholder).forEach((text, i) => {
      if (i) cut();
      add(text);
    });
  } else {
    for (const piece of html) {
      if (piece === placeholder) cut();
      else if (typeof piece === 'string') add(piece);
      else if (piece.length) {
        room(piece.length);
        at += piece.copy(scratch, at);
      }
    }
  }
  cut();
  // A page over a few megabytes (none of the site's is near) does not keep its size for every page after it.
  if (scratch.length > SCRATCH_KEPT) scratch = Buffer.allocUnsafeSlow(SCRATCH_START);
  return parts;
}

export function noncedBody(html: Html, placeholder: string, { level = 6, queue }: { level?: number; queue?: BrotliQueue } = {}): NoncedBody {
  let parts: Buffer[] | undefined = bytesCutAt(html, placeholder);
  const length = parts.reduce((n, p) => n + p.length, 0);
  const count = parts.length;
  /** The whole gzip member with stand-ins where the nonces go (`nonceAt`) and the trailer to fill. */
  let gzip: { template: Buffer; nonceAt: number[]; crcs: number[]; shifts: number[] } | undefined;
  const nonceShift = shiftOf(NONCE_LENGTH);
  /** The brotli stream once made (`brotliTemplate`), `null` when there is none for this page. */
  let br: { template: Buffer; nonceAt: number[] } | null | undefined;
  let brMaking: Promise<boolean> | undefined;
  let job: { cancel(): void } | undefined;
  let dropped = false;
  /** Answers from the cache so far (not the first answers). */
  let reasked = 0;
  /**
   * The parts, or once the gzip pieces replaced them, the parts again from those (decompressed with the
   * stand-in where the nonces go, which never occurs in UTF-8: cut there). Only for a stream made late.
   */
  const partsNow = (): Buffer[] => {
    if (parts) return parts;
    const whole = gunzipSync(gzipBody(NONCE_STAND_IN));
    const again: Buffer[] = [];
    let from = 0;
    for (let at = whole.indexOf(NONCE_STAND_IN); at >= 0; at = whole.indexOf(NONCE_STAND_IN, from)) {
      again.push(whole.subarray(from, at));
      from = at + NONCE_LENGTH;
    }
    again.push(whole.subarray(from));
    return again;
  };
  const make = (signal?: AbortSignal): Promise<boolean> =>
    brotliTemplate(partsNow(), signal).then(
      (made) => ((br = made ?? null), br !== null),
      () => ((br = null), false),
    );
  const makeBrotli = (): Promise<boolean> => {
    if (brMaking) return brMaking;
    if (dropped) return Promise.resolve(false);
    if (!queue) return (brMaking = make());
    const queued = queue.add(make);
    // A full queue: nothing started, a later answer tries again.
    if (!queued) return Promise.resolve(false);
    job = queued;
    return (brMaking = queued.made);
  };

  /**
   * Each part deflated on its own and flushed to a byte boundary (never the last block), against the
   * history a decoder has when it reaches it (the parts before, the nonces as stand-ins): pieces put one
   * after the other with the nonce between them as stored blocks make one deflate stream.
   */
  function pieces() {
    if (gzip) return gzip;
    const own = parts!;
    let history = Buffer.alloc(0);
    const deflated = own.map((p, i) => {
      const piece = p.length < STORED_BELOW ? storedBlock(p) : deflateRawSync(p, { level, finishFlush: zlib.Z_SYNC_FLUSH, ...(history.length ? { dictionary: history } : {}) });
      history = Buffer.concat([history, p, ...(i < own.length - 1 ? [NONCE_STAND_IN] : [])]);
      if (history.length > WINDOW) history = history.subarray(history.length - WINDOW);
      return piece;
    });
    // The nonce of an answer goes in stored blocks between the pieces: their bytes are written per answer.
    const stored = storedBlock(NONCE_STAND_IN);
    const nonceAt: number[] = [];
    let at = GZIP_HEADER.length + deflated[0]!.length;
    for (let i = 1; i < deflated.length; i++) {
      nonceAt.push(at + stored.length - NONCE_LENGTH);
      at += stored.length + deflated[i]!.length;
    }
    const template = Buffer.concat([GZIP_HEADER, ...deflated.flatMap((d, i) => (i ? [stored, d] : [d])), DEFLATE_END, Buffer.alloc(8)]);
    gzip = { template, nonceAt, crcs: own.map((p) => crc32(p)), shifts: own.map((p) => shiftOf(p.length)) };
    parts = undefined;
    return gzip;
  }

  function gzipBody(nonce: Buffer): Buffer {
    const { template, nonceAt, crcs, shifts } = pieces();
    const nonceCrc = crc32(nonce);
    let crc = crcs[0]!;
    for (let i = 1; i < count; i++) {
      crc = (multmodp(nonceShift, crc) ^ nonceCrc) >>> 0;
      crc = (multmodp(shifts[i]!, crc) ^ crcs[i]!) >>> 0;
    }
    const body = spliced(template, nonceAt, nonce);
    body.writeUInt32LE(crc, template.length - 8);
    body.writeUInt32LE((length + NONCE_LENGTH * (count - 1)) % 0x100000000, template.length - 4);
    return body;
  }

  function identity(nonce: Buffer): Buffer {
    if (!parts) return gunzipSync(gzipBody(nonce));
    return Buffer.concat(parts.flatMap((p, i) => (i ? [nonce, p] : [p])));
  }

  // The ETag of the page as etagOf(html) would give it, from the bytes already made (no second encoding of the text).
  const mark = Buffer.from(placeholder, 'utf8');
  const crc = parts.reduce((c, p, i) => crc32(p, i ? crc32(mark, c) : c), 0);
  return {
    etag: etagFrom(crc, length + mark.length * (count - 1)),
    bytes: length,
    answer(nonce, acceptEncoding, first) {
      const n = Buffer.from(nonce, 'utf8');
      const gz = accepts(acceptEncoding, 'gzip');
      if (n.length !== NONCE_LENGTH) return gz ? { body: gzipSync(identity(n)), encoding: 'gzip' } : { body: identity(n), encoding: 'identity' };
      const takesBr = accepts(acceptEncoding, 'br');
      if (first && parts && (gz || takesBr)) return compressedOnce(identity(n), acceptEncoding);
      if (br && takesBr && isBrotliNonce(n)) return { body: spliced(br.template, br.nonceAt, n), encoding: 'br' };
      // Not yet asked again often enough (and no stream under way: a page refreshed because it was
      // stale starts one at once): compressed for this answer too, no pieces, no stream yet.
      if (parts && !brMaking && ++reasked < BROTLI_AFTER && (gz || takesBr)) return compressedOnce(identity(n), acceptEncoding);
      // Popular: the brotli stream is made (queued), whatever this request takes.
      if (br === undefined && !brMaking) void makeBrotli();
      return gz ? { body: gzipBody(n), encoding: 'gzip' } : { body: identity(n), encoding: 'identity' };
    },
    brotli: makeBrotli,
    drop() {
      dropped = true;
      job?.cancel();
    },
  };
}

/** A text answer without nonce (page data): compressed once per encoding, when first asked. */
export interface PlainBody {
  etag: string;
  bytes: number;
  body(encoding: 'br' | 'gzip' | 'identity'): Buffer;
}

export function plainBody(identity: Buffer): PlainBody {
  const encoded: Partial<Record<'br' | 'gzip', Buffer>> = {};
  return {
    etag: etagOf(identity),
    bytes: identity.length * 2,
    body(encoding) {
      if (encoding === 'identity') return identity;
      return (encoded[encoding] ??=
        encoding === 'br' ? brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }) : gzipSync(identity));
    },
  };
}

/** A body compressed for one answer, fast (brotli 1 or gzip 4): the first answers of a page, and one never kept. */
function compressedOnce(identity: Buffer, acceptEncoding: string | string[] | undefined): { body: Buffer; encoding: AnswerEncoding } {
  if (accepts(acceptEncoding, 'br')) return { body: brotliCompressSync(identity, FIRST_BROTLI), encoding: 'br' };
  if (accepts(acceptEncoding, 'gzip')) return { body: gzipSync(identity, { level: 4 }), encoding: 'gzip' };
  return { body: identity, encoding: 'identity' };
}

/** What a page was made from that the shell can check without its owner. */
export interface Deps {
  /** registry.compositionHash: the registry, the shell's build and every remote's build. */
  composition: string;
  /** The owner and every remote whose widget the page places, as the registry saw them before the page was made. */
  remotes: { name: RemoteName; up: boolean; buildId?: string; contentVersion?: string }[];
  /** The shell's content version (menus, site globals), for HTML; null when the content has none. */
  shellContent?: string | null;
}

/** A render's result: kept (`value`, and `fresh`, given to the requests that waited for it but not kept) or not. */
export type Rendered<V, U, F = unknown> = { value: V; deps: Deps; bytes: number; freshUntil: number; fresh?: F } | { uncacheable: U };
interface Entry<V> {
  value: V;
  deps: Deps;
  bytes: number;
  freshUntil: number;
}

/**
 * A bounded LRU of rendered values with stale-while-revalidate and one render per key at a time.
 * `isCurrent` says whether an entry's deps still hold (checked on every hit).
 */
export function createSwrCache<V, U, F = unknown>(isCurrent: (deps: Deps) => Promise<boolean>, options: CacheOptions = {}, hooks: SwrHooks<V> = {}) {
  const { maxEntries, maxBytes, staleMs } = { ...DEFAULTS, ...options };
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<V>>();
  const flights = new Map<string, Promise<Rendered<V, U, F>>>();
  /** Keys of `secondAskOnly` asked once and not kept (insertion order: the oldest goes first). */
  const askedOnce = new Set<string>();
  let bytes = 0;

  /** Whether a miss of `key` may be kept: always, unless it is a first ask of a `secondAskOnly` key. */
  function admits(key: string): boolean {
    if (entries.has(key) || !options.secondAskOnly?.(key)) return true;
    if (askedOnce.delete(key)) return true;
    askedOnce.add(key);
    if (askedOnce.size > maxEntries * 4) askedOnce.delete(askedOnce.values().next().value!);
    return false;
  }

  function store(key: string, entry: Entry<V>) {
    const old = entries.get(key);
    if (old) {
      bytes -= old.bytes;
      entries.delete(key);
      if (old.value !== entry.value) hooks.evicted?.(old.value);
    }
    if (entry.bytes > maxBytes) return void hooks.evicted?.(entry.value);
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const [k, e] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      entries.delete(k);
      bytes -= e.bytes;
      hooks.evicted?.(e.value);
    }
  }

  function flight(key: string, render: (keep: boolean, refresh: boolean) => Promise<Rendered<V, U, F>>, keep = true, refresh = false): Promise<Rendered<V, U, F>> {
    let pending = flights.get(key);
    if (!pending) {
      pending = render(keep, refresh)
        .then((r) => {
          if (keep && !('uncacheable' in r)) store(key, { value: r.value, deps: r.deps, bytes: r.bytes, freshUntil: r.freshUntil });
          return r;
        })
        .finally(() => flights.delete(key));
      flights.set(key, pending);
    }
    return pending;
  }

  return {
    /**
     * The value for `key`: a current entry while fresh ('hit'), or while stale with one background
     * render started ('stale'; not when `fresh` is asked), else the result of a render ('miss').
     * `render(keep, refresh)` is told whether its result will be kept (a first ask of a `secondAskOnly`
     * key is not): one that will not be may answer `uncacheable` and skip what only keeping needs; and
     * whether it is the background render of a stale entry (no request waits for it, and what it
     * replaces was asked for).
     */
    async get(key: string, render: (keep: boolean, refresh: boolean) => Promise<Rendered<V, U, F>>, { fresh = false }: { fresh?: boolean } = {}): Promise<{ state: 'hit' | 'stale' | 'miss'; rendered: Rendered<V, U, F> }> {
      // A cache that keeps nothing (PAGE_CACHE_ENTRIES=0) shares nothing either: every request is rendered.
      if (maxEntries === 0) return { state: 'miss', rendered: await render(false, false) };
      const entry = entries.get(key);
      if (entry && (await isCurrent(entry.deps))) {
        const t = now();
        if (entries.get(key) === entry) {
          entries.delete(key);
          entries.set(key, entry);
        }
        if (t < entry.freshUntil) return { state: 'hit', rendered: entry };
        if (!fresh && t < entry.freshUntil + staleMs) {
          if (!flights.has(key)) flight(key, render, true, true).catch((error: unknown) => console.error(error));
          return { state: 'stale', rendered: entry };
        }
      }
      return { state: 'miss', rendered: await flight(key, render, flights.has(key) || admits(key)) };
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

export type { Theme, RequestTheme };
/** What the shell renders around an outcome: the status it answers and the HTML (nonce placeholders in). */
export interface PageRender {
  status: Outcome['status'];
  html: Html;
}
export type PageAnswer = { cached: true; state: 'hit' | 'stale' | 'miss'; page: NoncedBody } | { cached: false; render: PageRender };
export type PageDataAnswer = { cached: true; state: 'hit' | 'stale' | 'miss'; body: PlainBody } | { cached: false; outcome: Outcome };

/** A kept resolution: the page data as JSON only (bytes outside the JS heap: nothing for the collector to walk). */
interface Resolution {
  json: Buffer;
  body: () => PlainBody;
}

/**
 * The two caches of the shell's pages: resolutions (the owner's page data, also served as
 * `/page-data/…`) and rendered HTML per theme. A page is rendered from a fresh resolution only.
 */
export function createPageCache(
  deps: {
    registry: RegistryClient;
    shellBuild: string;
    resolve: (sitePath: string, search: string) => Promise<Outcome>;
    /** The version of the shell's own content; undefined when its source has none. */
    shellContent: () => Promise<string | undefined>;
    /** Where kept pages' brotli streams are made (one at a time); without one each is made at once. */
    brotli?: BrotliQueue;
  },
  options: CacheOptions = {},
) {
  const { registry, shellBuild } = deps;
  const { unversionedMs } = { ...DEFAULTS, ...options };
  const now = options.now ?? Date.now;

  const seen = (name: RemoteName, s: RemoteStatus): Deps['remotes'][number] =>
    s.up ? { name, up: true, buildId: s.info.buildId, ...(s.info.contentVersion ? { contentVersion: s.info.contentVersion } : {}) } : { name, up: false };

  async function remotesCurrent(remotes: Deps['remotes']): Promise<boolean> {
    for (const r of remotes) {
      const s = seen(r.name, registry.statusNow(r.name) ?? (await registry.status(r.name)));
      if (s.up !== r.up || s.buildId !== r.buildId || s.contentVersion !== r.contentVersion) return false;
    }
    return true;
  }

  // Asked of every page served from the cache: the registry's answers are read at once while they hold.
  async function isCurrent(d: Deps): Promise<boolean> {
    const composition = registry.compositionHashNow(shellBuild) ?? (await registry.compositionHash(shellBuild).catch(() => undefined));
    if (d.composition !== composition) return false;
    if (d.shellContent !== undefined && d.shellContent !== ((await deps.shellContent().catch(() => undefined)) ?? null)) return false;
    return remotesCurrent(d.remotes);
  }

  // Keys end with `?` and the query string (queryKey): one with a query is kept from its second ask on.
  const cacheOptions: CacheOptions = { secondAskOnly: (key) => !key.endsWith('?'), ...options };
  const resolutions = createSwrCache<Resolution, Outcome, PageData>(isCurrent, cacheOptions);
  const pages = createSwrCache<NoncedBody, PageRender>(isCurrent, cacheOptions, { evicted: (body) => body.drop() });

  const widgetRemotes = (pageData: PageData): RemoteName[] => {
    const { page } = pageData.result;
    return [...page.widgets, ...Object.values(page.chrome ?? {}).map((w) => w.id)].map((id) => id.split('/')[0] as RemoteName);
  };

  /** Ask the owner, noting first what the answer depends on (a change during the request is then seen as a change). */
  async function resolveAndNote(sitePath: string, search: string, keep = true): Promise<Rendered<Resolution, Outcome, PageData>> {
    const { lang, path } = splitLang(sitePath);
    if (!keep) return { uncacheable: await safely(() => deps.resolve(sitePath, search), lang) };
    const composition = await registry.compositionHash(shellBuild).catch(() => undefined);
    const owner = await registry.owner(path).catch(() => null);
    const ownerSeen = owner ? seen(owner, await registry.status(owner)) : undefined;
    const outcome = await safely(() => deps.resolve(sitePath, search), lang);
    if (outcome.status !== 'ok' || !composition || !ownerSeen?.up || outcome.pageData.result.remote !== owner) return { uncacheable: outcome };
    const others = [...new Set(widgetRemotes(outcome.pageData))].filter((r) => r !== owner);
    // Kept under the content version the owner made it from when it says: the version the registry saw
    // may be another instance's, newer than the one that answered (or older).
    const made = outcome.contentVersion ? { ...ownerSeen, contentVersion: outcome.contentVersion } : ownerSeen;
    const remotes = [made, ...(await Promise.all(others.map(async (r) => seen(r, await registry.status(r)))))];
    const pageData = outcome.pageData;
    let body: PlainBody | undefined;
    const json = Buffer.from(JSON.stringify(pageData), 'utf8');
    return {
      value: { json, body: () => (body ??= plainBody(json)) },
      fresh: pageData,
      deps: { composition, remotes },
      bytes: json.length * 3,
      freshUntil: freshUntil(remotes, pageData.result.page.maxAgeSeconds),
    };
  }

  function freshUntil(remotes: Deps['remotes'], maxAgeSeconds: number | undefined, shellContent?: string | null): number {
    const unversioned = shellContent === null || remotes.some((r) => r.up && !r.contentVersion);
    return now() + Math.min(maxAgeSeconds === undefined ? Infinity : maxAgeSeconds * 1000, unversioned ? unversionedMs : Infinity);
  }

  const queryKey = (sitePath: string, search: string) => `${sitePath}?${search}`;
  /**
   * The query as it keys a page and reaches its owner: only the parameters the page's template reads
   * (its owner's route manifest, `keyedQuery`). A campaign tag or a made-up parameter is no new page.
   */
  async function keyed(sitePath: string, search: string): Promise<string> {
    if (!search || search === '?') return '';
    const routing = await registry.routing().catch(() => undefined);
    return keyedQuery(search, routing ? routing.table.query(splitLang(sitePath).path) : []);
  }

  return {
    /** Page data for `/page-data/…`: from the cache when current, else from the owner. */
    async pageData(sitePath: string, asked: string): Promise<PageDataAnswer> {
      const search = await keyed(sitePath, asked);
      const { state, rendered } = await resolutions.get(queryKey(sitePath, search), (keep) => resolveAndNote(sitePath, search, keep));
      return 'uncacheable' in rendered ? { cached: false, outcome: rendered.uncacheable } : { cached: true, state, body: rendered.value.body() };
    },

    /**
     * The page for a request: the cached HTML of its key when current, else `render` of its outcome
     * (from a fresh resolution); a 200 render is kept, anything else answered once.
     */
    async page(sitePath: string, asked: string, theme: RequestTheme, render: (outcome: Outcome) => Promise<PageRender>, placeholder: string): Promise<PageAnswer> {
      const search = await keyed(sitePath, asked);
      const rkey = queryKey(sitePath, search);
      const { state, rendered } = await pages.get(`${theme} ${rkey}`, async (keep, refresh) => {
        const shellContent = (await deps.shellContent().catch(() => undefined)) ?? null;
        const { rendered: resolution } = await resolutions.get(rkey, (keepResolution) => resolveAndNote(sitePath, search, keepResolution), { fresh: true });
        const outcome: Outcome =
          'uncacheable' in resolution
            ? resolution.uncacheable
            : { status: 'ok', lang: splitLang(sitePath).lang, pageData: resolution.fresh ?? (JSON.parse(resolution.value.json.toString('utf8')) as PageData) };
        const page = await render(outcome);
        if (!keep || 'uncacheable' in resolution || page.status !== 'ok') return { uncacheable: page };
        const body = noncedBody(page.html, placeholder, { queue: deps.brotli });
        // A page re-rendered because it was stale is asked for, and no request waits for this render (no
        // first answers): its brotli stream is made now, or the next answer would go gzip.
        if (refresh) void body.brotli();
        return {
          value: body,
          deps: { ...resolution.deps, shellContent },
          bytes: body.bytes,
          freshUntil: Math.min(resolution.freshUntil, freshUntil([], undefined, shellContent)),
        };
      });
      return 'uncacheable' in rendered ? { cached: false, render: rendered.uncacheable } : { cached: true, state, page: rendered.value };
    },

    stats: () => ({ pages: pages.size, pageBytes: pages.bytes, resolutions: resolutions.size, resolutionBytes: resolutions.bytes }),
  };
}

async function safely(fn: () => Promise<Outcome>, lang: Lang): Promise<Outcome> {
  try {
    return await fn();
  } catch (error) {
    console.error(error);
    return { status: 'error', lang };
  }
}
