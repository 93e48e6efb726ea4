import { contentTypeNames, contentTypes } from '@qf/shared/content';

describe('the content model', () => {
  it('covers every content type of SPEC §3', () => {
    for (const type of ['place', 'pagePlace', 'event', 'entity', 'program', 'people', 'university', 'school', 'page', 'article', 'pageArticle', 'press_release', 'press_media_mention', 'campaign', 'spokes_people', 'expert_profile', 'ecss'])
      expect(contentTypeNames).toContain(type);
  });

  it('gives every type a singular and a plural label in English and Arabic', () => {
    for (const name of contentTypeNames) {
      const { labels } = contentTypes[name];
      expect(labels.en.every((l) => /^[A-Z]/.test(l))).toBe(true);
      expect(labels.ar.every((l) => /[\u0600-\u06FF]/.test(l))).toBe(true);
    }
  });

  it('infers entry types from the same definition that validates them', () => {
    const parsed = contentTypes.campaign.schema.parse({
      sys: { id: 'campaign-x', contentType: 'campaign' },
      fields: { title: { 'en-US': 'Reading', 'ar-QA': 'القراءة' }, slug: { 'en-US': 'reading' }, description: { 'en-US': 'A campaign', 'ar-QA': 'حملة' }, year: { 'en-US': 2015 } },
    });
    const year: number = parsed.fields.year['en-US'];
    expect(year).toBe(2015);
    expect(contentTypes.campaign.schema.safeParse({ ...parsed, fields: { ...parsed.fields, year: { 'en-US': 'fifteen' } } }).success).toBe(false);
  });
});
