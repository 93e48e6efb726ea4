import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { contentPath } from '@qf/shared/routing';
import { idktItemDataSchema, infoBankDataSchema, technologiesDataSchema } from '../src/views/technology-data';
import { routes } from '../src/routes';
import { createIdktSectionPages } from './pages';

const db = createIdktSectionPages(createFileStore(path.resolve(__dirname, '../../content')));
const ARABIC = /[\u0600-\u06FF]/;
const list = async (query = '', lang: 'en' | 'ar' = 'en') => technologiesDataSchema.parse((await db.resolve('/idkt/technologies', lang, new URLSearchParams(query)))?.data);

describe('the technology database', () => {
  it('lists every technology with its field, status and readiness', async () => {
    const page = await db.resolve('/idkt/technologies', 'en');
    expect(page).toMatchObject({ template: 'technologies', head: { title: 'Technology database', alternatePath: '/ar/idkt/technologies' } });
    const data = await list();
    expect(data.technologies).toHaveLength(20);
    expect(data.technologies[0]).toMatchObject({ href: '/idkt/technologies/self-cleaning-solar-panel-coating', field: 'energy', status: 'available', entity: 'Qatar Environment and Energy Research Institute' });
  });

  it('reads the field and status filter from the query, and reports unknown values', async () => {
    expect((await list('field=water&status=licensed')).filter).toEqual({ field: 'water', status: 'licensed' });
    const bad = await list('field=magic&status=sold', 'ar');
    expect(bad.filter).toEqual({});
    expect(bad.invalid).toEqual(['field', 'status']);
    expect(bad.technologies[0]!.title).toMatch(ARABIC);
  });

  it('resolves a technology at the path contentPath() gives, in both languages', async () => {
    const p = contentPath('idkt_technology', 'low-energy-membrane-desalination');
    const en = await db.resolve(p, 'en');
    expect(en?.template).toBe('technology');
    const data = idktItemDataSchema.parse(en?.data);
    expect(data.facts).toContainEqual({ key: 'field', value: 'Water', href: '/idkt/technologies?field=water' });
    expect(data.facts).toContainEqual({ key: 'readiness', value: expect.stringMatching(/^Readiness level \d of 9$/) });
    expect(data.licensing).toBe('/idkt/for-industry#section-3');
    const ar = await db.resolve(p, 'ar');
    expect(ar?.head.alternatePath).toBe(p);
    expect(idktItemDataSchema.parse(ar?.data).facts[0]).toEqual({ key: 'field', value: 'المياه', href: '/ar/idkt/technologies?field=water' });
  });
});

describe('the info bank', () => {
  it('groups its documents by type', async () => {
    const data = infoBankDataSchema.parse((await db.resolve('/idkt/info-bank', 'ar'))?.data);
    expect(data.groups.map((g) => g.docType)).toEqual(['guide', 'policy', 'template', 'report', 'faq']);
    expect(data.groups[0]!.items[0]!.href).toBe('/ar/idkt/info-bank/invention-disclosure-guide');
  });

  it('resolves a document', async () => {
    const page = await db.resolve(contentPath('idkt_info_bank', 'licensing-faq'), 'en');
    expect(page).toMatchObject({ template: 'document', head: { title: 'Licensing: frequently asked questions' } });
    expect(idktItemDataSchema.parse(page?.data).facts).toEqual([{ key: 'docType', value: 'Frequently asked questions' }]);
  });
});

describe('paths', () => {
  it('answers null (the shell’s 404) for unknown slugs and leaves other IDKT pages alone', async () => {
    for (const p of ['/idkt/technologies/none', '/idkt/info-bank/none']) expect(await db.resolve(p, 'en')).toBeNull();
    expect((await db.resolve('/idkt/for-industry', 'en'))?.template).toBe('subpage');
    expect((await db.resolve('/idkt', 'en'))?.template).toBe('landing');
  });

  it('lists every page for the sitemap, each resolving in both languages', async () => {
    const database = ['technologies', 'technology', 'infoBank', 'document'];
    const paths = (await db.paths()).filter((p) => database.includes(routes.match(p.en)[0]!.template));
    expect(paths).toHaveLength(1 + 20 + 1 + 10);
    expect(paths.filter((p) => p.listing).map((p) => p.en)).toEqual(['/idkt/technologies', '/idkt/info-bank']);
    for (const { en, ar } of paths) {
      expect((await db.resolve(en, 'en'))?.head.alternatePath).toBe(ar);
      expect((await db.resolve(en, 'ar'))?.head.alternatePath).toBe(en);
    }
  });
});
