import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { pageDataSchema } from '../src/views/page-data';
import { createContentSectionPages } from './pages';

const pages = createContentSectionPages(createFileStore(path.resolve(__dirname, '../../content')));

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

  it('resolves the areas\' specific pages (SPEC §2) with their subject\'s contact, address, people and page, in both languages', async () => {
    const qncc = await pages.resolve('/community/qatar-national-convention-centre', 'en');
    expect(qncc?.template).toBe('page');
    expect(qncc?.head.alternatePath).toBe('/ar/community/qatar-national-convention-centre');
    const data = pageDataSchema.parse(qncc?.data);
    expect(data.title).toBe('Qatar National Convention Centre');
    expect(data.sections.map((s) => s.heading)).toEqual(['Visiting the centre', 'Hosting an event', 'Culture for everyone']);
    expect(data.contact?.phone).toBe('+974 4454 3010');
    expect(data.address?.directions).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=Qatar%20National%20Convention%20Centre/);
    expect(data.more).toEqual({ title: 'Qatar National Convention Centre', href: '/qatar-national-convention-centre' });
    expect(qncc?.head.structuredData?.[0]).toMatchObject({ '@type': 'Organization', telephone: '+974 4454 3010', address: { addressCountry: 'QA' } });

    const qma = pageDataSchema.parse((await pages.resolve('/education/qatar-music-academy', 'ar'))?.data);
    expect(qma.title).toBe('أكاديمية قطر للموسيقى');
    expect(qma.more?.href).toBe('/ar/qatar-music-academy');
    expect(qma.address).toBeUndefined();

    const alkhor = await pages.resolve('/education/qatar-academy-alkhor', 'en');
    expect(pageDataSchema.parse(alkhor?.data).more).toEqual({ title: 'Qatar Academy Al Khor', href: '/education/schools/qatar-academy-alkhor' });
    expect(alkhor?.head.structuredData?.[0]).toMatchObject({ '@type': 'School', url: 'https://example.org/qatar-academy-alkhor' });
  });

  it('serves the profile under /about (its parent segment) and no page at a parent it does not name', async () => {
    const profile = await pages.resolve('/about/profile', 'ar');
    expect(pageDataSchema.parse(profile?.data).title).toBe('نبذة عن مؤسسة قطر');
    expect(profile?.head.alternatePath).toBe('/about/profile');
    expect(await pages.resolve('/profile', 'en')).toBeNull();
    expect(await pages.resolve('/education/qatar-national-convention-centre', 'en')).toBeNull();
    expect(await pages.resolve('/about/about', 'en')).toBeNull();
    // The entity keeps its root-level page; the specific page does not take its place.
    expect(pageDataSchema.parse((await pages.resolve('/qatar-music-academy', 'en'))?.data).intro).toBe('Music education for all ages');
  });

  it('lists an entity\'s people on its page, linked to their profiles', async () => {
    const data = pageDataSchema.parse((await pages.resolve('/qatar-biomedical-research-institute', 'en'))?.data);
    expect(data.people).toContainEqual({ name: 'Dr. Layla Al-Mansouri', role: 'Executive Director, Qatar Biomedical Research Institute', href: '/people/layla-al-mansouri' });
    const ar = pageDataSchema.parse((await pages.resolve('/qatar-biomedical-research-institute', 'ar'))?.data);
    expect(ar.people[0]?.href).toMatch(/^\/ar\/people\//);
  });

  it('lists pages and entities for the sitemap', async () => {
    const paths = await pages.paths();
    expect(paths).toContainEqual(expect.objectContaining({ en: '/about', ar: '/ar/about' }));
    expect(paths).toContainEqual(expect.objectContaining({ en: '/sidra-medicine', ar: '/ar/sidra-medicine' }));
    expect(paths.some((p) => p.en.includes('for-industry'))).toBe(false);
    for (const en of ['/about/profile', '/community/qatar-national-convention-centre', '/education/qatar-music-academy', '/education/qatar-academy-alkhor'])
      expect(paths).toContainEqual(expect.objectContaining({ en, ar: `/ar${en}` }));
    expect(paths.some((p) => p.en === '/profile')).toBe(false);
  });
});
