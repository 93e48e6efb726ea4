import * as z from '@qf/shared/zod';
import { chromeSiteSchema } from '@qf/shared/contracts';

/** The three audience pages of the footer's columns, each with its #section-1…3 anchors (SPEC §2). */
export const idktAudiences = ['for-industry', 'for-researchers', 'for-entrepreneurs'] as const;

export const idktFooterDataSchema = z.object({
  /** The IDKT office's contact details: fixed values from the IDKT page's content (SPEC §9). */
  email: z.string(),
  phone: z.string(),
  audiences: z.array(
    z.object({
      slug: z.enum(idktAudiences),
      title: z.string().check(z.minLength(1)),
      /** The headings of the page's sections, in anchor order. */
      sections: z.array(z.string().check(z.minLength(1))),
    }),
  ),
  /** Added by the shell to every chrome widget: copyright and small links from site globals. */
  site: z.custom<z.infer<typeof chromeSiteSchema>>((v) => chromeSiteSchema.safeParse(v).success, 'site must be the chrome site lines'),
});
export type IdktFooterData = z.infer<typeof idktFooterDataSchema>;
/** What mf-idkt's resolver hands to the shell; the shell adds `site`. */
export type IdktFooterProps = Omit<IdktFooterData, 'site'>;
