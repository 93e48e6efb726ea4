import { z } from 'zod';
import { routes } from '../routes';
import { verticalSchema } from './story-data';

/** Another section's page mf-content links to (declared in its routes). */
type LinkedRoute = (typeof routes.links)[number];

export const imageSchema = z.object({ src: z.string(), srcSet: z.string(), width: z.number(), height: z.number(), alt: z.string() });
const href = z.string().startsWith('/');
export const linkSchema = z.object({ title: z.string(), href });

/** A fact of a detail page: its label is the key `directory.facts.{key}`; a link when `href` is set. */
export const factSchema = z.object({
  key: z.enum(['degree', 'department', 'level', 'founded', 'provider', 'entity', 'role', 'category', 'openingHours', 'duration', 'language']),
  value: z.string(),
  href: z.string().optional(),
});
export type Fact = z.infer<typeof factSchema>;

/** The detail templates of the directory: place, programme, school, university and person pages. */
export const detailDataSchema = z.object({
  kind: z.enum(['place', 'program', 'school', 'university', 'person']),
  title: z.string(),
  /** A line under the title: a person's role, a school's level, a programme's degree. */
  subtitle: z.string().optional(),
  paragraphs: z.array(z.string()),
  image: imageSchema.optional(),
  facts: z.array(factSchema),
  /** A place's address, with the link that opens a maps service on it. */
  address: z.object({ text: z.string(), directions: z.url(), lat: z.number(), lon: z.number() }).optional(),
  contact: z.object({ phone: z.string().optional(), email: z.string().optional(), website: z.string().optional() }).optional(),
  /** A programme's admission: who may enter and how to apply, with the provider's page. */
  admission: z.object({ requirements: z.array(z.string()), howToApply: z.string(), provider: linkSchema.optional() }).optional(),
  /** Lists of links under headings keyed `directory.related.{key}`. */
  related: z.array(z.object({ key: z.enum(['programs', 'located', 'place']), items: z.array(linkSchema) })),
  /** Where the page belongs (the area or the list it comes from), key `directory.back.{key}`. */
  back: z.object({ key: z.enum(['education', 'research', 'community', 'programs']), href }),
});
export type DetailData = z.infer<typeof detailDataSchema>;

/** An area page (SPEC §2 vertical template), themed by its colour. */
export const areaDataSchema = z.object({
  vertical: verticalSchema,
  stories: z.array(z.object({ title: z.string(), excerpt: z.string(), date: z.string(), href, image: imageSchema.optional() })),
  /** The area's categories (SPEC §2 menu level 2), titled `area.groups.{key}`. */
  groups: z.array(z.object({ key: z.enum(['schools', 'universities', 'entities', 'places']), items: z.array(linkSchema.extend({ subtitle: z.string().optional() })) })),
  /**
   * Further pages of the area, titled `area.links.{key}`: one of mf-content's (`href`), or another
   * section's by its route id (`route`, resolved by the shell; left out when it does not know it).
   */
  links: z.array(
    z.object({
      key: z.enum(['programs', 'technologies', 'idkt', 'events', 'stories']),
      href: href.optional(),
      route: z.custom<LinkedRoute>((v) => (routes.links as readonly unknown[]).includes(v)).optional(),
    }),
  ),
});
export type AreaData = z.infer<typeof areaDataSchema>;

export const tapStoriesDataSchema = z.object({
  stories: z.array(z.object({ title: z.string(), href, steps: z.number().int(), image: imageSchema.optional() })),
});
export type TapStoriesData = z.infer<typeof tapStoriesDataSchema>;

export const tapStoryDataSchema = z.object({
  title: z.string(),
  steps: z.array(z.object({ heading: z.string(), body: z.string() })).min(1),
  image: imageSchema.optional(),
  overview: href,
});
export type TapStoryData = z.infer<typeof tapStoryDataSchema>;
