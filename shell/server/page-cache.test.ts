import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, crc32, gunzipSync, gzipSync } from 'node:zlib';
import { accepts, BROTLI_AFTER, BROTLI_MAX_NONCES, bytesCutAt, createSwrCache, crc32Combine, etagOf, htmlText, noncedBody, NONCE_LENGTH, type Deps, type Rendered } from './page-cache';
import { newNonce, NONCE_PLACEHOLDER } from './security';
import { createBrotliQueue } from './brotli-queue';

const P = NONCE_PLACEHOLDER;
const filled = (html: string, nonce: string) => html.split(P).join(nonce);

describe('content negotiation', () => {
  it.each([
    ['gzip, deflate, br', 'gzip', true],
    ['br;q=1.0, gzip;q=0.8', 'br', true],
    ['br, gzip;q=0', 'gzip', false],
    ['GZIP', 'gzip', true],
    ['*', 'br', true],
    ['*;q=0', 'gzip', false],
    ['identity', 'gzip', false],
    ['deflate', 'br', false],
    [undefined, 'gzip', false],
  ] as const)('%s accepts %s: %s', (header, encoding, expected) => {
    expect(accepts(header, encoding)).toBe(expected);
  });
});

describe('CRC-32 of a concatenation', () => {
  it('is combined from the CRCs of the parts', () => {
    for (const [a, b] of [
      [randomBytes(1), randomBytes(0)],
      [randomBytes(100), randomBytes(24)],
      [randomBytes(70_000), randomBytes(33_333)],
    ]) {
      expect(crc32Combine(crc32(a!), crc32(b!), b!.length)).toBe(crc32(Buffer.concat([a!, b!])));
    }
  });
});

describe('a page kept with its nonce placeholders', () => {
  const arabic = 'مؤسسة قطر للتربية والعلوم وتنمية المجتمع '.repeat(40);
  const pages: Record<string, string> = {
    'a small page': `<!doctype html><script nonce="${P}">a()</script><p>hello</p>`,
    'placeholders at both ends and side by side': `${P}<p>${P}${P}</p>${P}`,
    'no placeholder': '<p>nothing to fill</p>'.repeat(30),
    'Arabic, bigger than the deflate window, the same text on both sides of each nonce': `<head><script nonce="${P}"></script></head><body>${arabic}<script nonce="${P}">{"state":"${arabic}"}</script>${'<li>x</li>'.repeat(5000)}<script nonce="${P}">${arabic}</script></body>`,
    // A piece must never reach back into the place of a nonce: any run of bytes the stand-in could be
    // made of is right after a nonce, and nowhere else for it to match.
    'every ASCII character (and a few others) eight times right after each nonce': [...[...Array(128).keys()].map((i) => String.fromCharCode(i)), 'ÿ', 'ق', '€']
      .map((c) => `<i nonce="${P}">q${c.repeat(8)}z</i>${'<p>The quick brown fox jumps over the lazy dog.</p>'.repeat(6)}`)
      .join(''),
    // The same in ten nonces' worth (brotli's stand-ins), with `=` around them as base64 nonces end.
    'every ASCII character (and a few others) after ten nonces, and = signs around them': Array.from({ length: 10 }, (_, i) =>
      `<i nonce="${P}">${[...Array(13).keys()].map((k) => String.fromCharCode(i * 13 + k).repeat(8)).join('')}==${'ÿقé'.repeat(i)}</i>===<b>${'<p>The quick brown fox jumps over the lazy dog.</p>'.repeat(3)}</b>`,
    ).join(''),
    'bytes a stand-in could be mistaken for (NUL, ÿ)': `<p>\u0000\u0000\u0000ÿÿÿÿ</p><script nonce="${P}">ÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿ\u0000\u0000\u0000</script>${'ÿ'.repeat(300)}`,
  };

  it.each(Object.entries(pages))('%s: every answer is the page with its own nonce, in every encoding', async (_name, html) => {
    const page = noncedBody(html, P);
    const a = newNonce();
    const b = newNonce();
    expect(a).toHaveLength(NONCE_LENGTH);
    // The first answers (those of the render) are compressed for themselves: br, else gzip.
    const first = page.answer(a, 'gzip, deflate, br', true);
    expect(first.encoding).toBe('br');
    expect(brotliDecompressSync(first.body).toString()).toBe(filled(html, a));
    const firstGzip = page.answer(b, 'gzip', true);
    expect(firstGzip.encoding).toBe('gzip');
    expect(gunzipSync(firstGzip.body).toString()).toBe(filled(html, b));
    // So are the next answers until the page proves popular (BROTLI_AFTER answers from the cache).
    for (let i = 1; i < BROTLI_AFTER; i++) {
      const cheap = page.answer(b, 'br, gzip', false);
      expect(cheap.encoding).toBe('br');
      expect(brotliDecompressSync(cheap.body).toString()).toBe(filled(html, b));
    }
    // Then gzip spliced from pieces compressed once, with each answer's nonce.
    for (const nonce of [a, b, a]) {
      const answer = page.answer(nonce, 'br, gzip', false);
      expect(answer.encoding).toBe('gzip');
      expect(gunzipSync(answer.body).toString()).toBe(filled(html, nonce));
    }
    // And identity for a client without gzip (inflated from the pieces, which replaced the text).
    const plain = page.answer(b, undefined, false);
    expect(plain).toEqual({ encoding: 'identity', body: Buffer.from(filled(html, b)) });
    // Once its brotli stream is made (started by the first of those answers, from the gzip pieces
    // that by then replaced the text), br to those who take it
    // (a page with more nonces than there are stand-ins stays gzip).
    const brotli = html.split(P).length - 1 <= BROTLI_MAX_NONCES;
    expect(await page.brotli()).toBe(brotli);
    for (const nonce of [a, b, newNonce()]) {
      const answer = page.answer(nonce, 'gzip, deflate, br, zstd', false);
      expect(answer.encoding).toBe(brotli ? 'br' : 'gzip');
      if (!brotli) continue;
      expect(brotliDecompressSync(answer.body).toString()).toBe(filled(html, nonce));
    }
    expect(page.answer(a, 'gzip', false).encoding).toBe('gzip');
    // The ETag is that of the page before any nonce, as the shell computes for any text answer.
    expect(page.etag).toBe(etagOf(html));
  });

  /** `html` as documentPieces gives a page: each placeholder a piece of its own, the text between cut into pieces of up to `size` characters. */
  const inPieces = (html: string, size: number): string[] =>
    html.split(P).flatMap((text, i) => {
      const pieces: string[] = i ? [P] : [];
      for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size));
      return pieces;
    });

  it.each(Object.entries(pages))('%s, given in pieces: the same bytes, cut at the same places, the same answers', (_name, html) => {
    for (const size of [1, 7, 100, 20_000]) {
      // Every third piece of text as bytes, as the server keeps the chrome's parts and the menu.
      const pieces = inPieces(html, size).map((p, i) => (p !== P && i % 3 === 2 ? Buffer.from(p, 'utf8') : p));
      expect(htmlText(pieces)).toBe(html);
      expect(bytesCutAt(pieces, P)).toEqual(html.split(P).map((part) => Buffer.from(part, 'utf8')));
      const page = noncedBody(pieces, P);
      expect(page.etag).toBe(etagOf(html));
      const nonce = newNonce();
      expect(brotliDecompressSync(page.answer(nonce, 'br', true).body).toString()).toBe(filled(html, nonce));
      expect(gunzipSync(page.answer(nonce, 'gzip', false).body).toString()).toBe(filled(html, nonce));
    }
  });

  it('gives the nonce only where a piece is the placeholder itself, never to the text of a section that holds its characters', () => {
    const pieces = ['<script nonce="', P, '">boot()</script>', `<p>A story about "${P}"</p>`, '<script nonce="', P, '">{}</script>'];
    const nonce = newNonce();
    const body = gunzipSync(noncedBody(pieces, P).answer(nonce, 'gzip', false).body).toString();
    expect(body).toBe(`<script nonce="${nonce}">boot()</script><p>A story about "${P}"</p><script nonce="${nonce}">{}</script>`);
    expect(noncedBody(pieces, P).etag).toBe(etagOf(pieces.join('')));
  });

  it('makes the bytes of a page bigger than one run of text (two-byte characters, 64 Ki of them and more) whole', () => {
    const big = Array.from({ length: 30 }, (_, i) => `<p>${i} ${'مؤسسة قطر — '.repeat(300)}</p>`);
    big.splice(10, 0, '<script nonce="', P, '">', '{"x":1}', '</script>');
    const html = big.join('');
    expect(html.length).toBeGreaterThan(65_536);
    expect(bytesCutAt(big, P)).toEqual(html.split(P).map((part) => Buffer.from(part, 'utf8')));
  });

  it('gives parts of their own: the bytes of a page stay whole when other pages are cut after it', () => {
    const first = ['<p>', 'مؤسسة قطر '.repeat(50_000), '</p><script nonce="', P, '">1</script>'];
    const kept = bytesCutAt(first, P);
    bytesCutAt([`<p>${'x'.repeat(300_000)}</p><script nonce="`, P, '">2</script>'], P);
    expect(kept).toEqual(first.join('').split(P).map((part) => Buffer.from(part, 'utf8')));
  });

  it('encodes long two-byte text as UTF-8 exactly, a lone surrogate as U+FFFD as V8 does', () => {
    const arabic = `<p>${'مؤسسة قطر — “’ 😀 '.repeat(400)}</p>`;
    const lone = `<p>${'x'.repeat(2000)}\ud800 مؤسسة \udc00</p>`;
    for (const text of [arabic, lone, `${'a'.repeat(3000)}é`]) expect(bytesCutAt([text, P, text], P)).toEqual([Buffer.from(text, 'utf8'), Buffer.from(text, 'utf8')]);
    expect(bytesCutAt([lone], P)[0]!.includes(Buffer.from([0xef, 0xbf, 0xbd]))).toBe(true);
  });

  it('gives an ETag of the bytes and their length, the same for a page in pieces and as one text', () => {
    expect(etagOf('<p>a</p>')).toMatch(/^W\/"[0-9a-f]{8}-8"$/);
    expect(etagOf('<p>a</p>')).not.toBe(etagOf('<p>b</p>'));
    expect(etagOf('مؤسسة')).toBe(etagOf(Buffer.from('مؤسسة', 'utf8')));
    expect(noncedBody(['<p>', 'مؤسسة', '</p><i nonce="', P, '">'], P).etag).toBe(etagOf(`<p>مؤسسة</p><i nonce="${P}">`));
  });

  /** A page past the answers compressed for themselves: asked from the cache BROTLI_AFTER - 1 times. */
  const popular = <T extends ReturnType<typeof noncedBody>>(page: T): T => {
    for (let i = 1; i < BROTLI_AFTER; i++) page.answer(newNonce(), 'gzip', false);
    return page;
  };

  it('compresses the page once, not per answer: a second answer is the first with the nonce bytes changed', () => {
    const html = `<script nonce="${P}">x</script>${'<p>same</p>'.repeat(200)}<script nonce="${P}">y</script>`;
    const page = popular(noncedBody(html, P));
    const a = page.answer('a'.repeat(NONCE_LENGTH), 'gzip', false).body;
    const b = page.answer('b'.repeat(NONCE_LENGTH), 'gzip', false).body;
    expect(a.length).toBe(b.length);
    const differing = [...a].map((byte, i) => (byte === b[i] ? -1 : i)).filter((i) => i >= 0);
    // Two nonces of 24 bytes and the 8-byte trailer (CRC and length): nothing else moved.
    expect(differing.length).toBeLessThanOrEqual(2 * NONCE_LENGTH + 8);
    expect(differing.every((i) => i >= a.length - 8 || a.subarray(i, i + 1).toString() === 'a')).toBe(true);
  });

  it('splices brotli as it splices gzip: a second answer is the first with the nonce bytes changed, and smaller than gzip', async () => {
    const links = Array.from({ length: 300 }, (_, i) => `<li><a href="/stories/${i}">قصة رقم ${i} من مؤسسة قطر</a></li>`).join('');
    const html = `<head><script nonce="${P}">boot()</script><style nonce="${P}">p{color:red}</style></head><ul>${links}</ul><script nonce="${P}">{"links":"${links.replaceAll('"', "'")}"}</script>`;
    const page = noncedBody(html, P);
    page.answer(newNonce(), 'br', true);
    const gzip = popular(page).answer(newNonce(), 'gzip', false).body.length;
    expect(await page.brotli()).toBe(true);
    const [a, b] = [newNonce(), newNonce()];
    const first = page.answer(a, 'br', false).body;
    const second = page.answer(b, 'br', false).body;
    expect(first.length).toBe(second.length);
    const differing = [...first].filter((byte, i) => byte !== second[i]).length;
    expect(differing).toBeGreaterThan(0);
    expect(differing).toBeLessThanOrEqual(3 * (NONCE_LENGTH - 2));
    expect(first.length).toBeLessThan(gzip * 0.9);
    expect(brotliDecompressSync(second).toString()).toBe(filled(html, b));
  });

  it('keeps a page gzip for a nonce that does not end as a nonce does, and a page with more nonces than its stand-ins', async () => {
    const html = `<script nonce="${P}"></script>${'<p>x</p>'.repeat(100)}`;
    const page = noncedBody(html, P);
    page.answer(newNonce(), 'br', false);
    expect(await page.brotli()).toBe(true);
    const odd = 'abcdefghijklmnopqrstuvwx';
    expect(page.answer(odd, 'br, gzip', false).encoding).toBe('gzip');
    expect(gunzipSync(page.answer(odd, 'br, gzip', false).body).toString()).toBe(filled(html, odd));
    const many = noncedBody(Array.from({ length: BROTLI_MAX_NONCES + 1 }, () => `<style nonce="${P}">p{}</style>`).join(''), P);
    expect(await many.brotli()).toBe(false);
    const nonce = newNonce();
    expect(many.answer(nonce, 'br, gzip', false).encoding).toBe('gzip');
  });

  it('makes the brotli stream in the queue once the page is asked again, and not at all once it left the cache', async () => {
    const html = `<script nonce="${P}"></script>${'<p>x</p>'.repeat(100)}`;
    const queue = createBrotliQueue({ rest: 0 });
    const page = noncedBody(html, P, { queue });
    page.answer(newNonce(), 'br, gzip', true);
    for (let i = 1; i < BROTLI_AFTER; i++) expect(page.answer(newNonce(), 'br, gzip', false).encoding).toBe('br');
    expect(queue.busy).toBe(false);
    expect(page.answer(newNonce(), 'br, gzip', false).encoding).toBe('gzip');
    expect(queue.busy).toBe(true);
    expect(await page.brotli()).toBe(true);
    expect(page.answer(newNonce(), 'br, gzip', false).encoding).toBe('br');
    // Dropped while it waits behind another page: taken out, never made.
    const [busy, dropped] = [noncedBody(html, P, { queue }), noncedBody(html, P, { queue })];
    const made = [busy.brotli(), dropped.brotli()];
    expect(queue.waiting).toBe(1);
    dropped.drop();
    expect(queue.waiting).toBe(0);
    await expect(Promise.all(made)).resolves.toEqual([true, false]);
    expect(dropped.answer(newNonce(), 'br, gzip', false).encoding).toBe('gzip');
    // A queue that is full leaves the page gzip for now: a later answer tries again.
    const full = createBrotliQueue({ size: 0, rest: 0 });
    const later = popular(noncedBody(html, P, { queue: full }));
    expect(await later.brotli()).toBe(false);
    expect(later.answer(newNonce(), 'br, gzip', false).encoding).toBe('gzip');
  });

  it('still answers a nonce of another length, compressed for that answer', () => {
    const html = `<script nonce="${P}"></script>${'<p>x</p>'.repeat(100)}`;
    const answer = noncedBody(html, P).answer('short', 'gzip', false);
    expect(gunzipSync(answer.body).toString()).toBe(filled(html, 'short'));
  });

  it('compresses about as well as the whole page in one go: each piece is compressed against what comes before it', () => {
    // The state repeats what the page says (as the embedded state does): without the page before it as
    // history, its piece would cost as much as the page's.
    const links = Array.from({ length: 200 }, () => ({ href: `/stories/${randomBytes(12).toString('hex')}`, title: randomBytes(16).toString('base64') }));
    const html = `<script nonce="${P}"></script>${links.map((l) => `<a href="${l.href}">${l.title}</a>`).join('')}<script nonce="${P}">${JSON.stringify(links)}</script>`;
    const nonce = newNonce();
    const spliced = noncedBody(html, P).answer(nonce, 'gzip', false).body.length;
    const whole = gzipSync(filled(html, nonce), { level: 6 }).length;
    const state = gzipSync(JSON.stringify(links), { level: 6 }).length;
    expect(spliced).toBeLessThan(whole + state / 2);
  });
});

describe('the stale-while-revalidate cache', () => {
  const deps = (composition = 'h1'): Deps => ({ composition, remotes: [] });
  let clock = 0;
  let current = 'h1';
  const make = (options = {}) => createSwrCache<string, string>(async (d) => d.composition === current, { now: () => clock, staleMs: 1000, ...options });
  const rendering = (value: string, freshFor = Infinity, bytes = 10) => jest.fn(async (_keep?: boolean): Promise<Rendered<string, string>> => ({ value, deps: deps(current), bytes, freshUntil: clock + freshFor }));

  beforeEach(() => {
    clock = 0;
    current = 'h1';
  });

  it('renders a key once, then answers from what it kept while its deps hold', async () => {
    const cache = make();
    const render = rendering('v1');
    expect(await cache.get('k', render)).toMatchObject({ state: 'miss', rendered: { value: 'v1' } });
    expect(await cache.get('k', render)).toMatchObject({ state: 'hit', rendered: { value: 'v1' } });
    expect(render).toHaveBeenCalledTimes(1);
    current = 'h2';
    const again = rendering('v2');
    expect(await cache.get('k', again)).toMatchObject({ state: 'miss', rendered: { value: 'v2' } });
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('tells whoever kept a value when it leaves: pushed out, replaced, or too big to keep', async () => {
    const evicted: string[] = [];
    const cache = createSwrCache<string, string>(async (d) => d.composition === current, { now: () => clock, maxEntries: 2, maxBytes: 100 }, { evicted: (v) => evicted.push(v) });
    await cache.get('a', rendering('va'));
    await cache.get('b', rendering('vb'));
    await cache.get('c', rendering('vc'));
    expect(evicted).toEqual(['va']);
    current = 'h2';
    await cache.get('b', rendering('vb2'));
    expect(evicted).toEqual(['va', 'vb']);
    await cache.get('d', rendering('vd', Infinity, 101));
    expect(evicted).toEqual(['va', 'vb', 'vd']);
  });

  it('keeps nothing and shares nothing when it may keep no entry: every request renders, told it will not be kept', async () => {
    const cache = make({ maxEntries: 0 });
    const render = rendering('v');
    const answers = await Promise.all([cache.get('k', render), cache.get('k', render), cache.get('k', render)]);
    expect(answers.map((a) => a.state)).toEqual(['miss', 'miss', 'miss']);
    expect(render).toHaveBeenCalledTimes(3);
    expect(render).toHaveBeenCalledWith(false, false);
    expect(cache.size).toBe(0);
  });

  it('gives concurrent misses of one key one render', async () => {
    const cache = make();
    let finish: (r: Rendered<string, string>) => void = () => undefined;
    const render = jest.fn(() => new Promise<Rendered<string, string>>((resolve) => (finish = resolve)));
    const waiting = Promise.all([cache.get('k', render), cache.get('k', render), cache.get('k', render)]);
    await new Promise((r) => setImmediate(r));
    finish({ value: 'v', deps: deps(), bytes: 1, freshUntil: Infinity });
    expect((await waiting).map((a) => a.state)).toEqual(['miss', 'miss', 'miss']);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('serves an entry past its freshness while one background render replaces it, and waits once it is too old', async () => {
    const cache = make();
    await cache.get('k', rendering('v1', 100));
    clock = 150;
    let finish: () => void = () => undefined;
    const refresh = jest.fn(async (): Promise<Rendered<string, string>> => {
      await new Promise<void>((resolve) => (finish = resolve));
      return { value: 'v2', deps: deps(), bytes: 1, freshUntil: clock + 100 };
    });
    expect(await cache.get('k', refresh)).toMatchObject({ state: 'stale', rendered: { value: 'v1' } });
    expect(await cache.get('k', refresh)).toMatchObject({ state: 'stale', rendered: { value: 'v1' } });
    expect(refresh).toHaveBeenCalledTimes(1);
    // The background render is told it is one (kept, a refresh); a request's render is not.
    expect(refresh).toHaveBeenCalledWith(true, true);
    finish();
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('k', refresh)).toMatchObject({ state: 'hit', rendered: { value: 'v2' } });
    expect(refresh).toHaveBeenCalledTimes(1);
    // Past freshness and the stale window: the request waits for a new render.
    clock = 150 + 100 + 1000;
    const late = jest.fn(rendering('v3', 100));
    expect(await cache.get('k', late)).toMatchObject({ state: 'miss', rendered: { value: 'v3' } });
    expect(late).toHaveBeenCalledWith(true, false);
    // `fresh` refuses a stale entry.
    clock += 150;
    expect(await cache.get('k', rendering('v4', 100), { fresh: true })).toMatchObject({ state: 'miss', rendered: { value: 'v4' } });
  });

  it('keeps no answer it may not keep, and asks again next time', async () => {
    const cache = make();
    const refused = jest.fn(async (): Promise<Rendered<string, string>> => ({ uncacheable: '503' }));
    expect(await cache.get('k', refused)).toEqual({ state: 'miss', rendered: { uncacheable: '503' } });
    expect(await cache.get('k', refused)).toEqual({ state: 'miss', rendered: { uncacheable: '503' } });
    expect(refused).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });

  it('keeps a `secondAskOnly` key from its second ask on, so keys asked once never push out the pages asked for', async () => {
    const cache = make({ maxEntries: 2, secondAskOnly: (key: string) => key.includes('?') });
    await cache.get('/a', rendering('a'));
    await cache.get('/b', rendering('b'));
    // A flood of addresses asked once each: answered, none kept, the kept pages stay.
    const once = rendering('once');
    for (let i = 0; i < 50; i++) expect(await cache.get(`/a?utm=${i}`, once)).toMatchObject({ state: 'miss', rendered: { value: 'once' } });
    expect(once.mock.calls.every(([keep]) => keep === false)).toBe(true);
    expect(cache.size).toBe(2);
    expect((await cache.get('/a', rendering('a2'))).state).toBe('hit');
    expect((await cache.get('/b', rendering('b2'))).state).toBe('hit');
    // Asked a second time: rendered to be kept, then a hit.
    const second = rendering('q');
    await cache.get('/a?utm=49', second);
    expect(second).toHaveBeenCalledWith(true, false);
    expect((await cache.get('/a?utm=49', rendering('q2'))).state).toBe('hit');
  });

  it('remembers a bounded number of keys asked once, the oldest forgotten first', async () => {
    const cache = make({ maxEntries: 1, secondAskOnly: () => true });
    for (let i = 0; i < 5; i++) await cache.get(`k${i}`, rendering('v'));
    // Four times maxEntries are remembered: k0 was forgotten, k1 is asked for the second time.
    const first = rendering('v');
    await cache.get('k0', first);
    expect(first).toHaveBeenCalledWith(false, false);
    const again = rendering('v');
    await cache.get('k4', again);
    expect(again).toHaveBeenCalledWith(true, false);
  });

  it('is bounded in entries and bytes, the least recently used out first', async () => {
    const cache = make({ maxEntries: 2, maxBytes: 100 });
    await cache.get('a', rendering('a'));
    await cache.get('b', rendering('b'));
    await cache.get('a', rendering('a2'));
    await cache.get('c', rendering('c'));
    expect(cache.size).toBe(2);
    expect((await cache.get('a', rendering('a3'))).state).toBe('hit');
    expect((await cache.get('b', rendering('b2'))).state).toBe('miss');
    await cache.get('big', rendering('big', Infinity, 95));
    expect(cache.bytes).toBeLessThanOrEqual(100);
    await cache.get('huge', rendering('huge', Infinity, 101));
    expect((await cache.get('huge', rendering('huge'))).state).toBe('miss');
  });
});
