/** @jest-environment jsdom */
import { applyArea, areaOfPath, areasFromMenu } from './areas';

const menu = [
  { label: 'Education', filterVerticalCategory: 'education', subpages: [{ title: 'Schools', slug: 'schools' }, { title: 'Universities', slug: 'universities' }] },
  { label: 'Research', filterVerticalCategory: 'research', subpages: [{ title: 'Entities', slug: 'entities' }] },
  { label: 'Community', filterVerticalCategory: 'community', subpages: [{ title: 'Entities', slug: 'entities' }, { title: 'Places', slug: 'places' }] },
  { label: 'World Cup', filterVerticalCategory: 'worldcup', subpages: [{ title: 'All', slug: 'all' }, { title: 'Education', slug: 'education' }] },
  { label: 'Not an area', subpages: [] },
];
const areas = areasFromMenu(menu);

describe('areas (SPEC §2: colour and sub-menu bar from the first path segment)', () => {
  it('reads the areas and their categories from the menu content', () => {
    expect(areas.map((a) => [a.vertical, a.href])).toEqual([
      ['education', '/education'],
      ['research', '/research'],
      ['community', '/community'],
      ['worldcup', '/world-cup'],
    ]);
    expect(areas[0]!.categories).toEqual([
      { label: 'Schools', href: '/education/schools' },
      { label: 'Universities', href: '/education/universities' },
    ]);
    expect(areas[3]!.categories).toEqual([
      { label: 'All', href: '/world-cup' },
      { label: 'Education', href: '/world-cup/education' },
    ]);
  });

  it('adds to the World Cup area the map categories its subpages do not cover, and only there', () => {
    const withMap = areasFromMenu(menu, [
      { id: 'map-education', title: 'Education' },
      { id: 'map-culture', title: 'Culture' },
      { id: 'map-sport', title: 'Sport' },
      { id: 'not-a-map-id', title: 'Ignored' },
    ]);
    expect(withMap[3]!.categories).toEqual([
      { label: 'All', href: '/world-cup' },
      { label: 'Education', href: '/world-cup/education' },
      { label: 'Culture', href: '/world-cup/culture' },
      { label: 'Sport', href: '/world-cup/sport' },
    ]);
    expect(withMap[0]!.categories).toEqual(areas[0]!.categories);
  });

  it.each([
    ['/education', 'education'],
    ['/education/schools/qatar-academy-doha', 'education'],
    ['/ar/research', 'research'],
    ['/ar/community/qatar-national-convention-centre', 'community'],
    ['/world-cup/stories', 'worldcup'],
    ['/ar/world-cup', 'worldcup'],
  ])('%s activates %s', (path, vertical) => {
    expect(areaOfPath(path, areas)?.vertical).toBe(vertical);
  });

  it.each(['/', '/ar', '/education-city', '/stories/education', '/events', '/ar/idkt/about', '/researchers-and-entrepreneurs'])('%s activates no area', (path) => {
    expect(areaOfPath(path, areas)).toBeNull();
  });

  it('marks the body with the active area and clears it', () => {
    applyArea(areas[2]!, document.body);
    expect(document.body.dataset.area).toBe('community');
    applyArea(null, document.body);
    expect(document.body.hasAttribute('data-area')).toBe(false);
  });
});
