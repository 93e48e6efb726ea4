import * as z from '@qf/shared/zod';

const link = z.object({ label: z.string(), href: z.string().check(z.minLength(1)) });
export type FooterLink = z.infer<typeof link>;

/** The main footer's content beyond the basic globals (SPEC §2 Footers), read from site globals and the menu. */
export const footerGlobalsSchema = z.object({
  /** The press office's address, for the general-inquiries text (SPEC §9: a fixed value). */
  pressEmail: z.string(),
  /** Small links as markdown inline links; rendered with inlineLinksHtml. */
  smallLinks: z.string(),
  /** The chat assistant's name for the 'Ask {name}' teaser. */
  assistantName: z.string(),
  socials: z.array(z.object({ network: z.string(), href: z.string() })),
  /** The secondary navigation list (language-neutral paths). */
  secondary: z.array(link),
  /** The hotline page (route key hotline). */
  hotlinePath: z.optional(z.string().check(z.startsWith('/'))),
  yearInReviewUrl: z.optional(z.string()),
  tendersUrl: z.optional(z.string()),
  supplierRegistrationPath: z.optional(z.string().check(z.startsWith('/'))),
});
export type FooterGlobals = z.infer<typeof footerGlobalsSchema>;

/** Menu entries the footer skips (SPEC §2): the World Cup stories link, search and the tenders abstract. */
export const FOOTER_SKIPPED = ['world-cup', 'worldcup', 'search', 'tenders-abstract'] as const;

/** The secondary navigation list of the footer: the menu's secondary items without the skipped ones. */
export function footerSecondaryLinks(items: readonly { id: string; title: string; path: string }[]): FooterLink[] {
  return items.filter((i) => !(FOOTER_SKIPPED as readonly string[]).includes(i.id)).map((i) => ({ label: i.title, href: i.path }));
}
