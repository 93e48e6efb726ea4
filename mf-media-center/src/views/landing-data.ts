import { z } from 'zod';
import { mediaListDataSchema } from './media-data';

const item = mediaListDataSchema.shape.items.element;
const href = z.string().startsWith('/');

/** The media centre's landing page: the latest of each list, the experts and the press office. */
export const landingDataSchema = z.object({
  news: z.array(item),
  mentions: z.array(item),
  galleries: z.array(item),
  experts: z.number().int().nonnegative(),
  links: z.object({ news: href, mentions: href, galleries: href, experts: href }),
  /** The press office's address (site settings); the inquiries block has no mail link without one. */
  pressEmail: z.email().optional(),
});
export type LandingData = z.infer<typeof landingDataSchema>;
