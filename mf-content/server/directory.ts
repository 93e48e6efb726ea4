import { fieldOf, imageOf, plainField, requiredField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import type { Head, PagePathEntry } from '@qf/shared/contracts';
import type { PageAnswer, TemplatePages } from '@qf/shared/section';
import { i18nCache, otherLang, type Lang } from '@qf/shared/i18n';
import { contentPath, directionsUrl, localePath, type RoutedContentType } from '@qf/shared/routing';
import { translations } from '../src/translations';
import { detailDataSchema, type DetailData, type Fact } from '../src/views/directory-data';
import { routes } from '../src/routes';

type Kind = DetailData['kind'];
/** Each detail template and the content type it shows (SPEC §3 names). */
const TYPES: Record<Kind, RoutedContentType> = { place: 'place', program: 'program', school: 'school', university: 'university', person: 'people' };
const i18n = i18nCache([translations]);
const tFor = (lang: Lang) => i18n(lang).getFixedT(null, translations.ns);
const ORG = { en: 'Qatar Foundation', ar: 'مؤسسة قطر' } as const;

const slugOf = (e: Entry) => plainField<string>(e, 'slug') ?? '';
const titleOf = (e: Entry, lang: Lang) => fieldOf<string>(e, 'title', lang) ?? fieldOf<string>(e, 'name', lang) ?? '';
const firstSentence = (s: string) => /^.*?[.!؟?](\s|$)/.exec(s)?.[0].trim() ?? s;

/**
 * The directory's detail pages: places (`/place/:slug`), programmes (`/program/:slug`), schools
 * (`/education/schools/:slug`), universities (`/education/education-city/:slug`) and people (`/people/:slug`),
 * at the paths `contentPath()` gives every section that links to them.
 */
export function createDirectoryPages(content: ContentSource): Record<Kind, TemplatePages<{ readonly slug: string }>> {
  const link = (e: Entry, field: string) => plainField<Link>(e, field)?.sys.id;
  const entry = async (id: string | undefined) => (id ? content.entry(id) : undefined);
  const href = (lang: Lang, type: RoutedContentType, e: Entry) => localePath(lang, contentPath(type, slugOf(e)));
  const image = async (e: Entry, lang: Lang, ...fields: string[]) => {
    for (const f of fields) {
      const img = imageOf(await entry(link(e, f)), lang);
      if (img) return img;
    }
    return undefined;
  };

  async function placeData(e: Entry, lang: Lang): Promise<{ data: DetailData; extra: Record<string, unknown> }> {
    const t = tFor(lang);
    const slug = slugOf(e);
    const pagePlace = (await content.entries('pagePlace')).find((p) => link(p, 'place') === e.sys.id || slugOf(p) === slug);
    const name = requiredField<string>(e, 'title', lang);
    const address = requiredField<string>(e, 'address', lang);
    const location = plainField<{ lat: number; lon: number }>(e, 'location')!;
    const hosted = (await Promise.all((['school', 'university', 'entity'] as const).map(async (type) => (await content.entries(type)).filter((x) => link(x, 'place') === e.sys.id).map((x) => ({ title: titleOf(x, lang), href: href(lang, type, x) })))))
      .flat()
      .filter((x) => x.title);
    const category = plainField<string>(e, 'mapCategory') ?? '';
    const data = detailDataSchema.parse({
      kind: 'place',
      title: name,
      subtitle: t(`directory.categories.${category}`),
      paragraphs: [requiredField<string>(e, 'description', lang), ...(pagePlace ? (fieldOf<string[]>(pagePlace, 'body', lang) ?? []) : [])],
      image: (await image(e, lang, 'heroImage')) ?? (pagePlace ? await image(pagePlace, lang, 'heroImage') : undefined),
      facts: [{ key: 'openingHours', value: requiredField<string>(e, 'openingHours', lang) }],
      address: { text: address, directions: directionsUrl({ name, address }), lat: location.lat, lon: location.lon },
      contact: { phone: plainField(e, 'phone'), email: plainField(e, 'email') },
      related: hosted.length ? [{ key: 'located', items: hosted }] : [],
      back: { key: 'community', href: localePath(lang, '/community') },
    });
    const extra = {
      '@type': 'Place',
      address: { '@type': 'PostalAddress', streetAddress: address, addressCountry: 'QA' },
      geo: { '@type': 'GeoCoordinates', latitude: location.lat, longitude: location.lon },
      hasMap: data.address!.directions,
      ...(data.contact?.phone ? { telephone: data.contact.phone } : {}),
    };
    return { data, extra };
  }

  async function programData(e: Entry, lang: Lang) {
    const t = tFor(lang);
    const school = await entry(link(e, 'school'));
    const university = await entry(link(e, 'university'));
    const provider = school ? { title: titleOf(school, lang), href: href(lang, 'school', school) } : university ? { title: titleOf(university, lang), href: href(lang, 'university', university) } : undefined;
    const degree = plainField<string>(e, 'degree') ?? '';
    const facts: Fact[] = [
      { key: 'degree', value: t(`directory.degrees.${degree}`), href: `${routes.href(lang, 'programs')}?degree=${degree}` },
      { key: 'department', value: requiredField<string>(e, 'department', lang) },
      ...(provider ? [{ key: 'provider' as const, value: provider.title, href: provider.href }] : []),
      ...(['duration', 'language'] as const).flatMap((key) => {
        const value = fieldOf<string>(e, key === 'language' ? 'languageOfInstruction' : key, lang);
        return value ? [{ key, value }] : [];
      }),
    ];
    const requirements = fieldOf<string[]>(e, 'entryRequirements', lang);
    const howToApply = fieldOf<string>(e, 'howToApply', lang);
    const data = detailDataSchema.parse({
      kind: 'program',
      title: requiredField(e, 'title', lang),
      subtitle: t(`directory.degrees.${degree}`),
      // The one-line summary, then the overview a prospective student reads.
      paragraphs: [requiredField<string>(e, 'description', lang), ...(fieldOf<string[]>(e, 'overview', lang) ?? [])],
      facts,
      ...(requirements?.length && howToApply ? { admission: { requirements, howToApply, ...(provider ? { provider } : {}) } } : {}),
      related: [],
      back: { key: 'programs', href: routes.href(lang, 'programs') },
    });
    const extra = {
      '@type': 'EducationalOccupationalProgram',
      educationalCredentialAwarded: data.subtitle,
      ...(provider ? { provider: { '@type': school ? 'School' : 'CollegeOrUniversity', name: provider.title } } : {}),
    };
    return { data, extra };
  }

  async function providerData(kind: 'school' | 'university', e: Entry, lang: Lang) {
    const programs = (await content.entries('program')).filter((p) => link(p, kind) === e.sys.id).map((p) => ({ title: titleOf(p, lang), href: href(lang, 'program', p) }));
    const place = await entry(link(e, 'place'));
    const website = plainField<string>(e, 'website');
    const facts: Fact[] = kind === 'school' ? [{ key: 'level', value: requiredField<string>(e, 'level', lang) }] : [{ key: 'founded', value: String(plainField<number>(e, 'founded') ?? '') }];
    const data = detailDataSchema.parse({
      kind,
      title: requiredField(e, 'title', lang),
      subtitle: kind === 'school' ? requiredField(e, 'level', lang) : undefined,
      paragraphs: requiredField<string[]>(e, 'description', lang),
      image: await image(e, lang, 'logo'),
      facts,
      contact: website ? { website } : undefined,
      related: [
        ...(programs.length ? [{ key: 'programs' as const, items: programs }] : []),
        ...(place ? [{ key: 'place' as const, items: [{ title: titleOf(place, lang), href: href(lang, 'place', place) }] }] : []),
      ],
      back: { key: 'education', href: localePath(lang, '/education') },
    });
    const extra = {
      '@type': kind === 'school' ? 'School' : 'CollegeOrUniversity',
      parentOrganization: { '@type': 'Organization', name: ORG[lang] },
      ...(website ? { url: website } : {}), ...(kind === 'university' ? { foundingDate: facts[0]!.value } : {}) };
    return { data, extra };
  }

  async function personData(e: Entry, lang: Lang) {
    const entity = await entry(link(e, 'entity'));
    const role = requiredField<string>(e, 'role', lang);
    const vertical = entity ? plainField<string>(entity, 'vertical') : undefined;
    const data = detailDataSchema.parse({
      kind: 'person',
      title: requiredField(e, 'name', lang),
      subtitle: role,
      paragraphs: requiredField<string[]>(e, 'bio', lang),
      image: await image(e, lang, 'image'),
      facts: entity ? [{ key: 'entity', value: titleOf(entity, lang), href: href(lang, 'entity', entity) }] : [],
      related: [],
      back: { key: vertical === 'education' || vertical === 'research' ? vertical : 'community', href: localePath(lang, `/${vertical === 'education' || vertical === 'research' ? vertical : 'community'}`) },
    });
    const extra = { '@type': 'Person', jobTitle: role, ...(entity ? { worksFor: { '@type': 'Organization', name: titleOf(entity, lang) } } : {}) };
    return { data, extra };
  }

  const build = (kind: Kind, e: Entry, lang: Lang) =>
    kind === 'place' ? placeData(e, lang) : kind === 'program' ? programData(e, lang) : kind === 'person' ? personData(e, lang) : providerData(kind, e, lang);

  async function resolve(kind: Kind, slug: string, path: string, lang: Lang): Promise<PageAnswer | null> {
    const e = (await content.entries(TYPES[kind])).find((x) => slugOf(x) === slug);
    if (!e) return null;
    const { data, extra } = await build(kind, e, lang);
    const description = firstSentence(data.paragraphs[0] ?? data.subtitle ?? data.title);
    const head: Head = {
      title: data.title,
      description,
      alternatePath: localePath(otherLang(lang), path),
      kind: kind === 'person' ? 'profile' : 'website',
      ...(data.image ? { image: data.image.src, imageAlt: data.image.alt } : {}),
      structuredData: [{ '@context': 'https://schema.org', name: data.title, description, inLanguage: lang, ...extra }],
    };
    return { head, data, widgets: [] };
  }

  /** The detail pages of one kind: each entry of its content type, at the path contentPath() gives it. */
  const pagesOf = (kind: Kind): TemplatePages<{ readonly slug: string }> => ({
    resolve: ({ path, lang, params }) => resolve(kind, params.slug, path, lang),
    async paths(): Promise<PagePathEntry[]> {
      const type = TYPES[kind];
      return (await content.entries(type)).map((e) => {
        const p = contentPath(type, slugOf(e));
        return { en: p, ar: localePath('ar', p), ...(e.sys.updatedAt ? { lastmod: e.sys.updatedAt } : {}) };
      });
    },
  });
  return { place: pagesOf('place'), program: pagesOf('program'), school: pagesOf('school'), university: pagesOf('university'), person: pagesOf('person') };
}
