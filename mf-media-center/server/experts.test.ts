import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { pagePathsSchema, resolvedPageSchema } from '@qf/shared/contracts';
import { routes } from '../src/routes';
import { createMediaCenterSectionPages } from './pages';
import { expertsListDataSchema } from '../src/views/experts-list-data';
import { expertProfileDataSchema } from '../src/views/expert-profile-data';

const content = createFileStore(path.resolve(__dirname, '../../content'));
const experts = createMediaCenterSectionPages(content);
/** The paths of the experts' templates, from the section's sitemap. */
const expertPaths = async () => (await experts.paths()).filter((p) => ['experts', 'expert'].includes(routes.match(p.en)[0]!.template));

describe('experts list page', () => {
  it('resolves in English with the real experts from the content', async () => {
    const page = await experts.resolve('/media-center/experts', 'en');
    expect(page).not.toBeNull();
    const parsed = resolvedPageSchema.parse(page);
    expect(parsed.template).toBe('experts');
    expect(parsed.hydration).toBe('interaction');
    expect(parsed.widgets).toEqual([]);
    expect(parsed.head.title).toBe('Our experts');
    expect(parsed.head.description).toMatch(/journalists/);
    expect(parsed.head.alternatePath).toBe('/ar/media-center/experts');
    const data = expertsListDataSchema.parse(parsed.data);
    expect(data.experts).toHaveLength((await content.entries('expert_profile')).length);
    expect(data.experts[0]).toEqual({
      name: 'Dr. Noor Al-Mansoori',
      slug: 'noor-al-mansoori',
      role: 'Associate Professor, Sustainable Energy',
      affiliation: 'College of Science and Engineering, Hamad Bin Khalifa University',
      expertise: ['Solar energy in desert climates', 'Energy–water nexus', 'Energy transition in the Gulf', 'Climate adaptation'],
    });
  });

  it('resolves in Arabic', async () => {
    const page = await experts.resolve('/media-center/experts', 'ar');
    expect(page?.head.title).toBe('خبراؤنا');
    expect(page?.head.alternatePath).toBe('/media-center/experts');
    const data = expertsListDataSchema.parse(page?.data);
    expect(data.experts.map((e) => e.name).slice(0, 4)).toEqual(['د. نور المنصوري', 'د. خالد الكواري', 'د. مريم السليطي', 'د. طارق حداد']);
    expect(data.experts[1]?.slug).toBe('khalid-al-kuwari');
  });
});

describe('expert profile page', () => {
  it('resolves an expert in English', async () => {
    const page = resolvedPageSchema.parse(await experts.resolve('/media-center/experts/tariq-haddad', 'en'));
    expect(page.template).toBe('expert');
    expect(page.hydration).toBe('interaction');
    expect(page.head.title).toBe('Dr. Tariq Haddad');
    expect(page.head.description).toBe('Principal Investigator, Paediatric Genomics, Research Branch, Sidra Medicine');
    expect(page.head.alternatePath).toBe('/ar/media-center/experts/tariq-haddad');
    const data = expertProfileDataSchema.parse(page.data);
    expect(data.languages).toEqual(['English', 'Arabic', 'French']);
    expect(data.email).toBe('media-haddad@example.org');
    expect(data.publications).toHaveLength(3);
    expect(data.projects).toHaveLength(2);
    expect(data.bio).toHaveLength(2);
  });

  it('resolves an expert in Arabic', async () => {
    const page = await experts.resolve('/media-center/experts/maryam-al-sulaiti', 'ar');
    expect(page?.head.title).toBe('د. مريم السليطي');
    expect(page?.head.description).toBe('أستاذة مساعدة في السياسات التعليمية، كلية السياسات العامة، جامعة حمد بن خليفة');
    expect(page?.head.alternatePath).toBe('/media-center/experts/maryam-al-sulaiti');
    const data = expertProfileDataSchema.parse(page?.data);
    expect(data.expertise).toContain('التعليم الدامج');
    expect(data.email).toBe('media-alsulaiti@example.org');
  });

  it('answers null for an unknown slug or a path it does not own', async () => {
    expect(await experts.resolve('/media-center/experts/nobody', 'en')).toBeNull();
    expect(await experts.resolve('/media-center/experts/nobody', 'ar')).toBeNull();
    expect(await experts.resolve('/media-center/experts/tariq-haddad/more', 'en')).toBeNull();
    expect((await experts.resolve('/media-center', 'en'))?.template).toBe('landing');
    expect(await experts.resolve('/stories/tariq-haddad', 'en')).toBeNull();
  });
});

describe('paths', () => {
  it('lists the experts list and every profile in both languages', async () => {
    const paths = pagePathsSchema.parse(await expertPaths());
    expect(paths).toHaveLength((await content.entries('expert_profile')).length + 1);
    expect(paths.slice(0, 5)).toEqual([
      { en: '/media-center/experts', ar: '/ar/media-center/experts', lastmod: expect.any(String), listing: true },
      { en: '/media-center/experts/noor-al-mansoori', ar: '/ar/media-center/experts/noor-al-mansoori', lastmod: '2026-10-01T09:00:00Z' },
      { en: '/media-center/experts/khalid-al-kuwari', ar: '/ar/media-center/experts/khalid-al-kuwari', lastmod: '2026-09-15T11:30:00Z' },
      { en: '/media-center/experts/maryam-al-sulaiti', ar: '/ar/media-center/experts/maryam-al-sulaiti', lastmod: '2026-08-20T08:15:00Z' },
      { en: '/media-center/experts/tariq-haddad', ar: '/ar/media-center/experts/tariq-haddad', lastmod: '2026-07-10T10:00:00Z' },
    ]);
  });

  it('every listed path resolves in both languages', async () => {
    for (const entry of await expertPaths()) {
      expect(await experts.resolve(entry.en, 'en')).not.toBeNull();
      expect(await experts.resolve(entry.ar.slice(3), 'ar')).not.toBeNull();
    }
  });
});
