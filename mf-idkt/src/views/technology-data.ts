import * as z from '@qf/shared/zod';
import { FIELDS, STATUSES } from './technology-filter';

const href = z.string().check(z.startsWith('/'));
export const DOC_TYPES = ['guide', 'policy', 'template', 'report', 'faq'] as const;

/** The technology database (`/idkt/technologies`), filtered by field and status through the query. */
export const technologiesDataSchema = z.object({
  technologies: z.array(
    z.object({ title: z.string(), href, summary: z.string(), field: z.enum(FIELDS), status: z.enum(STATUSES), readinessLevel: z.number(), entity: z.optional(z.string()) }),
  ),
  filter: z.object({ field: z.optional(z.enum(FIELDS)), status: z.optional(z.enum(STATUSES)) }),
  /** Query values that named no field or status: shown as a notice, then ignored. */
  invalid: z.array(z.enum(['field', 'status'])),
});
export type TechnologiesData = z.infer<typeof technologiesDataSchema>;

/** A technology or an info-bank document. */
export const idktItemDataSchema = z.object({
  kind: z.enum(['technology', 'document']),
  title: z.string(),
  summary: z.string(),
  body: z.array(z.string()),
  /** Facts with their label key (`database.facts.{key}`) and a value already in the page language. */
  facts: z.array(z.object({ key: z.enum(['field', 'status', 'readiness', 'entity', 'docType']), value: z.string(), href: z.optional(z.string()) })),
  list: href,
  /** The licensing criteria (SPEC §2: /idkt/for-industry#section-3), for a technology. */
  licensing: z.optional(href),
});
export type IdktItemData = z.infer<typeof idktItemDataSchema>;

/** The info bank (`/idkt/info-bank`), its documents grouped by type. */
export const infoBankDataSchema = z.object({
  groups: z.array(z.object({ docType: z.enum(DOC_TYPES), items: z.array(z.object({ title: z.string(), href, summary: z.string() })) })),
});
export type InfoBankData = z.infer<typeof infoBankDataSchema>;
