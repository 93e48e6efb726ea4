import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { createContentSectionPages } from './pages';

const stories = createContentSectionPages(createFileStore(path.resolve(__dirname, '../../content')));
const slug = 'qatar-foundation-opens-new-learning-commons';

describe('story pages', () => {
  it('resolves a story in English with its data and the newsletter widget', async () => {
    const page = await stories.resolve(`/stories/${slug}`, 'en');
    expect(page).toMatchObject({
      template: 'story',
      hydration: 'interaction',
      head: { title: 'Qatar Foundation opens new Learning Commons in Education City', alternatePath: `/ar/stories/${slug}` },
      widgets: ['mf-forms/NewsletterSignup', 'mf-forms/SurveyPopup'],
    });
    expect((page?.data as { body: string[] }).body.length).toBeGreaterThan(2);
    expect((page?.data as { image?: object }).image).toEqual({
      src: '/media/img-story-qatar-foundation-opens-new-learning-commons-800.webp',
      srcSet: expect.stringContaining('-626.webp 626w'),
      width: 800,
      height: 450,
      alt: expect.any(String),
    });
  });

  it('resolves the same story in Arabic, pointing back to English', async () => {
    const page = await stories.resolve(`/stories/${slug}`, 'ar');
    expect(page?.head.title).toBe('مؤسسة قطر تفتتح مساحة التعلّم المشتركة الجديدة في المدينة التعليمية');
    expect(page?.head.alternatePath).toBe(`/stories/${slug}`);
  });

  it('links each topic to the stories of that topic, under the same key in both languages', async () => {
    const tags = async (lang: 'en' | 'ar') => (await stories.resolve(`/stories/${slug}`, lang))?.data as { tags: { label: string; href: string }[] };
    const en = (await tags('en')).tags;
    const ar = (await tags('ar')).tags;
    expect(en.length).toBeGreaterThan(0);
    expect(en[0]?.href).toMatch(/^\/stories\?tag=[a-z0-9-]+$/);
    expect(ar.map((t) => t.href)).toEqual(en.map((t) => `/ar${t.href}`));
    expect(ar[0]?.label).toMatch(/[\u0600-\u06FF]/);
  });

  it('answers null for a story that does not exist or a path it does not own', async () => {
    expect(await stories.resolve('/stories/no-such-story', 'en')).toBeNull();
    expect(await stories.resolve('/events', 'en')).toBeNull();
  });

  it('lists every story in both languages for the sitemap', async () => {
    const paths = await stories.paths();
    expect(paths).toContainEqual(expect.objectContaining({ en: `/stories/${slug}`, ar: `/ar/stories/${slug}` }));
    expect(paths.length).toBeGreaterThanOrEqual(6);
  });
});
