import { contentTypes, fieldOf, imageOf, isContentType, plainField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import { langs, languages, type Lang } from '@qf/shared/i18n';

/** SPEC §3 Preview record: what the menus show beside an item. */
export interface MenuPreview {
  title: string;
  type: string[];
  ct: 'entity' | string;
  entityDescription: string | null;
  subtitle: string | null;
  heroImage: string | null;
  entityLogo: string | null;
  phone: string | null;
  fax: string | null;
  email: string | null;
  location: { placeAddress: string | null; placeName: string | null; placeLocation: { lat: number; lon: number } | null } | null;
  openingHours: string | null;
  filterEntity: { slug: string; title: string } | null;
  filterProgramType: { title: string } | null;
  filterVerticalCategory: { title: string } | null;
  node_locale: 'en-US' | 'ar-QA';
  contentful_id: string;
}

const PREVIEWED = ['entity', 'place', 'school', 'university', 'program'] as const;
const VERTICAL_TITLES: Record<Lang, Record<string, string>> = {
  en: { education: 'Education', research: 'Research', community: 'Community', worldcup: 'World Cup' },
  ar: { education: 'التعليم', research: 'البحث', community: 'المجتمع', worldcup: 'كأس العالم' },
};
const DEGREE_TITLES: Record<Lang, Record<string, string>> = {
  en: { 'pre-university': 'Pre-university', diploma: 'Diploma', bachelor: "Bachelor's degree", master: "Master's degree", phd: 'Doctorate', certificate: 'Certificate' },
  ar: { 'pre-university': 'ما قبل الجامعة', diploma: 'دبلوم', bachelor: 'بكالوريوس', master: 'ماجستير', phd: 'دكتوراه', certificate: 'شهادة' },
};

const firstText = (v: unknown): string | null => (Array.isArray(v) ? (v[0] as string | undefined) ?? null : typeof v === 'string' ? v : null);

/**
 * The menu previews of every entity, place, school, university and programme, keyed by content id
 * (English) and by content id + `___ar-QA` (Arabic), as `/menupreviews.json` serves them.
 */
export async function buildMenuPreviews(content: ContentSource): Promise<Record<string, MenuPreview>> {
  const lists = await Promise.all([...PREVIEWED, 'asset'].map((t) => content.entries(t)));
  const byId = new Map<string, Entry>();
  for (const list of lists) for (const e of list) byId.set(e.sys.id, e);
  const linked = (e: Entry | undefined, field: string) => (e ? byId.get(plainField<Link>(e, field)?.sys.id ?? '') : undefined);
  const out: Record<string, MenuPreview> = {};
  PREVIEWED.forEach((type, t) => {
    for (const entry of lists[t]!) {
      for (const lang of langs) {
        const place = type === 'place' ? entry : linked(entry, 'place');
        const entity = linked(entry, 'entity');
        const vertical = plainField<string>(entry, 'vertical');
        const degree = plainField<string>(entry, 'degree');
        const label = isContentType(type) ? contentTypes[type].labels[lang][0] : type;
        const key = lang === 'en' ? entry.sys.id : `${entry.sys.id}___ar-QA`;
        out[key] = {
          title: fieldOf<string>(entry, 'title', lang) ?? '',
          type: [label],
          ct: type,
          entityDescription: type === 'entity' ? firstText(fieldOf(entry, 'description', lang)) : null,
          subtitle: fieldOf<string>(entry, 'subtitle', lang) ?? null,
          heroImage: imageOf(linked(entry, 'heroImage'), lang)?.src ?? null,
          entityLogo: imageOf(linked(entry, 'logo'), lang)?.src ?? null,
          phone: plainField<string>(entry, 'phone') ?? (place && plainField<string>(place, 'phone')) ?? null,
          fax: plainField<string>(entry, 'fax') ?? null,
          email: plainField<string>(entry, 'email') ?? (place && plainField<string>(place, 'email')) ?? null,
          location: place
            ? { placeAddress: fieldOf<string>(place, 'address', lang) ?? null, placeName: fieldOf<string>(place, 'title', lang) ?? null, placeLocation: plainField<{ lat: number; lon: number }>(place, 'location') ?? null }
            : null,
          openingHours: place ? (fieldOf<string>(place, 'openingHours', lang) ?? null) : null,
          filterEntity: entity ? { slug: plainField<string>(entity, 'slug') ?? '', title: fieldOf<string>(entity, 'title', lang) ?? '' } : null,
          filterProgramType: degree ? { title: DEGREE_TITLES[lang][degree] ?? degree } : null,
          filterVerticalCategory: vertical ? { title: VERTICAL_TITLES[lang][vertical] ?? vertical } : null,
          node_locale: languages[lang].locale,
          contentful_id: entry.sys.id,
        };
      }
    }
  });
  return out;
}
