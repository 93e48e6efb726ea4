import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { buildMenu, createMenuReader } from './menu';
import { menuSchema } from '../src/menu/menu-data';

const content = createFileStore(path.resolve(__dirname, '..', '..', 'content'));

describe('the menu built from the content (SPEC §2, §3)', () => {
  it('has the four areas with their colours and SPEC’s categories, in English and Arabic', async () => {
    const read = createMenuReader(content);
    const en = await read('en');
    const ar = await read('ar');
    expect(menuSchema.safeParse(en).success).toBe(true);
    expect(en.areas.map((a) => [a.label, a.vertical, a.map])).toEqual([
      ['Education', 'education', false],
      ['Research', 'research', false],
      ['Community', 'community', false],
      ['World Cup', 'worldcup', true],
    ]);
    expect(en.areas[0]!.categories.map((c) => c.title)).toEqual(['Schools', 'Universities']);
    expect(en.areas[1]!.categories.map((c) => c.title)).toEqual(['Entities']);
    expect(en.areas[2]!.categories.map((c) => c.title)).toEqual(['Entities', 'Places']);
    expect(en.areas[3]!.categories.map((c) => c.title)).toEqual(['All', 'Education', 'Research', 'Community', 'Culture', 'Dining', 'Sport', 'Transport']);
    expect(ar.areas.map((a) => a.label)).toEqual(['التعليم', 'البحث', 'المجتمع', 'كأس العالم']);
    expect(ar.areas[0]!.categories[0]!.items[0]).toEqual({ id: 'school-qatar-academy-doha', title: expect.stringMatching(/[\u0600-\u06FF]/), path: '/education/schools/qatar-academy-doha', count: 1, countKind: 'programmes' });
    expect(en.secondary.map((s) => s.title)).toEqual(['About', 'Media Center', 'Events', 'IDKT']);
  });

  it('counts what level-3 items hold (SPEC §2 "items with a count"): programmes of schools and universities, people of entities', async () => {
    const en = await createMenuReader(content)('en');
    const items = en.areas.flatMap((a) => a.categories.flatMap((c) => c.items));
    const hbku = items.find((i) => i.id === 'university-hamad-bin-khalifa-university')!;
    expect(hbku).toMatchObject({ countKind: 'programmes' });
    expect(hbku.count).toBeGreaterThan(3);
    expect(items.find((i) => i.id === 'entity-qatar-biomedical-research-institute')).toMatchObject({ count: 1, countKind: 'people' });
    // Nothing to count: no count, rather than a zero.
    expect(items.filter((i) => i.count === 0)).toEqual([]);
    // A count the content gives wins, and has no kind.
    const menu = (await content.entries('menu'))[0]!;
    const given = structuredClone(menu);
    (given.fields.menuItems as Record<string, { subpages: { items: { count?: number }[] }[] }[]>)['en-US']![0]!.subpages[0]!.items[0]!.count = 9;
    const built = buildMenu(given, [], 'en', new Map([['school-qatar-academy-doha', { count: 1, kind: 'programmes' }]]));
    expect(built.areas[0]!.categories[0]!.items[0]).toEqual({ id: 'school-qatar-academy-doha', title: 'Qatar Academy Doha', path: '/education/schools/qatar-academy-doha', count: 9 });
  });

  it('gives the map area every mapped place, with coordinates and addresses in the language', async () => {
    const en = await createMenuReader(content)('en');
    const ar = await createMenuReader(content)('ar');
    const all = en.areas[3]!.categories.find((c) => c.slug === 'all')!;
    expect(all.places).toHaveLength(15);
    expect(en.areas[3]!.categories.find((c) => c.slug === 'sport')!.places).toEqual(['place-oxygen-park', 'place-education-city-stadium', 'place-education-city-golf-club']);
    expect(en.places.find((p) => p.id === 'place-qatar-national-convention-centre')).toEqual({
      id: 'place-qatar-national-convention-centre',
      title: 'Qatar National Convention Centre',
      address: 'Al Luqta Street, Education City, Doha',
      lat: 25.3209,
      lon: 51.4384,
    });
    expect(ar.places.find((p) => p.id === 'place-qatar-national-convention-centre')?.address).toBe('شارع اللقطة، المدينة التعليمية، الدوحة');
  });

  it('drops references to unknown places and is empty without a menu entry', () => {
    const menu = {
      sys: { id: 'm', contentType: 'menu' },
      fields: {
        menuItems: { 'en-US': [{ label: 'Map', path: '/stories', filterVerticalCategory: 'worldcup', subpages: [{ id: 'all', title: 'All', slug: 'all', items: [] }] }] },
        mapCategories: { 'en-US': [{ id: 'map-sport', title: 'Sport', references: ['p1', 'gone'] }] },
      },
    };
    const place = { sys: { id: 'p1', contentType: 'place' }, fields: { title: { 'en-US': 'P' }, address: { 'en-US': 'A' }, location: { 'en-US': { lat: 1, lon: 2 } } } };
    const built = buildMenu(menu as never, [place as never], 'en');
    expect(built.areas[0]!.categories.map((c) => [c.slug, c.places])).toEqual([
      ['all', ['p1']],
      ['sport', ['p1']],
    ]);
    expect(buildMenu(undefined, [], 'ar')).toEqual({ lang: 'ar', areas: [], secondary: [], places: [] });
  });
});
