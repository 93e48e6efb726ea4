import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { pageDataSchema } from '../src/views/page-data';
import { createContentPages } from './pages';

const pages = createContentPages(createFileStore(path.resolve(__dirname, '../../content')));

describe('root-level pages', () => {
  it('resolves a content page with its sections and facts in both languages', async () => {
    const en = await pages.resolve('/about', 'en');
    expect(en?.template).toBe('page');
    expect(en?.head.alternatePath).toBe('/ar/about');
    const data = pageDataSchema.parse(en?.data);
    expect(data.title.length).toBeGreaterThan(0);
    expect(data.sections.length).toBeGreaterThan(0);
    expect(data.stats.length).toBeGreaterThan(0);
    const ar = pageDataSchema.parse((await pages.resolve('/about', 'ar'))?.data);
    expect(ar.title).toMatch(/[\u0600-\u06FF]/);
  });

  it('resolves every audience page', async () => {
    for (const slug of ['community-members', 'prospective-students', 'researchers-and-entrepreneurs', 'journalists-and-media', 'job-seekers', 'new-to-qatar-foundation'])
      expect((await pages.resolve(`/${slug}`, 'ar'))?.template).toBe('page');
  });

  it('resolves an entity at the root level with its contact details', async () => {
    const page = await pages.resolve('/sidra-medicine', 'en');
    const data = pageDataSchema.parse(page?.data);
    expect(data.paragraphs.length).toBeGreaterThan(0);
    expect(data.contact?.email).toMatch(/@/);
    expect(page?.head.structuredData?.[0]).toMatchObject({ '@type': 'Organization' });
  });

  it('leaves IDKT pages to mf-idkt and answers null for unknown slugs', async () => {
    expect(await pages.resolve('/for-industry', 'en')).toBeNull();
    expect(await pages.resolve('/no-such-page', 'en')).toBeNull();
    expect(await pages.resolve('/stories/x', 'en')).toBeNull();
  });

  it('places the form a page names, with the window and choices from the entries it links', async () => {
    const art = await pages.resolve('/art-contest', 'en');
    expect(art?.widgets).toEqual(['mf-forms/ArtEntry']);
    expect(pageDataSchema.parse(art?.data).form).toEqual({
      widget: 'ArtEntry',
      props: { windowId: 'form-window-art-contest', title: 'Art contest: Our shared home', opensAt: '2026-10-01T00:00:00+03:00', closesAt: '2028-03-31T23:59:59+03:00' },
    });
    const scholarship = pageDataSchema.parse((await pages.resolve('/pre-university-scholarship', 'ar'))?.data).form;
    expect(scholarship).toMatchObject({ widget: 'Scholarship', props: { windowId: 'form-window-scholarship-open', title: 'منحة ما قبل الجامعة، دورة 2028', resultsAt: '2028-12-13T09:00:00+03:00' } });
    expect(scholarship?.props.schools).toContainEqual({ id: 'school-awsaj-academy', title: 'أكاديمية العوسج' });
    const closed = pageDataSchema.parse((await pages.resolve('/pre-university-scholarship-2020', 'en'))?.data).form;
    expect(closed?.props).toMatchObject({ windowId: 'form-window-scholarship-2020', closesAt: '2020-11-22T23:59:59+03:00' });
    expect((await pages.resolve('/about', 'en'))?.widgets).toEqual([]);
  });

  it('lists pages and entities for the sitemap', async () => {
    const paths = await pages.paths();
    expect(paths).toContainEqual(expect.objectContaining({ en: '/about', ar: '/ar/about' }));
    expect(paths).toContainEqual(expect.objectContaining({ en: '/sidra-medicine', ar: '/ar/sidra-medicine' }));
    expect(paths.some((p) => p.en.includes('for-industry'))).toBe(false);
  });
});
