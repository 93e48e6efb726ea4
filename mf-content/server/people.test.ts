import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { peopleListDataSchema } from '../src/views/list-data';
import { createContentSectionPages } from './pages';

const people = createContentSectionPages(createFileStore(path.resolve(__dirname, '../../content')));

describe('the people list', () => {
  it('lists every person by name with their role, page and entity, in both languages', async () => {
    const en = await people.resolve('/people', 'en');
    expect(en).toMatchObject({ template: 'people', head: { title: 'People', alternatePath: '/ar/people' } });
    const data = peopleListDataSchema.parse(en?.data);
    expect(data.people).toHaveLength(10);
    expect(data.people).toContainEqual(
      expect.objectContaining({
        title: 'Dr. Layla Al-Mansouri',
        href: '/people/layla-al-mansouri',
        role: 'Executive Director, Qatar Biomedical Research Institute',
        entity: { title: 'Qatar Biomedical Research Institute', href: '/qatar-biomedical-research-institute' },
      }),
    );
    const names = data.people.map((p) => p.title);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));

    const ar = await people.resolve('/people', 'ar');
    expect(ar?.head).toMatchObject({ title: 'الأشخاص', alternatePath: '/people' });
    const arData = peopleListDataSchema.parse(ar?.data);
    expect(arData.people.every((p) => p.href.startsWith('/ar/people/'))).toBe(true);
    expect(arData.people[0]?.title).toMatch(/[\u0600-\u06FF]/);
  });

  it('answers /people (a person’s page is another template) and lists it for the sitemap', async () => {
    expect((await people.resolve('/people/layla-al-mansouri', 'en'))?.template).toBe('person');
    expect(await people.resolve('/peoples', 'en')).toBeNull();
    expect((await people.paths()).filter((p) => p.en.startsWith('/people') && !p.en.startsWith('/people/'))).toEqual([{ en: '/people', ar: '/ar/people' }]);
  });
});
