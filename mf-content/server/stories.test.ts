import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { createStoryPages } from './stories';

const stories = createStoryPages(createFileStore(path.resolve(__dirname, '../../content')));
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
