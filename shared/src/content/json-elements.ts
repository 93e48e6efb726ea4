// The scan's constants come first: read before their declaration, V8 checks at each read that they are set.
/** An element's hash: its two 32-bit hashes and its length in bytes. */
const hashOf = (h1: number, h2: number, length: number) => `${(h1 >>> 0).toString(36)}.${(h2 >>> 0).toString(36)}.${length}`;
const FNV_BASIS = 0x811c9dc5 | 0;
const SECOND_BASIS = 0x9747b28c | 0;
/** The phases of a scan. */
const [BEFORE_ARRAY, FIRST, IN_ELEMENT, AFTER_ELEMENT, AFTER_COMMA, DONE, FAILED] = [0, 1, 2, 3, 4, 5, 6];

/**
 * Where each element of a JSON array of objects lies in its bytes, and a hash of each one's bytes,
 * without parsing them: the file store's way to parse again only the entries of a big file that
 * changed (at 100,000 entries the stories' file is 85 MB; decoding and parsing all of it again took each
 * server 1.2 s, and comparing every entry with its previous parse another 0.5 s, for an edit of one
 * title). One pass over the bytes, about 200 ms for those 85 MB, fed in chunks as a file is read
 * (`ElementScanner`: a server need not hold the whole file, whose allocation alone made its heap collect)
 * or at once (`arrayElements`).
 *
 * Gives the elements' `ranges` (`[start0, end0, start1, end1, …]`, end exclusive) and `hashes`
 * (`elementHash`: two 32-bit FNV-1a hashes of different primes and the length: a content file is an
 * editor's, not an attacker's, and a 64-bit hash of the same length colliding with one of a file's few
 * thousand others is a chance in 10^15), or undefined for anything it does not vouch for: not an
 * array, an element that is not an object, a string or bracket left open, anything but whitespace and
 * one comma between elements, anything after the closing bracket. The caller then parses the whole
 * text, whose parser says exactly what is wrong. What lies inside an element is not checked here: the
 * caller parses every element whose bytes it has not parsed before.
 *
 * Works on the UTF-8 bytes: no byte of a multi-byte character is below 0x80, so quotes, brackets and
 * backslashes are found as they are. The byte values are written out in the loop (each named beside
 * it): read from module constants, the scan took four times as long.
 */
export class ElementScanner {
  readonly ranges: number[] = [];
  readonly hashes: string[] = [];
  /** Where the scan is: BEFORE_ARRAY, FIRST (after `[`), IN_ELEMENT, AFTER_ELEMENT, AFTER_COMMA, DONE (after `]`), or FAILED. */
  private phase = BEFORE_ARRAY;
  /** The bytes fed before the chunk being scanned. */
  private offset = 0;
  private start = 0;
  private depth = 0;
  private inString = false;
  /** The last byte of a chunk was a backslash in a string: the next chunk's first byte is escaped. */
  private escaped = false;
  private h1 = 0;
  private h2 = 0;

  feed(chunk: Uint8Array): void {
    let { phase, depth, inString, escaped, h1, h2 } = this;
    const n = chunk.length;
    for (let i = 0; i < n && phase !== FAILED; i++) {
      if (phase === IN_ELEMENT) {
        // The element's bytes, to its closing brace or the chunk's end, in a loop of their own.
        for (; i < n; i++) {
          const c = chunk[i]!;
          h1 = Math.imul(h1 ^ c, 0x01000193); // FNV's 32-bit prime
          h2 = Math.imul(h2 ^ c, 0x5bd1e995); // MurmurHash2's
          if (escaped) escaped = false;
          else if (inString) {
            if (c === 0x22 /* " */) inString = false;
            else if (c === 0x5c /* \ */) escaped = true;
          } else if (c === 0x22 /* " */) inString = true;
          else if (c === 0x7b /* { */ || c === 0x5b /* [ */) depth++;
          else if ((c === 0x7d /* } */ || c === 0x5d) /* ] */ && --depth === 0) {
            const end = this.offset + i + 1;
            this.ranges.push(this.start, end);
            this.hashes.push(hashOf(h1, h2, end - this.start));
            phase = AFTER_ELEMENT;
            break;
          }
        }
        continue;
      }
      const c = chunk[i]!;
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue; // whitespace between
      else if (phase === BEFORE_ARRAY) phase = c === 0x5b /* [ */ ? FIRST : FAILED;
      else if (phase === AFTER_ELEMENT) phase = c === 0x2c /* , */ ? AFTER_COMMA : c === 0x5d /* ] */ ? DONE : FAILED;
      else if (c === 0x7b /* { */ && (phase === FIRST || phase === AFTER_COMMA)) {
        phase = IN_ELEMENT;
        this.start = this.offset + i;
        depth = 1;
        h1 = Math.imul(FNV_BASIS ^ c, 0x01000193);
        h2 = Math.imul(SECOND_BASIS ^ c, 0x5bd1e995);
      } else phase = c === 0x5d /* ] */ && phase === FIRST ? DONE : FAILED;
    }
    Object.assign(this, { phase, depth, inString, escaped, h1, h2 });
    this.offset += n;
  }

  /** The elements, once every byte is fed; undefined unless they made one array of objects. */
  end(): { ranges: number[]; hashes: string[] } | undefined {
    return this.phase === DONE ? { ranges: this.ranges, hashes: this.hashes } : undefined;
  }
}

/** The elements of a whole text's bytes (ElementScanner fed at once). */
export function arrayElements(bytes: Uint8Array): { ranges: number[]; hashes: string[] } | undefined {
  const scanner = new ElementScanner();
  scanner.feed(bytes);
  return scanner.end();
}

/** The hash `ElementScanner` gives an element of these bytes (all of them one element). */
export function elementHash(bytes: Uint8Array): string {
  let h1 = FNV_BASIS;
  let h2 = SECOND_BASIS;
  for (const c of bytes) {
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  return hashOf(h1, h2, bytes.length);
}

