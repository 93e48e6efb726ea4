import path from 'node:path';
import { createFileStore, type ContentSource } from '@qf/shared/content';
import { pagePathsSchema, resolvedPageSchema } from '@qf/shared/contracts';
import { landingDataSchema } from '../src/views/landing-data';
import { firstSentence } from './landing';
import { createIdktSectionPages } from './pages';

const content = createFileStore(path.resolve(__dirname, '../../content'));
const pages = createIdktSectionPages(content);

describe('IDKT landing resolver', () => {
  it('resolves /idkt in English from the page entry', async () => {
    const page = await pages.resolve('/idkt', 'en');
    expect(page).not.toBeNull();
    resolvedPageSchema.parse(page);
    expect(page!.template).toBe('landing');
    expect(page!.hydration).toBe('interaction');
    expect(page!.widgets).toEqual(['mf-forms/NewsletterSignup']);
    expect(page!.head.title).toBe('Industry Development and Knowledge Transfer');
    expect(page!.head.description).toBe(
      "Qatar Foundation's Industry Development and Knowledge Transfer team turns research from across Education City into products, services and companies that benefit Qatar and the world.",
    );
    expect(page!.head.alternatePath).toBe('/ar/idkt');
    const data = landingDataSchema.parse(page!.data);
    expect(data.sections.map((s) => s.heading)).toEqual(['For industry', 'For researchers', 'For entrepreneurs']);
    expect(data.sections.map((s) => s.link)).toEqual(['/idkt/for-industry', '/idkt/for-researchers', '/idkt/for-entrepreneurs']);
    expect(data.stats).toContainEqual({ value: '120+', label: 'Patent applications filed' });
  });

  it('resolves /idkt in Arabic', async () => {
    const page = await pages.resolve('/idkt', 'ar');
    expect(page).not.toBeNull();
    expect(page!.head.title).toBe('تنمية الصناعة ونقل المعرفة');
    expect(page!.head.description).toBe(
      'يعمل فريق تنمية الصناعة ونقل المعرفة في مؤسسة قطر على تحويل الأبحاث المنجزة في المدينة التعليمية إلى منتجات وخدمات وشركات تعود بالنفع على قطر والعالم.',
    );
    expect(page!.head.alternatePath).toBe('/idkt');
    const data = landingDataSchema.parse(page!.data);
    expect(data.sections.map((s) => s.heading)).toEqual(['لقطاع الصناعة', 'للباحثين', 'لرواد الأعمال']);
    expect(data.stats.map((s) => s.value)).toEqual(['120+', '40+', '75+']);
  });

  it('answers null for paths it does not own', async () => {
    expect(await pages.resolve('/idkt/no-such-page', 'en')).toBeNull();
    expect((await pages.resolve('/idkt/technologies', 'ar'))?.template).toBe('technologies');
    expect(await pages.resolve('/stories/idkt', 'en')).toBeNull();
  });

  it('answers null when the content has no landing entry', async () => {
    const empty: ContentSource = { entries: async () => [], entry: async () => undefined };
    const none = createIdktSectionPages(empty);
    expect(await none.resolve('/idkt', 'en')).toBeNull();
    expect((await none.paths()).map((p) => p.en)).toEqual(['/idkt/technologies', '/idkt/info-bank']);
  });

  it('lists the landing page in both languages for the sitemap', async () => {
    const paths = pagePathsSchema.parse(await pages.paths()).filter((p) => p.en === '/idkt');
    expect(paths).toEqual([{ en: '/idkt', ar: '/ar/idkt', lastmod: '2026-11-01T09:00:00Z' }]);
  });
});

describe('firstSentence', () => {
  it('keeps the text up to the first full stop', () => {
    expect(firstSentence('One. Two. Three.')).toBe('One.');
  });
  it('does not split inside numbers or names', () => {
    expect(firstSentence('Version 2.5 is out! More soon.')).toBe('Version 2.5 is out!');
  });
  it('handles the Arabic question mark', () => {
    expect(firstSentence('ما هو نقل المعرفة؟ إنه جسر.')).toBe('ما هو نقل المعرفة؟');
  });
  it('returns the whole text when it has no end mark', () => {
    expect(firstSentence('  No full stop here  ')).toBe('No full stop here');
  });
});
