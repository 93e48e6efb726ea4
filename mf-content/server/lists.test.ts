import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createFileStore, fieldOf, type Entry } from '@qf/shared/content';
import { contentPath } from '@qf/shared/routing';
import { campaignDataSchema, categoryListDataSchema, storyListDataSchema } from '../src/views/list-data';
import { buildContentServer } from './app';
import { createContentSectionPages } from './pages';

const content = createFileStore(path.resolve(__dirname, '../../content'));
const stories = createContentSectionPages(content);
const categories = createContentSectionPages(content);
const campaigns = createContentSectionPages(content);
const ARABIC = /[\u0600-\u06FF]/;
const list = async (query: string, lang: 'en' | 'ar' = 'en') => {
  const page = await stories.resolve('/stories', lang, new URLSearchParams(query));
  return { page, data: storyListDataSchema.parse(page?.data) };
};

describe('the stories list (/stories)', () => {
  it('shows the first nine stories, newest first, and counts them all', async () => {
    const { page, data } = await list('');
    expect(page).toMatchObject({ template: 'stories', head: { title: 'News and stories', alternatePath: '/ar/stories' } });
    expect(data.total).toBe(40);
    expect(data.stories).toHaveLength(9);
    expect(data.stories.map((s) => s.date)).toEqual([...data.stories.map((s) => s.date)].sort().reverse());
    expect(data.stories[0]).toMatchObject({ title: 'Community gardens at Oxygen Park put sustainable living into practice', href: '/stories/earthna-community-gardens-oxygen-park', vertical: 'community', type: 'feature' });
    expect(page?.head.structuredData?.[0]).toMatchObject({ '@type': 'CollectionPage', mainEntity: { '@type': 'ItemList', numberOfItems: 40 } });
  });

  it('shows pages 1 to N for ?page=N, so the “Load more” link works without JavaScript', async () => {
    const first = (await list('')).data;
    const second = (await list('page=2')).data;
    expect(second.page).toBe(2);
    expect(second.stories).toHaveLength(18);
    expect(second.stories.slice(0, 9)).toEqual(first.stories);
    const last = (await list('page=5')).data;
    expect(last.stories).toHaveLength(40);
    expect((await list('page=40')).data).toMatchObject({ page: 5, invalid: [] });
    // Past the most pages one list shows (40): refused with the page's message, the first page shown.
    expect((await list('page=99')).data).toMatchObject({ page: 1, invalid: ['page'] });
  });

  it('filters by area, type and topic together', async () => {
    const { data } = await list('area=community&type=feature');
    expect(data.filter).toEqual({ area: 'community', type: 'feature' });
    expect(data.total).toBe(5);
    expect(data.stories.every((s) => s.vertical === 'community' && s.type === 'feature')).toBe(true);
    const topic = (await list('tag=football')).data;
    expect(topic.total).toBe(6);
    expect(topic.tags).toContainEqual({ value: 'football', label: 'Football' });
    expect((await list('area=worldcup&tag=volunteering')).data.total).toBe(2);
  });

  it('speaks Arabic under /ar with the same, language-neutral query', async () => {
    const { page, data } = await list('tag=sustainability&page=1', 'ar');
    expect(page?.head).toMatchObject({ title: 'الأخبار والقصص', alternatePath: '/stories' });
    expect(data.filter.tag).toBe('sustainability');
    expect(data.tags).toContainEqual({ value: 'sustainability', label: 'الاستدامة' });
    expect(data.stories[0]!.title).toMatch(ARABIC);
    expect(data.stories[0]!.href).toMatch(/^\/ar\/stories\//);
  });

  it('reports values it does not know and ignores them', async () => {
    const { data } = await list('area=sports&type=blog&tag=nothing-at-all&page=-1');
    expect(data.invalid).toEqual(['area', 'type', 'tag', 'page']);
    expect(data.filter).toEqual({});
    expect(data).toMatchObject({ page: 1, total: 40 });
  });

  it('answers only /stories', async () => {
    expect(await stories.resolve('/stories/x', 'en')).toBeNull();
    expect(await stories.resolve('/story', 'en')).toBeNull();
  });
});

describe('the categories of the areas', () => {
  it.each([
    ['/education/schools', 'Schools', 8, '/education/schools/qatar-academy-doha'],
    ['/education/education-city', 'Universities in Education City', 8, '/education/education-city/hamad-bin-khalifa-university'],
    ['/research/entities', 'Research entities', 5, '/qatar-biomedical-research-institute'],
    ['/community/entities', 'Community entities', 8, '/qatar-national-library'],
    ['/community/places', 'Places', 15, '/place/oxygen-park'],
    ['/world-cup/sport', 'Places: Sport', 3, '/place/education-city-stadium'],
  ])('%s lists its entries', async (p, title, count, href) => {
    const page = await categories.resolve(p, 'en');
    expect(page).toMatchObject({ template: 'category', head: { title, alternatePath: `/ar${p}` } });
    const data = categoryListDataSchema.parse(page?.data);
    expect(data.items).toHaveLength(count);
    expect(data.items.map((i) => i.href)).toContain(href);
  });

  it('gives every place its address and a directions link to a maps service', async () => {
    const data = categoryListDataSchema.parse((await categories.resolve('/community/places', 'ar'))?.data);
    const centre = data.items.find((i) => i.href === '/ar/place/qatar-national-convention-centre')!;
    expect(centre.title).toBe('مركز قطر الوطني للمؤتمرات');
    expect(centre.address).toEqual({
      text: 'شارع اللقطة، المدينة التعليمية، الدوحة',
      directions: `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent('مركز قطر الوطني للمؤتمرات, شارع اللقطة، المدينة التعليمية، الدوحة')}`,
    });
    expect(data.items.every((i) => i.address?.directions.startsWith('https://www.google.com/maps/dir/'))).toBe(true);
    expect(data.area).toBe('/ar/community');
  });

  it('speaks Arabic', async () => {
    expect((await categories.resolve('/research/entities', 'ar'))?.head.title).toBe('الكيانات البحثية');
    expect((await categories.resolve('/world-cup/culture', 'ar'))?.head.title).toBe('الأماكن: الثقافة');
  });

  it('answers null for other paths', async () => {
    for (const p of ['/education/universities', '/research/places', '/world-cup/nowhere', '/community/entities/x']) expect(await categories.resolve(p, 'en')).toBeNull();
  });
});

describe('campaign pages', () => {
  it('resolves a campaign at the path contentPath() gives, with its stories newest first', async () => {
    const page = await campaigns.resolve(contentPath('campaign', 'sport-for-all'), 'en');
    expect(page).toMatchObject({ template: 'campaign', head: { title: 'Sport for All', alternatePath: '/ar/campaign/sport-for-all' } });
    const data = campaignDataSchema.parse(page?.data);
    expect(data.year).toBe(2016);
    expect(data.stories).toHaveLength(3);
    expect(data.stories.map((s) => s.date)).toEqual([...data.stories.map((s) => s.date)].sort().reverse());
    const ar = campaignDataSchema.parse((await campaigns.resolve('/campaign/sport-for-all', 'ar'))?.data);
    expect(ar.title).toBe('الرياضة للجميع');
    expect(ar.all).toBe('/ar/stories');
  });

  it('answers null for an unknown campaign', async () => {
    expect(await campaigns.resolve('/campaign/none', 'en')).toBeNull();
    expect(await campaigns.resolve('/campaign', 'en')).toBeNull();
  });
});

/**
 * Every link of the menu content that mf-content owns resolves to a page in both languages: the areas,
 * their categories at `/{area}/{category}` (the shell's sub-menu bar rule: `all` is the area itself, the
 * World Cup's segment is `world-cup`) and the level-3 pages. The e2e journey walks the rendered chrome.
 */
describe('every menu and area-bar path', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildContentServer({ dir: path.resolve(__dirname, '..'), content, env: {} }));
  });
  afterAll(() => app.close());

  it('resolves in English and Arabic', async () => {
    const [menu] = (await content.entries('menu')) as Entry[];
    const segment = (v: string) => (v === 'worldcup' ? 'world-cup' : v);
    const paths = new Set<string>();
    for (const lang of ['en', 'ar'] as const) {
      for (const item of fieldOf<{ path: string; filterVerticalCategory: string; subpages: { slug: string; items?: { path: string }[] }[] }[]>(menu!, 'menuItems', lang) ?? []) {
        const home = `/${segment(item.filterVerticalCategory)}`;
        paths.add(item.path).add(home);
        for (const sub of item.subpages) {
          paths.add(sub.slug === 'all' ? home : `${home}/${sub.slug}`);
          for (const i of sub.items ?? []) paths.add(i.path);
        }
      }
    }
    expect(paths.size).toBeGreaterThan(45);
    for (const p of paths) {
      for (const lang of ['en', 'ar']) {
        const res = await app.inject(`/_qf/page?path=${encodeURIComponent(p)}&lang=${lang}`);
        expect([p, lang, res.statusCode]).toEqual([p, lang, 200]);
      }
    }
  });

  it('lists the new pages for the sitemap', async () => {
    const listed = (await app.inject('/_qf/paths')).json() as { en: string; ar: string }[];
    for (const p of ['/stories', '/education/schools', '/education/education-city', '/research/entities', '/community/entities', '/community/places', '/world-cup', '/world-cup/sport', '/campaign/sport-for-all'])
      expect(listed).toContainEqual(expect.objectContaining({ en: p, ar: `/ar${p}` }));
  });
});
