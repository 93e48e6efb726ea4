import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { contentPath } from '@qf/shared/routing';
import { galleryDataSchema, mediaListDataSchema, pressReleaseDataSchema } from '../src/views/media-data';
import { routes } from '../src/routes';
import { createMediaCenterSectionPages } from './pages';

const media = createMediaCenterSectionPages(createFileStore(path.resolve(__dirname, '../../content')));
const ARABIC = /[\u0600-\u06FF]/;

describe('media galleries', () => {
  it('lists the galleries, newest first, each with its first photo and its count', async () => {
    const page = await media.resolve('/media-center/media-galleries', 'en');
    expect(page).toMatchObject({ template: 'galleries', head: { title: 'Media galleries', alternatePath: '/ar/media-center/media-galleries' } });
    const data = mediaListDataSchema.parse(page?.data);
    expect(data.items).toHaveLength(6);
    expect(data.items[0]!.href).toBe('/media-center/media-galleries/convocation-2026');
    expect(data.items.map((i) => i.date)).toEqual([...data.items.map((i) => i.date)].sort().reverse());
    expect(data.items[0]!.image?.srcSet).toMatch(/626w, .* 672w, .* 800w$/);
    expect(data.items[0]!.count).toBeGreaterThan(0);
  });

  it('resolves a gallery at the path contentPath() gives, in both languages', async () => {
    const p = contentPath('gallery', 'national-sport-day-2026');
    const en = await media.resolve(p, 'en');
    expect(en?.template).toBe('gallery');
    const data = galleryDataSchema.parse(en?.data);
    expect(data.images).toHaveLength(5);
    expect(data.images[0]!.alt.length).toBeGreaterThan(0);
    expect(en?.head.structuredData?.[0]).toMatchObject({ '@type': 'ImageGallery' });
    const ar = await media.resolve(p, 'ar');
    expect(ar?.head.alternatePath).toBe(p);
    const arData = galleryDataSchema.parse(ar?.data);
    expect(arData.title).toMatch(ARABIC);
    expect(arData.images[0]!.alt).toMatch(ARABIC);
    expect(arData.list).toBe('/ar/media-center/media-galleries');
  });
});

describe('press releases and media mentions', () => {
  it('lists the press releases with their department', async () => {
    const data = mediaListDataSchema.parse((await media.resolve('/media-center/news', 'ar'))?.data);
    expect(data.kind).toBe('news');
    expect(data.items).toHaveLength(10);
    expect(data.items[0]!.href).toMatch(/^\/ar\/media-center\/news\//);
    expect(data.items[0]!.source).toMatch(ARABIC);
  });

  it('resolves a press release as a news article', async () => {
    const p = contentPath('press_release', 'qnl-extends-opening-hours-exam-season');
    const page = await media.resolve(p, 'en');
    expect(page).toMatchObject({ template: 'pressRelease', head: { title: 'Qatar National Library extends opening hours for the examination season', kind: 'article', alternatePath: `/ar${p}` } });
    expect(page?.head.structuredData?.[0]).toMatchObject({ '@type': 'NewsArticle', inLanguage: 'en' });
    const data = pressReleaseDataSchema.parse(page?.data);
    expect(data.body.length).toBeGreaterThan(0);
  });

  it('lists the media mentions as links to the outlets', async () => {
    const data = mediaListDataSchema.parse((await media.resolve('/media-center/media-mentions', 'en'))?.data);
    expect(data.items).toHaveLength(10);
    expect(data.items.every((i) => i.external && i.href.startsWith('https://'))).toBe(true);
    expect(data.items[0]!.source).toBeTruthy();
  });

  it('answers null (the shell’s 404) for unknown slugs and other paths', async () => {
    for (const p of ['/media-center/news/none', '/media-center/media-galleries/none', '/media-center/media-mentions/x']) expect(await media.resolve(p, 'en')).toBeNull();
  });

  it('lists every page for the sitemap, and every one resolves in both languages', async () => {
    const kinds = ['galleries', 'gallery', 'news', 'pressRelease', 'mentions'];
    const paths = (await media.paths()).filter((p) => kinds.includes(routes.match(p.en)[0]!.template));
    expect(paths).toHaveLength(1 + 6 + 1 + 10 + 1);
    // The three lists are listing pages (search finds them by their heads), the galleries and releases are not.
    expect(paths.filter((p) => p.listing).map((p) => p.en)).toEqual(['/media-center/media-galleries', '/media-center/news', '/media-center/media-mentions']);
    for (const { en, ar } of paths) {
      expect((await media.resolve(en, 'en'))?.head.alternatePath).toBe(ar);
      expect((await media.resolve(en, 'ar'))?.head.alternatePath).toBe(en);
    }
  });
});
