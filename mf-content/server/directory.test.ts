import path from 'node:path';
import { createFileStore, plainField } from '@qf/shared/content';
import { contentPath } from '@qf/shared/routing';
import { areaDataSchema, detailDataSchema, tapStoriesDataSchema, tapStoryDataSchema } from '../src/views/directory-data';
import { programListDataSchema } from '../src/views/program-list-data';
import { createContentSectionPages } from './pages';
import { routes } from '../src/routes';

const content = createFileStore(path.resolve(__dirname, '../../content'));
/** The sitemap paths of some templates of the section. */
const pathsOf = async (...templates: string[]) => (await createContentSectionPages(content).paths()).filter((p) => templates.includes(routes.match(p.en)[0]!.template));
const detailPaths = () => pathsOf('place', 'program', 'school', 'university', 'person');
const directory = createContentSectionPages(content);
const areas = createContentSectionPages(content);
const programs = createContentSectionPages(content);
const tap = createContentSectionPages(content);
const ARABIC = /[\u0600-\u06FF]/;

describe('directory detail pages', () => {
  it('resolves a place with its address, opening hours and a directions link to a maps service', async () => {
    const page = await directory.resolve(contentPath('place', 'qatar-national-library'), 'en');
    expect(page?.template).toBe('place');
    const data = detailDataSchema.parse(page?.data);
    expect(data.title).toBe('Qatar National Library');
    expect(data.address?.text).toBeTruthy();
    expect(data.address?.directions).toBe(`https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`Qatar National Library, ${data.address!.text}`)}`);
    expect(data.facts).toContainEqual(expect.objectContaining({ key: 'openingHours' }));
    expect(page?.head).toMatchObject({ title: 'Qatar National Library', alternatePath: '/ar/place/qatar-national-library' });
    expect(page?.head.structuredData?.[0]).toMatchObject({ '@type': 'Place', geo: { '@type': 'GeoCoordinates' }, hasMap: data.address!.directions });
  });

  it('speaks Arabic under /ar, with the Arabic address in the directions link', async () => {
    const page = await directory.resolve('/place/qatar-national-convention-centre', 'ar');
    const data = detailDataSchema.parse(page?.data);
    expect(data.title).toBe('مركز قطر الوطني للمؤتمرات');
    expect(data.address?.text).toBe('شارع اللقطة، المدينة التعليمية، الدوحة');
    expect(data.address?.directions).toContain(encodeURIComponent('شارع اللقطة'));
    expect(page?.head.alternatePath).toBe('/place/qatar-national-convention-centre');
  });

  it('adds the place page’s story to a place that has one', async () => {
    const data = detailDataSchema.parse((await directory.resolve('/place/oxygen-park', 'en'))?.data);
    expect(data.paragraphs.length).toBeGreaterThan(1);
  });

  it('resolves a programme with its degree, department and the school or university that offers it', async () => {
    const page = await directory.resolve('/program/bs-computer-science', 'en');
    const data = detailDataSchema.parse(page?.data);
    expect(data.subtitle).toBe("Bachelor's degree");
    expect(data.facts).toContainEqual({ key: 'provider', value: 'Carnegie Mellon University in Qatar', href: '/education/education-city/carnegie-mellon-university-in-qatar' });
    expect(data.facts).toContainEqual({ key: 'degree', value: "Bachelor's degree", href: '/program?degree=bachelor' });
    expect(page?.head.structuredData?.[0]).toMatchObject({ '@type': 'EducationalOccupationalProgram', provider: { '@type': 'CollegeOrUniversity' } });
    const ar = detailDataSchema.parse((await directory.resolve('/program/bs-computer-science', 'ar'))?.data);
    expect(ar.facts).toContainEqual(expect.objectContaining({ key: 'provider', href: '/ar/education/education-city/carnegie-mellon-university-in-qatar' }));
    expect(ar.subtitle).toBe('بكالوريوس');
  });

  it('gives every programme what a prospective student needs, in both languages: overview, entry requirements, duration, language, how to apply', async () => {
    for (const entry of await content.entries('program')) {
      const slug = plainField<string>(entry, 'slug');
      for (const lang of ['en', 'ar'] as const) {
        const data = detailDataSchema.parse((await directory.resolve(`/program/${slug}`, lang))?.data);
        expect([slug, lang, data.paragraphs.length]).toEqual([slug, lang, 3]);
        expect(data.facts.map((f) => f.key)).toEqual(expect.arrayContaining(['degree', 'department', 'provider', 'duration', 'language']));
        expect(data.admission?.requirements.length).toBeGreaterThan(0);
        expect(data.admission?.howToApply.length).toBeGreaterThan(100);
        expect(data.admission?.provider?.href).toMatch(lang === 'ar' ? /^\/ar\/education\// : /^\/education\//);
        // What the page says in all, well over the 300 characters programme pages held.
        const words = [...data.paragraphs, ...data.admission!.requirements, data.admission!.howToApply].join(' ');
        expect(words.length).toBeGreaterThan(1000);
      }
    }
    const ar = detailDataSchema.parse((await directory.resolve('/program/bs-petroleum-engineering', 'ar'))?.data);
    expect(ar.facts.find((f) => f.key === 'language')?.value).toMatch(/[\u0600-\u06FF]/);
  });

  it('resolves a school and a university with their programmes', async () => {
    const school = detailDataSchema.parse((await directory.resolve('/education/schools/qatar-academy-doha', 'en'))?.data);
    expect(school.related.find((r) => r.key === 'programs')?.items).toContainEqual({ title: 'International Baccalaureate Diploma Programme', href: '/program/ib-diploma-programme-qatar-academy-doha' });
    expect(school.related.find((r) => r.key === 'place')?.items[0]?.href).toBe('/place/qatar-academy-doha-campus');
    const uni = await directory.resolve('/education/education-city/hamad-bin-khalifa-university', 'ar');
    expect(uni?.template).toBe('university');
    const data = detailDataSchema.parse(uni?.data);
    expect(data.title).toBe('جامعة حمد بن خليفة');
    expect(data.related.find((r) => r.key === 'programs')!.items.length).toBeGreaterThan(5);
    expect(uni?.head.structuredData?.[0]).toMatchObject({ '@type': 'CollegeOrUniversity' });
  });

  it('resolves a person with the entity they belong to', async () => {
    const page = await directory.resolve('/people/layla-al-mansouri', 'en');
    expect(page?.template).toBe('person');
    expect(page?.head.kind).toBe('profile');
    const data = detailDataSchema.parse(page?.data);
    expect(data.facts).toContainEqual({ key: 'entity', value: 'Qatar Biomedical Research Institute', href: '/qatar-biomedical-research-institute' });
    expect(data.back.href).toBe('/research');
    expect(page?.head.structuredData?.[0]).toMatchObject({ '@type': 'Person', worksFor: { name: 'Qatar Biomedical Research Institute' } });
  });

  it('answers null (the shell’s 404) for unknown slugs and other paths', async () => {
    for (const p of ['/place/nowhere', '/program/none', '/education/schools/none', '/education/education-city/none', '/people/nobody', '/place']) expect(await directory.resolve(p, 'en')).toBeNull();
    expect((await directory.resolve('/about', 'en'))?.template).toBe('page');
  });

  it('lists a page for every place, programme, school, university and person for the sitemap', async () => {
    const paths = await detailPaths();
    expect(paths).toContainEqual(expect.objectContaining({ en: '/place/oxygen-park', ar: '/ar/place/oxygen-park' }));
    expect(paths).toContainEqual(expect.objectContaining({ en: '/education/schools/academyati', ar: '/ar/education/schools/academyati' }));
    expect(paths).toHaveLength(15 + 30 + 8 + 8 + 10);
  });

  it('resolves every path contentPath() gives these kinds, in both languages', async () => {
    for (const { en, ar } of await detailPaths()) {
      expect([en, (await directory.resolve(en, 'en'))?.head.alternatePath]).toEqual([en, ar]);
      expect(detailDataSchema.parse((await directory.resolve(en, 'ar'))?.data).title).toMatch(ARABIC);
    }
  });
});

describe('area pages', () => {
  it.each([
    ['/education', 'Education', ['schools', 'universities']],
    ['/research', 'Research', ['entities']],
    ['/community', 'Community', ['entities', 'places']],
  ] as const)('%s shows its stories and its categories', async (p, title, groups) => {
    const page = await areas.resolve(p, 'en');
    expect(page?.template).toBe('area');
    expect(page?.head.title).toBe(title);
    const data = areaDataSchema.parse(page?.data);
    expect(data.vertical).toBe(p.slice(1));
    expect(data.groups.map((g) => g.key)).toEqual(groups);
    expect(data.stories.length).toBeGreaterThan(0);
  });

  it('speaks Arabic and links inside /ar', async () => {
    const page = await areas.resolve('/education', 'ar');
    expect(page?.head).toMatchObject({ title: 'التعليم', alternatePath: '/education' });
    const data = areaDataSchema.parse(page?.data);
    expect(data.groups[0]!.items[0]!.href).toMatch(/^\/ar\/education\/schools\//);
    expect(data.links).toEqual([{ key: 'programs', href: '/ar/program' }]);
  });

  it('links the other sections’ pages by route id, for the shell to resolve, and its own by path', async () => {
    const research = areaDataSchema.parse((await areas.resolve('/research', 'ar'))?.data);
    expect(research.links).toEqual([
      { key: 'technologies', route: 'mf-idkt/technologies' },
      { key: 'idkt', route: 'mf-idkt/landing' },
    ]);
    const community = areaDataSchema.parse((await areas.resolve('/community', 'en'))?.data);
    expect(community.links).toEqual([{ key: 'events', route: 'mf-events/events' }]);
    expect(areaDataSchema.safeParse({ ...community, links: [{ key: 'events', route: 'mf-events/nowhere' }] }).success).toBe(false);
  });

  it('answers null for other paths', async () => {
    expect(await areas.resolve('/worldcup', 'en')).toBeNull();
    expect(await areas.resolve('/education/x', 'en')).toBeNull();
  });
});

describe('the programme list', () => {
  const resolve = async (query: string, lang: 'en' | 'ar' = 'en') => programListDataSchema.parse((await programs.resolve('/program', lang, new URLSearchParams(query)))?.data);

  it('lists every programme with the schools, universities and degrees to filter by', async () => {
    const page = await programs.resolve('/program', 'en');
    expect(page).toMatchObject({ template: 'programs', head: { title: 'Programmes', alternatePath: '/ar/program' } });
    const data = await resolve('');
    expect(data.programs).toHaveLength(30);
    expect(data.schools).toHaveLength(8);
    expect(data.universities).toHaveLength(8);
    expect(data.filter).toEqual({});
    expect(data.invalid).toEqual([]);
  });

  it('reads the filter from the query', async () => {
    const data = await resolve('school=hamad-bin-khalifa-university&degree=phd');
    expect(data.filter).toEqual({ school: 'hamad-bin-khalifa-university', degree: 'phd' });
  });

  it('reports unknown filter values instead of failing', async () => {
    const data = await resolve('school=hogwarts&degree=wizardry', 'ar');
    expect(data.filter).toEqual({});
    expect(data.invalid).toEqual(['school', 'degree']);
    expect(data.programs[0]!.title).toMatch(ARABIC);
  });

  it('answers null for other paths', async () => {
    expect(await programs.resolve('/programs', 'en')).toBeNull();
  });
});

describe('tap stories', () => {
  it('resolves the overview and each story in both languages', async () => {
    const overview = await tap.resolve('/stories/tap', 'en');
    expect(overview).toMatchObject({ template: 'tapStories', head: { title: 'Tap stories', alternatePath: '/ar/stories/tap' } });
    const list = tapStoriesDataSchema.parse(overview?.data);
    expect(list.stories.map((s) => s.href)).toContain('/stories/tap/a-day-in-education-city');
    const story = await tap.resolve('/stories/tap/a-day-in-education-city', 'ar');
    expect(story).toMatchObject({ template: 'tapStory', head: { title: 'يوم في المدينة التعليمية', alternatePath: '/stories/tap/a-day-in-education-city' } });
    const data = tapStoryDataSchema.parse(story?.data);
    expect(data.steps.length).toBeGreaterThan(1);
    expect(data.overview).toBe('/ar/stories/tap');
  });

  it('answers null for an unknown story and leaves other stories alone', async () => {
    expect(await tap.resolve('/stories/tap/none', 'en')).toBeNull();
    expect((await tap.resolve('/stories/qatar-foundation-opens-new-learning-commons', 'en'))?.template).toBe('story');
  });

  it('lists the overview and every story for the sitemap', async () => {
    const paths = await pathsOf('tapStories', 'tapStory');
    expect(paths[0]).toEqual({ en: '/stories/tap', ar: '/ar/stories/tap' });
    expect(paths).toHaveLength(4);
  });
});
