// Writes the web app manifest's PNG icons (SPEC §9) into shell/static/icons/: the site's mark, "QF" on
// its dark green, plain and maskable (the maskable one keeps the mark inside the 80 % safe zone).
// Run with `npm run icons -w shell` after changing the mark; the PNGs are committed.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const GREEN = '#0b3d2e';
const MINT = '#6bcdb2';

function mark(size: number, { maskable }: { maskable: boolean }): string {
  const scale = maskable ? 0.62 : 0.8;
  const font = Math.round(size * 0.36 * scale);
  const radius = maskable ? 0 : Math.round(size * 0.18);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${radius}" fill="${GREEN}"/>
  <text x="50%" y="50%" dy="0.35em" font-family="DejaVu Sans, Arial, sans-serif" font-size="${font}" font-weight="700" fill="${MINT}" text-anchor="middle">QF</text>
</svg>`;
}

async function main() {
  const out = path.resolve(__dirname, '..', 'static', 'icons');
  mkdirSync(out, { recursive: true });
  const icons = [
    ['icon-192.png', 192, false],
    ['icon-512.png', 512, false],
    ['icon-maskable-512.png', 512, true],
  ] as const;
  for (const [file, size, maskable] of icons) {
    await sharp(Buffer.from(mark(size, { maskable }))).png({ compressionLevel: 9 }).toFile(path.join(out, file));
    console.log(`wrote ${path.join(out, file)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
