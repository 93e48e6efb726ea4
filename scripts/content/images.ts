// `npm run content:images [-- --force] [-- --describe]`: draw the image of every asset entry of the embedded store and
// write it as responsive WebP (626, 672 and 800 px wide) into content/media/. Nothing is downloaded:
// each image is an artwork generated from its record, by kind (a star pattern for entities and pages,
// an arcade for places, stage lights for events and speakers, a mashrabiya lattice for people; stories,
// press and galleries one of these or dunes and minarets, by their name), in its hue, seeded by its name: no initials, nothing that
// reads as a placeholder (issue 38). With `--describe`, each asset without a `description` (its alt text)
// gets one in its entry's file that says what the artwork shows, in both languages. Existing files are
// kept unless `--force` or they were drawn by another version of the artwork. A logo keeps its letters
// (a monogram is what a logo of initials is).
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { createFileStore, IMAGE_WIDTHS, mediaFileName } from '@qf/shared/content';

function seeded(text: string): () => number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

export type Artwork = 'dunes' | 'stars' | 'arches' | 'lights' | 'lattice' | 'logo';

/** The artwork of an asset, by the kind its file name starts with (`img-story-…`, `img-place-…`). */
export function artworkOf(fileName: string): Artwork {
  const kind = /^img-([a-z]+)/.exec(fileName)?.[1] ?? '';
  if (kind === 'logo') return 'logo';
  if (kind === 'place') return 'arches';
  if (kind === 'event' || kind === 'speaker') return 'lights';
  if (kind === 'expert' || kind === 'person') return 'lattice';
  if (kind === 'entity' || kind === 'page' || kind === 'pageplace') return 'stars';
  // Stories, press, galleries: a motif by the name, so a row of cards is not one picture four times.
  const editorial: Artwork[] = ['dunes', 'arches', 'dunes', 'stars', 'lattice', 'lights'];
  return editorial[Math.floor(seeded(fileName)() * editorial.length)]!;
}

/** A hue's name, as a noun ("blue", "الأزرق"): "in shades of …". */
function colourOf(hue: number): { en: string; ar: string } {
  const names: [number, string, string][] = [
    [15, 'red', 'الأحمر'],
    [45, 'amber', 'الكهرماني'],
    [70, 'gold', 'الذهبي'],
    [160, 'green', 'الأخضر'],
    [200, 'teal', 'الفيروزي'],
    [250, 'blue', 'الأزرق'],
    [290, 'indigo', 'النيلي'],
    [330, 'purple', 'البنفسجي'],
    [360, 'rose', 'الوردي'],
  ];
  const [, en, ar] = names.find(([upTo]) => hue % 360 < upTo)!;
  return { en, ar };
}

/** What the artwork shows, for the alt text. */
export function describe(artwork: Artwork, hue: number, title: { en: string; ar: string }): { en: string; ar: string } {
  const c = colourOf(hue);
  switch (artwork) {
    case 'dunes':
      return { en: `Illustration: sand dunes and minarets under ${/^[aeiou]/.test(c.en) ? 'an' : 'a'} ${c.en} evening sky`, ar: `رسم توضيحي: كثبان رملية ومآذن تحت سماء مسائية بدرجات اللون ${c.ar}` };
    case 'stars':
      return { en: `Geometric pattern of interlaced eight-pointed stars in shades of ${c.en}`, ar: `نقش هندسي من نجوم ثمانية متشابكة بدرجات اللون ${c.ar}` };
    case 'arches':
      return { en: `Illustration: an arcade of arches under a dome, in shades of ${c.en}`, ar: `رسم توضيحي: رواق من الأقواس تعلوه قبة، بدرجات اللون ${c.ar}` };
    case 'lights':
      return { en: `Illustration: stage lights fanning out over a stage, in shades of ${c.en}`, ar: `رسم توضيحي: أضواء مسرح تتوزع فوق منصة، بدرجات اللون ${c.ar}` };
    case 'lattice':
      return { en: `Latticework pattern like a mashrabiya screen, in shades of ${c.en}`, ar: `نقش شبكي يشبه المشربية، بدرجات اللون ${c.ar}` };
    case 'logo':
      return title;
  }
}

const hsl = (h: number, s: number, l: number, a = 1) => `hsl(${Math.round(((h % 360) + 360) % 360)} ${s}% ${l}%${a < 1 ? ` / ${a}` : ''})`;

/** Eight-pointed star (two squares, one turned 45°) of outer radius r at (x, y), as a 16-point polygon. */
function star(x: number, y: number, r: number): string {
  // Where the two squares' edges cross.
  const inner = (r * Math.SQRT1_2) / Math.cos(Math.PI / 8);
  const points: string[] = [];
  for (let i = 0; i < 16; i++) {
    const a = (i * Math.PI) / 8 - Math.PI / 2;
    const d = i % 2 === 0 ? r : inner;
    points.push(`${(x + d * Math.cos(a)).toFixed(1)},${(y + d * Math.sin(a)).toFixed(1)}`);
  }
  return points.join(' ');
}

/** The artwork as SVG: shapes only, no text (a logo aside). */
export function artworkSvg(artwork: Artwork, name: string, title: string, hue: number, width: number, height: number): string {
  const rnd = seeded(name);
  const W = width;
  const H = height;
  let body = '';
  let background = `<linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue, 45, 22)}"/><stop offset="1" stop-color="${hsl(hue + 25, 50, 38)}"/></linearGradient>`;
  switch (artwork) {
    case 'dunes': {
      // A sky in the asset's hue, a low sun, minarets on the horizon, and sand dunes in front.
      background = `<linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue, 45, 28)}"/><stop offset="0.6" stop-color="${hsl(hue + 30, 60, 66)}"/><stop offset="1" stop-color="${hsl(38, 70, 80)}"/></linearGradient>`;
      const horizon = H * 0.6;
      body += `<circle cx="${(W * (0.2 + rnd() * 0.6)).toFixed(0)}" cy="${(horizon - H * 0.08).toFixed(0)}" r="${(H * 0.11).toFixed(0)}" fill="${hsl(40, 95, 88)}" fill-opacity="0.95"/>`;
      for (let i = 0; i < 2 + Math.floor(rnd() * 3); i++) {
        const x = W * (0.08 + rnd() * 0.84);
        const w = W * (0.012 + rnd() * 0.012);
        const h = H * (0.12 + rnd() * 0.16);
        const tower = hsl(hue, 30, 24);
        body += `<rect x="${(x - w / 2).toFixed(1)}" y="${(horizon - h).toFixed(0)}" width="${w.toFixed(1)}" height="${(h + H * 0.05).toFixed(0)}" fill="${tower}"/>`;
        body += `<rect x="${(x - w).toFixed(1)}" y="${(horizon - h * 0.72).toFixed(0)}" width="${(w * 2).toFixed(1)}" height="${(H * 0.012).toFixed(1)}" fill="${tower}"/>`;
        body += `<path d="M${(x - w / 2).toFixed(1)} ${(horizon - h).toFixed(0)} Q${x.toFixed(1)} ${(horizon - h - w * 2.2).toFixed(0)} ${(x + w / 2).toFixed(1)} ${(horizon - h).toFixed(0)} Z" fill="${tower}"/>`;
      }
      // Three dunes deep: smooth crests through a few points, lighter at the back.
      for (let layer = 0; layer < 3; layer++) {
        const base = horizon + (H - horizon) * (layer / 3.2);
        const points = Array.from({ length: 5 }, (_, i) => [i === 0 ? 0 : i === 4 ? W : (W * i) / 4 + (rnd() - 0.5) * W * 0.12, base - H * (0.03 + rnd() * 0.09)] as const);
        let d = `M0 ${H} L0 ${points[0]![1].toFixed(0)}`;
        for (let i = 1; i < points.length; i++) {
          const [px, py] = points[i - 1]!;
          const [x, y] = points[i]!;
          d += ` Q${px.toFixed(0)} ${py.toFixed(0)} ${((px + x) / 2).toFixed(0)} ${((py + y) / 2).toFixed(0)}`;
        }
        body += `<path d="${d} L${W} ${points[4]![1].toFixed(0)} L${W} ${H} Z" fill="${hsl(32 + layer * 4, 55 + layer * 5, 70 - layer * 12)}"/>`;
      }
      break;
    }
    case 'stars': {
      // Large cells, flat fills: a fine pattern weighed 16 KB an image in WebP (the page's bytes on a phone).
      const cell = Math.round(H / (2.4 + rnd() * 0.6));
      background = `<linearGradient id="g"><stop offset="0" stop-color="${hsl(hue, 45, 24)}"/></linearGradient>`;
      for (let y = -cell / 2; y < H + cell; y += cell)
        for (let x = -cell / 2; x < W + cell; x += cell) {
          const odd = Math.round((x + y) / cell) % 2 === 0;
          body += `<polygon points="${star(x, y, cell * 0.5)}" fill="${hsl(hue + (odd ? 0 : 30), 55, odd ? 46 : 34)}" stroke="${hsl(hue + 40, 70, 78)}" stroke-width="${(cell / 28).toFixed(1)}" stroke-opacity="0.8"/>`;
        }
      break;
    }
    case 'arches': {
      background = `<linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue + 180, 40, 72)}"/><stop offset="1" stop-color="${hsl(hue + 30, 55, 86)}"/></linearGradient>`;
      const n = 5 + Math.floor(rnd() * 3);
      const top = H * 0.42;
      const wall = hsl(hue, 35, 42);
      // The dome above the middle arch.
      body += `<circle cx="${W / 2}" cy="${top.toFixed(0)}" r="${(W / n * 0.9).toFixed(0)}" fill="${hsl(hue + 20, 45, 55)}"/>`;
      body += `<rect x="${(W / 2 - W / n * 0.06).toFixed(0)}" y="${(top - W / n * 1.25).toFixed(0)}" width="${(W / n * 0.12).toFixed(0)}" height="${(W / n * 0.4).toFixed(0)}" fill="${hsl(hue + 20, 45, 55)}"/>`;
      body += `<rect x="0" y="${top.toFixed(0)}" width="${W}" height="${(H - top).toFixed(0)}" fill="${wall}"/>`;
      for (let i = 0; i < n; i++) {
        const w = (W / n) * 0.62;
        const x = (W / n) * (i + 0.5) - w / 2;
        const y = top + H * 0.12;
        body += `<path d="M${x.toFixed(0)} ${H} L${x.toFixed(0)} ${(y + w / 2).toFixed(0)} A${(w / 2).toFixed(0)} ${(w / 2).toFixed(0)} 0 0 1 ${(x + w).toFixed(0)} ${(y + w / 2).toFixed(0)} L${(x + w).toFixed(0)} ${H} Z" fill="${hsl(hue + 200, 30, 20)}" fill-opacity="0.85"/>`;
      }
      body += `<rect x="0" y="${(H * 0.94).toFixed(0)}" width="${W}" height="${(H * 0.06).toFixed(0)}" fill="${hsl(hue, 30, 30)}"/>`;
      break;
    }
    case 'lights': {
      background = `<linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue + 220, 45, 12)}"/><stop offset="1" stop-color="${hsl(hue, 50, 24)}"/></linearGradient>`;
      const beams = 5 + Math.floor(rnd() * 4);
      for (let i = 0; i < beams; i++) {
        const from = W * (0.1 + (0.8 * i) / (beams - 1));
        const to = W * (rnd() * 1.2 - 0.1);
        const spread = W * 0.11;
        body += `<polygon points="${from.toFixed(0)},0 ${(to - spread).toFixed(0)},${(H * 0.8).toFixed(0)} ${(to + spread).toFixed(0)},${(H * 0.8).toFixed(0)}" fill="${hsl(hue + i * 12, 80, 75)}" fill-opacity="${(0.14 + rnd() * 0.14).toFixed(2)}"/>`;
        body += `<circle cx="${from.toFixed(0)}" cy="${(H * 0.03).toFixed(0)}" r="${(H * 0.035).toFixed(0)}" fill="${hsl(hue + i * 12, 85, 80)}"/>`;
      }
      body += `<rect x="0" y="${(H * 0.8).toFixed(0)}" width="${W}" height="${(H * 0.2).toFixed(0)}" fill="${hsl(hue, 45, 16)}"/>`;
      body += `<rect x="0" y="${(H * 0.8).toFixed(0)}" width="${W}" height="${(H * 0.015).toFixed(0)}" fill="${hsl(hue + 40, 80, 70)}" fill-opacity="0.8"/>`;
      break;
    }
    case 'lattice': {
      // Large cells, flat colours (a fine lattice under a vignette weighed 27 KB an image in WebP).
      const cell = Math.round(H / (3.5 + rnd()));
      background = `<linearGradient id="g"><stop offset="0" stop-color="${hsl(hue, 45, 26)}"/></linearGradient>`;
      for (let y = 0; y < H + cell; y += cell)
        for (let x = 0; x < W + cell; x += cell) {
          body += `<rect x="${(x - cell * 0.32).toFixed(1)}" y="${(y - cell * 0.32).toFixed(1)}" width="${(cell * 0.64).toFixed(1)}" height="${(cell * 0.64).toFixed(1)}" transform="rotate(45 ${x} ${y})" fill="${hsl(hue + 15, 45, 34)}" stroke="${hsl(hue + 30, 60, 68)}" stroke-width="${(cell * 0.1).toFixed(1)}"/>`;
        }
      break;
    }
    case 'logo': {
      const initials = title
        .split(/\s+/)
        .filter((w) => /^[A-Za-z]/.test(w))
        .slice(0, 2)
        .map((w) => w[0]!.toUpperCase())
        .join('');
      body += `<circle cx="${W / 2}" cy="${H / 2}" r="${(H * 0.36).toFixed(0)}" fill="none" stroke="white" stroke-opacity="0.6" stroke-width="${(H / 40).toFixed(0)}"/>`;
      body += `<text x="50%" y="56%" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="${Math.round(H / 4)}" font-weight="700" fill="white" fill-opacity="0.9">${initials}</text>`;
      break;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${background}</defs><rect width="100%" height="100%" fill="url(#g)"/>${body}</svg>`;
}

/**
 * The smaller of a lossy and a lossless WebP: flat patterns are a few KB lossless and 15-27 KB lossy (their
 * edges), gradients the other way round. Every byte is a phone's: a home page shows four or more.
 */
async function encode(svg: string): Promise<Buffer> {
  const image = sharp(Buffer.from(svg));
  const [lossy, lossless] = await Promise.all([image.clone().webp({ quality: 72 }).toBuffer(), image.clone().webp({ lossless: true }).toBuffer()]);
  return lossless.length < lossy.length ? lossless : lossy;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

type AssetFile = { fileName: string; width: number; height: number; hue?: number; url?: string };

/** Writes each asset's description (its alt text) where it has none: what its artwork shows. Returns how many. */
async function describeAssets(contentDir: string): Promise<number> {
  const dir = path.join(contentDir, 'entries');
  let described = 0;
  for (const name of (await readdir(dir)).filter((f) => f.endsWith('.json'))) {
    const file = path.join(dir, name);
    const entries = JSON.parse(await readFile(file, 'utf8')) as { sys: { contentType: string }; fields: Record<string, Record<string, unknown>> }[];
    let changed = false;
    for (const entry of entries) {
      if (entry.sys.contentType !== 'asset' || entry.fields.description) continue;
      const asset = entry.fields.file?.['en-US'] as AssetFile;
      if (asset.url) continue; // a photograph from the CMS: its editors describe it
      const title = { en: String(entry.fields.title?.['en-US'] ?? ''), ar: String(entry.fields.title?.['ar-QA'] ?? entry.fields.title?.['en-US'] ?? '') };
      const artwork = artworkOf(asset.fileName);
      if (artwork === 'logo') continue;
      const text = describe(artwork, asset.hue ?? 160, title);
      entry.fields.description = { 'en-US': text.en, 'ar-QA': text.ar };
      changed = true;
      described++;
    }
    if (changed) await writeFile(file, `${JSON.stringify(entries, null, 2)}\n`);
  }
  return described;
}

/**
 * The artwork's version: files drawn by another (the monograms before issue 38) are drawn again, so a
 * working copy made before it does not keep them (the files are not in git: each checkout draws them).
 */
const ARTWORK_VERSION = '7';

async function main() {
  const contentDir = path.resolve(process.env.CONTENT_DIR ?? path.join(__dirname, '..', '..', 'content'));
  const out = path.join(contentDir, 'media');
  await mkdir(out, { recursive: true });
  const stamp = path.join(out, '.artwork-version');
  const drawnBy = (await exists(stamp)) ? (await readFile(stamp, 'utf8')).trim() : '';
  const force = process.argv.includes('--force') || drawnBy !== ARTWORK_VERSION;
  // Only when asked: a store is the editors' (or a generated one), never rewritten by a start.
  const described = process.argv.includes('--describe') ? await describeAssets(contentDir) : 0;
  const assets = await createFileStore(contentDir).entries('asset');
  let written = 0;
  for (const asset of assets) {
    const file = asset.fields.file?.['en-US'] as AssetFile;
    if (file.url) continue;
    const title = String(asset.fields.title?.['en-US'] ?? file.fileName);
    const targets = IMAGE_WIDTHS.map((w) => ({ w, file: path.join(out, mediaFileName(file.fileName, w)) }));
    if (!force && (await Promise.all(targets.map((t) => exists(t.file)))).every(Boolean)) continue;
    for (const t of targets) {
      // Drawn at each width in its own pixels (the design is proportional, the seed the same): scaled from
      // 800 px, every edge fell between pixels and the flat patterns' files at 626 px were ten times bigger.
      const svg = artworkSvg(artworkOf(file.fileName), file.fileName, title, file.hue ?? 160, t.w, Math.round((t.w * file.height) / file.width));
      await writeFile(t.file, await encode(svg));
      written++;
    }
  }
  await writeFile(stamp, `${ARTWORK_VERSION}\n`);
  console.log(`content images: ${assets.length} assets, ${written} files written to ${path.relative(process.cwd(), out) || out}${process.argv.includes('--describe') ? `, ${described} descriptions written` : ''}`);
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
