import { z } from 'zod';
import { imageSchema, linkSchema } from './directory-data';
import { STORY_AREAS, STORY_TYPES } from './story-filter';
import { verticalSchema } from './story-data';

const href = z.string().startsWith('/');

/** A story as the lists show it: a card. */
export const storyCardSchema = z.object({
  title: z.string(),
  href,
  excerpt: z.string(),
  date: z.string(),
  vertical: verticalSchema,
  type: z.enum(STORY_TYPES).optional(),
  image: imageSchema.optional(),
});
export type StoryCard = z.infer<typeof storyCardSchema>;

/** SPEC §2 "news and stories" template: the stories, newest first, filtered and paged by the query. */
export const storyListDataSchema = z.object({
  /** Every story of pages 1 to `page` (so `?page=N` without JavaScript shows what N-1 'Load more' clicks show). */
  stories: z.array(storyCardSchema),
  /** How many stories match the filter in all. */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  filter: z.object({ area: z.enum(STORY_AREAS).optional(), type: z.enum(STORY_TYPES).optional(), tag: z.string().optional() }),
  /** The topics to filter by, in the page's language. */
  tags: z.array(z.object({ value: z.string(), label: z.string() })),
  /** Query values that were not understood: shown as a notice, then ignored. */
  invalid: z.array(z.enum(['area', 'type', 'tag', 'page'])),
});
export type StoryListData = z.infer<typeof storyListDataSchema>;

/** The World Cup area's categories are map categories (SPEC §2 menu level 2): the places' `mapCategory`. */
export const MAP_CATEGORIES = ['education', 'research', 'community', 'culture', 'sport', 'dining', 'transport'] as const;
export type MapCategory = (typeof MAP_CATEGORIES)[number];

/**
 * A category of an area (SPEC §2 menu level 2) as a page of its own: `/education/schools`,
 * `/education/education-city`, `/research/entities`, `/community/entities`, `/community/places` and the
 * World Cup's map categories `/world-cup/{category}` (places).
 */
export const categoryListDataSchema = z.object({
  vertical: verticalSchema,
  /** An area category, or for the World Cup area a map category (`map` set). */
  category: z.enum(['schools', 'universities', 'entities', 'places']),
  map: z.enum(MAP_CATEGORIES).optional(),
  items: z.array(
    linkSchema.extend({
      subtitle: z.string().optional(),
      excerpt: z.string().optional(),
      image: imageSchema.optional(),
      openingHours: z.string().optional(),
      /** A place's address and the link that opens a maps service on it. */
      address: z.object({ text: z.string(), directions: z.url() }).optional(),
    }),
  ),
  /** The area's page. */
  area: href,
});
export type CategoryListData = z.infer<typeof categoryListDataSchema>;

/** A campaign (SPEC §3 `campaign`) with its stories. */
export const campaignDataSchema = z.object({
  title: z.string(),
  year: z.number().int().optional(),
  description: z.string(),
  stories: z.array(storyCardSchema),
  all: href,
});
export type CampaignData = z.infer<typeof campaignDataSchema>;

/** `/people` (SPEC §1 "browse people"): the foundation's people, each with their role and entity. */
export const peopleListDataSchema = z.object({
  people: z.array(
    linkSchema.extend({
      role: z.string(),
      image: imageSchema.optional(),
      entity: linkSchema.optional(),
    }),
  ),
});
export type PeopleListData = z.infer<typeof peopleListDataSchema>;
