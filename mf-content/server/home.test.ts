import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { homeDataSchema } from '../src/views/home-data';
import { createContentSectionPages } from './pages';

const home = createContentSectionPages(createFileStore(path.resolve(__dirname, '../../content')));

describe('the home page', () => {
  it('shows the six latest stories, newest first, with their images', async () => {
    const page = await home.resolve('/', 'en');
    expect(page?.template).toBe('home');
    expect(page?.head).toMatchObject({ title: 'Qatar Foundation', alternatePath: '/ar', kind: 'website' });
    const data = homeDataSchema.parse(page?.data);
    expect(data.stories).toHaveLength(6);
    const dates = data.stories.map((s) => s.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(data.stories.every((s) => s.href.startsWith('/stories/') && s.image?.width === 800)).toBe(true);
    expect(page?.widgets).toEqual(['mf-forms/NewsletterSignup', 'mf-forms/PushNotifications', 'mf-forms/BrandSurveyPrompt']);
  });

  it('links the six audience pages in the visitor’s language', async () => {
    const data = homeDataSchema.parse((await home.resolve('/', 'ar'))?.data);
    expect(data.audiences).toHaveLength(6);
    expect(data.audiences.every((a) => a.href.startsWith('/ar/') && /[\u0600-\u06FF]/.test(a.title))).toBe(true);
  });

  it('is where the menu’s areas lead too (the World Cup’s led to /stories; issue 38)', async () => {
    const [menu] = JSON.parse(readFileSync(path.resolve(__dirname, '../../content/entries/menu.json'), 'utf8')) as { fields: { menuItems: Record<string, { path: string; filterVerticalCategory?: string }[]> } }[];
    const areas = Object.entries(menu!.fields.menuItems).flatMap(([locale, items]) => items.filter((i) => i.filterVerticalCategory).map((i) => [locale, i.path] as const));
    expect(areas.map(([, p]) => p)).toEqual(['/education', '/research', '/community', '/world-cup', '/education', '/research', '/community', '/world-cup']);
    for (const [locale, p] of areas) expect([locale, p, (await home.resolve(p, locale === 'ar-QA' ? 'ar' : 'en'))?.template]).toEqual([locale, p, 'area']);
  });

  it('links each area to its own page, the World Cup’s included, in the visitor’s language', async () => {
    for (const [lang, prefix] of [['en', ''], ['ar', '/ar']] as const) {
      const data = homeDataSchema.parse((await home.resolve('/', lang))?.data);
      expect(data.areas.map((a) => a.href)).toEqual(['/education', '/research', '/community', '/world-cup'].map((p) => prefix + p));
      for (const a of data.areas) expect([a.href, (await home.resolve(a.href.replace(/^\/ar/, '') || '/', lang))?.template]).toEqual([a.href, 'area']);
    }
  });

  it('answers the root path; /stories is the list’s', async () => {
    expect((await home.resolve('/stories', 'en'))?.template).toBe('stories');
    expect((await home.resolve('/', 'ar'))?.template).toBe('home');
  });
});
