import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { landingDataSchema } from '../src/views/landing-data';
import { mediaListDataSchema } from '../src/views/media-data';
import { createMediaCenterSectionPages } from './pages';

const content = createFileStore(path.resolve(__dirname, '../../content'));
const media = createMediaCenterSectionPages(content);
const landing = media;
const ARABIC = /[\u0600-\u06FF]/;

describe('the media centre landing page (/media-center)', () => {
  it('shows the three latest press releases, mentions and galleries, as their own lists order them', async () => {
    const page = await landing.resolve('/media-center', 'en');
    expect(page).toMatchObject({ template: 'landing', hydration: 'interaction', head: { title: 'Media center', alternatePath: '/ar/media-center' } });
    const data = landingDataSchema.parse(page?.data);
    const news = mediaListDataSchema.parse((await media.resolve('/media-center/news', 'en'))?.data);
    expect(data.news).toEqual(news.items.slice(0, 3));
    expect(data.mentions).toHaveLength(3);
    expect(data.mentions.every((m) => m.external && /^https:\/\//.test(m.href))).toBe(true);
    expect(data.galleries[0]!.href).toBe('/media-center/media-galleries/convocation-2026');
    expect(data.links).toEqual({ news: '/media-center/news', mentions: '/media-center/media-mentions', galleries: '/media-center/media-galleries', experts: '/media-center/experts' });
    expect(data.experts).toBe(12);
  });

  it('gives the press office address from the site settings for media inquiries', async () => {
    const page = await landing.resolve('/media-center', 'en');
    expect(landingDataSchema.parse(page?.data).pressEmail).toBe('pressoffice@qf.org.qa');
    expect(page?.head.structuredData?.[0]).toMatchObject({ publisher: { contactPoint: { contactType: 'media relations', email: 'pressoffice@qf.org.qa' } } });
  });

  it('speaks Arabic under /ar', async () => {
    const page = await landing.resolve('/media-center', 'ar');
    expect(page?.head).toMatchObject({ title: 'المركز الإعلامي', alternatePath: '/media-center' });
    const data = landingDataSchema.parse(page?.data);
    expect(data.news[0]!.title).toMatch(ARABIC);
    expect(data.news[0]!.href).toMatch(/^\/ar\/media-center\/news\//);
    expect(data.links.experts).toBe('/ar/media-center/experts');
  });

  it('answers only /media-center, and lists it for the sitemap', async () => {
    expect(await landing.resolve('/media-center/other', 'en')).toBeNull();
    expect((await landing.paths()).filter((p) => p.en === '/media-center')).toEqual([{ en: '/media-center', ar: '/ar/media-center', listing: true }]);
  });
});
