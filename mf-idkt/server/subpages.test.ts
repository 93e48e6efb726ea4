import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { subpageDataSchema } from '../src/views/subpage-data';
import { routes } from '../src/routes';
import { createIdktSectionPages } from './pages';

const subpages = createIdktSectionPages(createFileStore(path.resolve(__dirname, '../../content')));

describe('IDKT pages', () => {
  it('resolves the three audience pages with their three sections (SPEC §2 anchors)', async () => {
    for (const p of ['/idkt/for-industry', '/idkt/for-researchers', '/idkt/for-entrepreneurs']) {
      const data = subpageDataSchema.parse((await subpages.resolve(p, 'en'))?.data);
      expect(data.sections).toHaveLength(3);
    }
  });

  it('resolves the about page from its content slug, in Arabic too', async () => {
    const page = await subpages.resolve('/idkt/about', 'ar');
    expect(page?.template).toBe('subpage');
    expect(page?.head.alternatePath).toBe('/idkt/about');
    expect(subpageDataSchema.parse(page?.data).title).toMatch(/[\u0600-\u06FF]/);
  });

  it('places the newsletter form on the IDKT newsletter page only', async () => {
    expect((await subpages.resolve('/idkt/newsletter', 'en'))?.widgets).toEqual(['mf-forms/NewsletterSignup', 'mf-forms/PushNotifications']);
    expect((await subpages.resolve('/idkt/about', 'en'))?.widgets).toEqual([]);
  });

  it('answers null for pages it does not have', async () => {
    expect(await subpages.resolve('/idkt/no-such-page', 'en')).toBeNull();
    expect((await subpages.resolve('/idkt', 'en'))?.template).toBe('landing');
  });

  it('lists its pages for the sitemap', async () => {
    const paths = (await subpages.paths()).filter((p) => routes.match(p.en)[0]?.template === 'subpage');
    expect(paths.map((p) => p.en).sort()).toEqual(['/idkt/about', '/idkt/for-entrepreneurs', '/idkt/for-industry', '/idkt/for-researchers', '/idkt/newsletter', '/idkt/road-to-technology-transfer']);
  });
});
