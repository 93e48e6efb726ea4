import { z } from 'zod';

const image = z.object({ src: z.string(), srcSet: z.string(), width: z.number(), height: z.number(), alt: z.string() });

/** The three lists of the media centre: galleries, press releases and media mentions (one template). */
export const mediaListDataSchema = z.object({
  kind: z.enum(['galleries', 'news', 'mentions']),
  items: z.array(
    z.object({
      title: z.string(),
      /** A page of this site, or the outlet's article for a media mention. */
      href: z.string(),
      external: z.boolean(),
      date: z.string(),
      excerpt: z.string(),
      /** The press release's department or the mention's outlet. */
      source: z.string().optional(),
      image: image.optional(),
      count: z.number().int().optional(),
    }),
  ),
});
export type MediaListData = z.infer<typeof mediaListDataSchema>;

export const galleryDataSchema = z.object({
  title: z.string(),
  date: z.string(),
  description: z.string(),
  images: z.array(image),
  list: z.string().startsWith('/'),
});
export type GalleryData = z.infer<typeof galleryDataSchema>;

export const pressReleaseDataSchema = z.object({
  title: z.string(),
  date: z.string(),
  department: z.string(),
  excerpt: z.string(),
  body: z.array(z.string()),
  image: image.optional(),
  list: z.string().startsWith('/'),
});
export type PressReleaseData = z.infer<typeof pressReleaseDataSchema>;
