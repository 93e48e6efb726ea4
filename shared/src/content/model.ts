import { z } from 'zod';

/**
 * The content model: every content type of SPEC §3 (and those the templates of §2 need), defined once.
 * Each definition gives the zod schema of its entries (shaped like the CMS's: `sys` plus
 * `fields.<name>.<locale>`), the TypeScript type by inference, its labels in both languages, and the
 * metadata `content:check` needs (which fields are localised, which link where, which are images).
 */

export const LOCALES = ['en-US', 'ar-QA'] as const;

export interface FieldMeta {
  localized: boolean;
  optional: boolean;
  /** Content types a link field may point to. */
  linkTo?: readonly string[];
  /** A slug: unique per content type and locale. */
  slug?: boolean;
}

export interface Field<T extends z.ZodType> {
  meta: FieldMeta;
  zod: T;
}

type Loc<T extends z.ZodType> = z.ZodObject<{ 'en-US': T; 'ar-QA': T }>;
type Plain<T extends z.ZodType> = z.ZodObject<{ 'en-US': T }>;

const loc = <T extends z.ZodType>(value: T, extra: Partial<FieldMeta> = {}): Field<Loc<T>> => ({
  meta: { localized: true, optional: false, ...extra },
  zod: z.object({ 'en-US': value, 'ar-QA': value }),
});
const plain = <T extends z.ZodType>(value: T, extra: Partial<FieldMeta> = {}): Field<Plain<T>> => ({
  meta: { localized: false, optional: false, ...extra },
  zod: z.object({ 'en-US': value }),
});
export const optional = <T extends z.ZodType>(field: Field<T>): Field<z.ZodOptional<T>> => ({ meta: { ...field.meta, optional: true }, zod: field.zod.optional() });

const nonEmpty = z.string().trim().min(1);
export const linkSchema = z.object({ sys: z.object({ type: z.literal('Link'), linkType: z.enum(['Entry', 'Asset']), id: nonEmpty }) });
export type Link = z.infer<typeof linkSchema>;

/** Field builders. */
export const f = {
  text: () => loc(nonEmpty),
  /** Rich text as paragraphs (the CMS's rich text is flattened to paragraphs by the source). */
  paragraphs: () => loc(z.array(nonEmpty).min(1)),
  strings: () => loc(z.array(nonEmpty)),
  plainText: () => plain(nonEmpty),
  slug: () => plain(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a slug is lower-case words joined by dashes'), { slug: true }),
  date: () => plain(z.iso.datetime({ offset: true })),
  number: () => plain(z.number()),
  boolean: () => plain(z.boolean()),
  oneOf: <const V extends readonly [string, ...string[]]>(values: V) => plain(z.enum(values)),
  url: () => plain(z.url()),
  email: () => plain(z.email()),
  location: () => plain(z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) })),
  link: (...to: string[]) => plain(linkSchema, { linkTo: to }),
  links: (...to: string[]) => plain(z.array(linkSchema), { linkTo: to }),
  localized: <T extends z.ZodType>(value: T) => loc(value),
  plainOf: <T extends z.ZodType>(value: T) => plain(value),
};

export const verticals = ['education', 'research', 'community', 'worldcup'] as const;

const section = z.object({ heading: nonEmpty, body: nonEmpty, link: z.string().startsWith('/').optional() });
const stat = z.object({ value: nonEmpty, label: nonEmpty });
const menuLeaf = z.object({ id: nonEmpty, slug: z.string(), title: nonEmpty });
const menuItem = z.object({
  label: nonEmpty,
  path: z.string().startsWith('/'),
  contentful_id: z.string().optional(),
  filterVerticalCategory: z.enum(verticals).optional(),
  subpages: z.array(
    z.object({
      id: nonEmpty,
      title: nonEmpty,
      slug: z.string(),
      /** Level 3: the items of a category, each with its entry id for the preview panel. */
      items: z.array(menuLeaf.extend({ path: z.string().startsWith('/'), count: z.number().int().nonnegative().optional() })).default([]),
    }),
  ),
});
const secondaryItem = z.object({ id: nonEmpty, title: nonEmpty, path: z.string().startsWith('/'), items: z.array(menuLeaf.extend({ path: z.string().startsWith('/') })).default([]) });
const mapCategory = z.object({ id: nonEmpty, title: nonEmpty, references: z.array(nonEmpty) });

interface Labels {
  en: readonly [singular: string, plural: string];
  ar: readonly [singular: string, plural: string];
}

function defineType<N extends string, F extends Record<string, Field<z.ZodType>>>(name: N, labels: Labels, fields: F) {
  const fieldSchemas = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.zod])) as { [K in keyof F]: F[K]['zod'] };
  const schema = z.object({
    sys: z.object({ id: nonEmpty, contentType: z.literal(name), updatedAt: z.iso.datetime({ offset: true }).optional() }),
    fields: z.object(fieldSchemas),
  });
  return { name, labels, fields, schema };
}

const image = () => optional(f.link('asset'));

export const contentTypes = {
  asset: defineType('asset', { en: ['Image', 'Images'], ar: ['صورة', 'صور'] }, {
    title: f.text(),
    /** What the image shows, for those who cannot see it: its alt text (as a CMS asset's description is); the title when absent. */
    description: optional(f.text()),
    /**
     * The generated file: `/media/{fileName}-{width}.webp` for each of 626, 672 and 800 px; or, when `url` is set
     * (an asset from the CMS), the CMS's Images API at those widths.
     */
    file: f.plainOf(
      z.object({
        fileName: z.string().regex(/^[a-z0-9-]+$/),
        width: z.number().int().positive(),
        height: z.number().int().positive(),
        hue: z.number().int().min(0).max(359).optional(),
        url: z.url({ protocol: /^https$/ }).optional(),
      }),
    ),
  }),
  article: defineType('article', { en: ['Story', 'Stories'], ar: ['قصة', 'قصص'] }, {
    title: f.text(),
    slug: f.slug(),
    date: f.date(),
    vertical: f.oneOf(verticals),
    storyType: optional(f.oneOf(['news', 'feature', 'opinion', 'video', 'interview'])),
    excerpt: f.text(),
    body: f.paragraphs(),
    tags: f.strings(),
    author: optional(f.text()),
    heroImage: image(),
    campaign: optional(f.link('campaign')),
  }),
  pageArticle: defineType('pageArticle', { en: ['Article page', 'Article pages'], ar: ['صفحة مقال', 'صفحات مقالات'] }, {
    title: f.text(),
    slug: f.slug(),
    excerpt: f.text(),
    body: f.paragraphs(),
    heroImage: image(),
  }),
  press_release: defineType('press_release', { en: ['Press release', 'Press releases'], ar: ['بيان صحفي', 'بيانات صحفية'] }, {
    title: f.text(),
    slug: f.slug(),
    date: f.date(),
    department: f.text(),
    excerpt: f.text(),
    body: f.paragraphs(),
    heroImage: image(),
  }),
  press_media_mention: defineType('press_media_mention', { en: ['Media mention', 'Media mentions'], ar: ['تغطية إعلامية', 'تغطيات إعلامية'] }, {
    title: f.text(),
    slug: f.slug(),
    outlet: f.text(),
    date: f.date(),
    url: f.url(),
    excerpt: f.text(),
  }),
  campaign: defineType('campaign', { en: ['Campaign', 'Campaigns'], ar: ['حملة', 'حملات'] }, {
    title: f.text(),
    slug: f.slug(),
    description: f.text(),
    year: f.number(),
  }),
  event: defineType('event', { en: ['Event', 'Events'], ar: ['فعالية', 'فعاليات'] }, {
    title: f.text(),
    slug: f.slug(),
    startDate: f.date(),
    endDate: f.date(),
    attendance: f.oneOf(['online', 'in-person', 'hybrid']),
    location: f.text(),
    organizer: f.text(),
    summary: f.text(),
    body: f.paragraphs(),
    webinarLink: optional(f.url()),
    registrationOpen: f.boolean(),
    capacityInPerson: f.number(),
    category: optional(f.oneOf(['lecture', 'workshop', 'conference', 'festival', 'webinar', 'exhibition', 'sport'])),
    vertical: optional(f.oneOf(verticals)),
    speakers: optional(f.links('spokes_people')),
    place: optional(f.link('place')),
    heroImage: image(),
    /** Shown among the featured events at the top of /events (SPEC §2 "upcoming and featured events"). */
    featured: optional(f.boolean()),
  }),
  ecss: defineType('ecss', { en: ['Speaker series', 'Speaker series'], ar: ['سلسلة محاضرات', 'سلاسل محاضرات'] }, {
    title: f.text(),
    slug: f.slug(),
    description: f.text(),
    sessions: f.links('event'),
    heroImage: image(),
  }),
  spokes_people: defineType('spokes_people', { en: ['Speaker', 'Speakers'], ar: ['متحدث', 'متحدثون'] }, {
    name: f.text(),
    slug: f.slug(),
    role: f.text(),
    bio: f.text(),
    image: image(),
  }),
  expert_profile: defineType('expert_profile', { en: ['Expert', 'Experts'], ar: ['خبير', 'خبراء'] }, {
    name: f.text(),
    slug: f.slug(),
    role: f.text(),
    affiliation: f.text(),
    languages: f.strings(),
    expertise: f.strings(),
    bio: f.paragraphs(),
    publications: f.strings(),
    projects: f.strings(),
    email: f.email(),
    image: image(),
  }),
  people: defineType('people', { en: ['Person', 'People'], ar: ['شخص', 'أشخاص'] }, {
    name: f.text(),
    slug: f.slug(),
    role: f.text(),
    bio: f.paragraphs(),
    entity: optional(f.link('entity')),
    image: image(),
  }),
  entity: defineType('entity', { en: ['Entity', 'Entities'], ar: ['كيان', 'كيانات'] }, {
    title: f.text(),
    slug: f.slug(),
    subtitle: f.text(),
    description: f.paragraphs(),
    vertical: f.oneOf(verticals),
    category: f.oneOf(['school', 'university', 'research', 'community', 'health', 'culture', 'sport']),
    partOfQatar: f.boolean(),
    phone: optional(f.plainText()),
    fax: optional(f.plainText()),
    email: optional(f.email()),
    website: optional(f.url()),
    logo: image(),
    heroImage: image(),
    place: optional(f.link('place')),
  }),
  place: defineType('place', { en: ['Place', 'Places'], ar: ['مكان', 'أماكن'] }, {
    title: f.text(),
    slug: f.slug(),
    description: f.text(),
    address: f.text(),
    location: f.location(),
    openingHours: f.text(),
    mapCategory: f.oneOf(['education', 'research', 'community', 'culture', 'sport', 'dining', 'transport']),
    phone: optional(f.plainText()),
    email: optional(f.email()),
    heroImage: image(),
  }),
  pagePlace: defineType('pagePlace', { en: ['Place page', 'Place pages'], ar: ['صفحة مكان', 'صفحات أماكن'] }, {
    title: f.text(),
    slug: f.slug(),
    body: f.paragraphs(),
    place: f.link('place'),
    heroImage: image(),
  }),
  university: defineType('university', { en: ['University', 'Universities'], ar: ['جامعة', 'جامعات'] }, {
    title: f.text(),
    slug: f.slug(),
    description: f.paragraphs(),
    founded: f.number(),
    website: f.url(),
    logo: image(),
    place: optional(f.link('place')),
  }),
  school: defineType('school', { en: ['School', 'Schools'], ar: ['مدرسة', 'مدارس'] }, {
    title: f.text(),
    slug: f.slug(),
    description: f.paragraphs(),
    level: f.text(),
    website: f.url(),
    logo: image(),
    place: optional(f.link('place')),
  }),
  program: defineType('program', { en: ['Programme', 'Programmes'], ar: ['برنامج', 'برامج'] }, {
    title: f.text(),
    slug: f.slug(),
    description: f.text(),
    degree: f.oneOf(['pre-university', 'diploma', 'bachelor', 'master', 'phd', 'certificate']),
    department: f.text(),
    school: optional(f.link('school')),
    university: optional(f.link('university')),
    /** What a prospective student needs (issue 15): the programme in a few paragraphs, who may enter, how long, in which language, how to apply. */
    overview: f.paragraphs(),
    entryRequirements: f.localized(z.array(nonEmpty).min(1)),
    duration: f.text(),
    languageOfInstruction: f.text(),
    howToApply: f.text(),
  }),
  page: defineType('page', { en: ['Page', 'Pages'], ar: ['صفحة', 'صفحات'] }, {
    title: f.text(),
    slug: f.slug(),
    pageType: optional(f.oneOf(['audience', 'about', 'profile', 'terms', 'hotline', 'convocation', 'education-city', 'idkt', 'general', 'specific'])),
    /** The route builder's parent segment (SPEC §2): the page lives at `/{parent}/{slug}` (an area's specific pages, /about/profile). */
    parent: optional(f.oneOf(['about', 'education', 'research', 'community'])),
    /** What a specific page presents (SPEC §2 "Specific pages"): its contact details, address and people complete the page. */
    subject: optional(f.link('entity', 'school', 'place')),
    intro: f.text(),
    sections: optional(f.localized(z.array(section))),
    stats: optional(f.localized(z.array(stat))),
    heroImage: image(),
    /** The office behind the page (the IDKT footer's contact details): fixed values, SPEC §9. */
    contactEmail: optional(f.email()),
    contactPhone: optional(f.plainText()),
    /** An mf-forms widget placed under the page's content. */
    form: optional(f.oneOf(['art-entry', 'scholarship', 'alumni-signup', 'poll', 'ecss-question', 'newsletter', 'push'])),
    /** The entry that configures that form (its open/close window, its options). */
    formEntry: optional(f.link('form_window', 'poll', 'survey')),
  }),
  /** When a submission form (art contest, scholarship cycle) accepts entries. */
  form_window: defineType('form_window', { en: ['Form window', 'Form windows'], ar: ['فترة استقبال الطلبات', 'فترات استقبال الطلبات'] }, {
    title: f.text(),
    form: f.oneOf(['art-entry', 'scholarship']),
    opensAt: f.date(),
    closesAt: f.date(),
    /** Scholarship cycles: when applicants are told the results (SPEC §9). */
    resultsAt: optional(f.date()),
  }),
  /** A poll (SPEC §2: a question, four options, Vote/Votes); votes are counted by mf-forms under the entry's id. */
  poll: defineType('poll', { en: ['Poll', 'Polls'], ar: ['استطلاع رأي', 'استطلاعات رأي'] }, {
    question: f.text(),
    /** Stable ids of the four options (votes are stored against them), in display order. */
    optionIds: f.plainOf(z.array(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)).length(4).refine((ids) => new Set(ids).size === ids.length, 'option ids are unique')),
    /** The four options' labels, in the order of `optionIds`. */
    options: f.localized(z.array(nonEmpty).length(4)),
    closesAt: optional(f.date()),
  }),
  /** A short survey (satisfaction 1 to 5 and a comment), shown by the survey popup and the brand-survey prompt. */
  survey: defineType('survey', { en: ['Survey', 'Surveys'], ar: ['استبيان', 'استبيانات'] }, {
    title: f.text(),
    /** The satisfaction question the visitor answers from 1 to 5. */
    question: f.text(),
    closesAt: optional(f.date()),
  }),
  idkt_technology: defineType('idkt_technology', { en: ['Technology', 'Technologies'], ar: ['تقنية', 'تقنيات'] }, {
    title: f.text(),
    slug: f.slug(),
    summary: f.text(),
    body: f.paragraphs(),
    field: f.oneOf(['energy', 'health', 'computing', 'materials', 'environment', 'water', 'agriculture']),
    readinessLevel: f.number(),
    status: f.oneOf(['available', 'licensed', 'in-development']),
    entity: optional(f.link('entity')),
  }),
  idkt_info_bank: defineType('idkt_info_bank', { en: ['Info bank item', 'Info bank items'], ar: ['مادة معرفية', 'مواد معرفية'] }, {
    title: f.text(),
    slug: f.slug(),
    summary: f.text(),
    body: f.paragraphs(),
    docType: f.oneOf(['guide', 'policy', 'template', 'report', 'faq']),
  }),
  gallery: defineType('gallery', { en: ['Media gallery', 'Media galleries'], ar: ['معرض وسائط', 'معارض وسائط'] }, {
    title: f.text(),
    slug: f.slug(),
    date: f.date(),
    description: f.text(),
    images: f.links('asset'),
  }),
  tap_story: defineType('tap_story', { en: ['Tap story', 'Tap stories'], ar: ['قصة تفاعلية', 'قصص تفاعلية'] }, {
    title: f.text(),
    slug: f.slug(),
    steps: f.localized(z.array(z.object({ heading: nonEmpty, body: nonEmpty })).min(2)),
    heroImage: image(),
  }),
  menu: defineType('menu', { en: ['Menu', 'Menus'], ar: ['قائمة', 'قوائم'] }, {
    menuItems: f.localized(z.array(menuItem)),
    secondaryMenuItems: f.localized(z.array(secondaryItem)),
    mapCategories: f.localized(z.array(mapCategory)),
    instagramLink: f.url(),
    twitterLink: f.url(),
  }),
  siteGlobals: defineType('siteGlobals', { en: ['Site settings', 'Site settings'], ar: ['إعدادات الموقع', 'إعدادات الموقع'] }, {
    tagline: f.text(),
    footerCopyrightMessage: f.text(),
    footerContactEmail: f.email(),
    footerContactPhoneNumber: f.plainText(),
    pressEmail: f.email(),
    featuredStory: optional(f.slug()),
    footerSmallLinks: optional(f.text()),
    showTopInfoBar: optional(f.boolean()),
    topInfoBarContent: optional(f.text()),
    showStatementNotification: optional(f.boolean()),
    /** The separate statements site the statement notification links to (SPEC §2: the alert kind). */
    statementUrl: optional(f.url()),
    /** The chat assistant's name, shown in the footer's 'Ask {name}' teaser. */
    assistantName: optional(f.text()),
    /** Footer extra links (SPEC §2): Year in Review (reports site), Tenders (suppliers site), Supplier Registration (main site). */
    yearInReviewUrl: optional(f.url()),
    tendersUrl: optional(f.url()),
    supplierRegistrationPath: optional(f.plainOf(z.string().startsWith('/'))),
  }),
} as const;

export type ContentTypeName = keyof typeof contentTypes;
export type EntryOf<T extends ContentTypeName> = z.infer<(typeof contentTypes)[T]['schema']>;
export const contentTypeNames = Object.keys(contentTypes) as ContentTypeName[];
export const isContentType = (name: string): name is ContentTypeName => name in contentTypes;
