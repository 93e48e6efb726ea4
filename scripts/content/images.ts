// `npm run content:images`: draw the image of every asset entry of the embedded store and write it as
// responsive WebP (626, 672 and 800 px wide) into content/media/. Nothing is downloaded: each image is
// an illustration generated from its record (hue, a pattern seeded by its name, its initials), so the
// store stays small in git and every image has known dimensions. Existing files are kept.
import { mkdir, stat } from 'node:fs/promises';
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

function illustration(name: string, title: string, hue: number, width: number, height: number): string {
  const rnd = seeded(name);
  const shapes = Array.from({ length: 7 }, (_, i) => {
    const r = 40 + rnd() * 180;
    const light = 35 + rnd() * 40;
    return `<circle cx="${(rnd() * width).toFixed(0)}" cy="${(rnd() * height).toFixed(0)}" r="${r.toFixed(0)}" fill="hsl(${(hue + i * 23) % 360} 55% ${light.toFixed(0)}%)" fill-opacity="${(0.25 + rnd() * 0.4).toFixed(2)}"/>`;
  }).join('');
  const initials = title
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 45% 28%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 55% 45%)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${shapes}
<text x="50%" y="56%" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="${Math.round(height / 4)}" font-weight="700" fill="white" fill-opacity="0.85">${initials}</text>
</svg>`;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

async function main() {
  const contentDir = path.resolve(process.env.CONTENT_DIR ?? path.join(__dirname, '..', '..', 'content'));
  const out = path.join(contentDir, 'media');
  await mkdir(out, { recursive: true });
  const assets = await createFileStore(contentDir).entries('asset');
  let written = 0;
  for (const asset of assets) {
    const file = asset.fields.file?.['en-US'] as { fileName: string; width: number; height: number; hue?: number };
    const title = String(asset.fields.title?.['en-US'] ?? file.fileName);
    const targets = IMAGE_WIDTHS.map((w) => ({ w, file: path.join(out, mediaFileName(file.fileName, w)) }));
    if ((await Promise.all(targets.map((t) => exists(t.file)))).every(Boolean)) continue;
    const svg = Buffer.from(illustration(file.fileName, title, file.hue ?? 160, file.width, file.height));
    for (const t of targets) {
      await sharp(svg).resize({ width: t.w }).webp({ quality: 72 }).toFile(t.file);
      written++;
    }
  }
  console.log(`content images: ${assets.length} assets, ${written} files written to ${path.relative(process.cwd(), out) || out}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
