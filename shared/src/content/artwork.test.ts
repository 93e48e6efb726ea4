import path from 'node:path';
import { createFileStore, imageOf, fieldOf } from '@qf/shared/content';
import { artworkOf, artworkSvg, describe as describeArtwork } from '../../../scripts/content/images';

const repoContent = path.resolve(__dirname, '../../../content');

describe('the embedded store’s images (issue 38: no monogram placeholders)', () => {
  it('draws every kind but logos with shapes only, no letters', () => {
    for (const name of ['img-story-a', 'img-gallery-b', 'img-entity-c', 'img-page-d', 'img-place-e', 'img-event-f', 'img-speaker-g', 'img-expert-h', 'img-person-i']) {
      const svg = artworkSvg(artworkOf(name), name, 'Dr. Noor Al-Mansoori', 200, 800, 450);
      expect([name, svg.includes('<text')]).toEqual([name, false]);
      expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 800 450"/);
    }
    expect(artworkSvg('logo', 'img-logo-x', 'Carnegie Mellon', 200, 400, 400)).toContain('>CM</text>');
  });

  it('says what each artwork shows, in both languages, with its colour', () => {
    expect(describeArtwork('stars', 220, { en: '', ar: '' })).toEqual({ en: 'Geometric pattern of interlaced eight-pointed stars in shades of blue', ar: 'نقش هندسي من نجوم ثمانية متشابكة بدرجات اللون الأزرق' });
    expect(describeArtwork('dunes', 20, { en: '', ar: '' }).en).toBe('Illustration: sand dunes and minarets under an amber evening sky');
    expect(describeArtwork('dunes', 220, { en: '', ar: '' }).en).toBe('Illustration: sand dunes and minarets under a blue evening sky');
  });

  it('gives every generated image of the repository an alt text that describes it, in both languages', async () => {
    const assets = await createFileStore(repoContent).entries('asset');
    const generated = assets.filter((a) => artworkOf((a.fields.file?.['en-US'] as { fileName: string }).fileName) !== 'logo');
    expect(generated.length).toBeGreaterThan(150);
    for (const asset of generated) {
      for (const lang of ['en', 'ar'] as const) {
        const alt = imageOf(asset, lang)!.alt;
        expect([asset.sys.id, lang, alt]).toEqual([asset.sys.id, lang, fieldOf<string>(asset, 'description', lang)]);
        expect(alt).toMatch(lang === 'en' ? /^(Illustration|Geometric pattern|Latticework pattern)/ : /^(رسم توضيحي|نقش)/);
      }
    }
  });
});
