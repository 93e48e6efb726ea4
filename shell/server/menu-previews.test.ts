import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { buildMenuPreviews } from './menu-previews';

const content = createFileStore(path.resolve(__dirname, '../../content'));

describe('menu previews (SPEC §3 Preview record)', () => {
  let previews: Awaited<ReturnType<typeof buildMenuPreviews>>;
  beforeAll(async () => {
    previews = await buildMenuPreviews(content);
  });

  it('has every previewed entry in English under its id and in Arabic under id___ar-QA, and nothing else', async () => {
    const ids = (await Promise.all(['entity', 'place', 'school', 'university', 'program'].map((t) => content.entries(t)))).flat().map((e) => e.sys.id);
    expect(ids.length).toBeGreaterThan(30);
    expect(Object.keys(previews).sort()).toEqual(ids.flatMap((id) => [id, `${id}___ar-QA`]).sort());
    for (const id of ids) {
      expect(previews[id]).toMatchObject({ contentful_id: id, node_locale: 'en-US' });
      expect(previews[`${id}___ar-QA`]).toMatchObject({ contentful_id: id, node_locale: 'ar-QA' });
    }
  });

  it("names a programme's degree in the visitor's language", () => {
    expect(previews['program-ib-diploma-programme-qatar-academy-doha']).toMatchObject({
      ct: 'program',
      title: 'International Baccalaureate Diploma Programme',
      filterProgramType: { title: 'Pre-university' },
      entityDescription: null,
    });
    expect(previews['program-ib-diploma-programme-qatar-academy-doha___ar-QA']).toMatchObject({
      title: 'برنامج دبلوما البكالوريا الدولية',
      filterProgramType: { title: 'ما قبل الجامعة' },
    });
  });

  it("gives an entity its description's first paragraph, and a place its own address and hours", () => {
    const sidra = previews['entity-sidra-medicine']!;
    expect(sidra.entityDescription).toEqual(expect.any(String));
    expect(sidra.entityDescription!.length).toBeGreaterThan(20);
    const park = previews['place-oxygen-park___ar-QA']!;
    expect(park.location).toMatchObject({ placeName: park.title, placeLocation: { lat: expect.any(Number), lon: expect.any(Number) } });
    expect(park.openingHours).toEqual(expect.any(String));
    expect(park.filterProgramType).toBeNull();
  });
});
