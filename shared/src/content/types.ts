import { z } from 'zod';
import type { Lang } from '@qf/shared/i18n';
import { languages } from '@qf/shared/i18n';

export const locales = ['en-US', 'ar-QA'] as const;
export type Locale = (typeof locales)[number];

/** An entry shaped like the headless CMS's: `sys` plus fields keyed by locale. */
export const entrySchema = z.object({
  sys: z.object({
    id: z.string().min(1),
    contentType: z.string().min(1),
    updatedAt: z.string().optional(),
  }),
  fields: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type Entry = z.infer<typeof entrySchema>;

/** A field's value in a language; `undefined` when the entry has none. */
export function fieldOf<T = unknown>(entry: Entry, field: string, lang: Lang): T | undefined {
  return entry.fields[field]?.[languages[lang].locale] as T | undefined;
}

/** A field that is not localised (slugs, dates): the CMS stores it under the default locale only. */
export function plainField<T = unknown>(entry: Entry, field: string): T | undefined {
  return entry.fields[field]?.['en-US'] as T | undefined;
}

/** A field's value in a language, failing loudly when the content is incomplete. */
export function requiredField<T = unknown>(entry: Entry, field: string, lang: Lang): T {
  const value = fieldOf<T>(entry, field, lang);
  if (value === undefined || value === null || value === '') {
    throw new Error(`${entry.sys.contentType} ${entry.sys.id} has no ${languages[lang].locale} value for "${field}"`);
  }
  return value;
}



/** One source of content for every section: the embedded file store or the CMS. */
export interface ContentSource {
  entries(contentType: string): Promise<Entry[]>;
  entry(id: string): Promise<Entry | undefined>;
  /** Changes whenever the content does: lets derived data (the search index, previews) rebuild. */
  version?(): Promise<string>;
  /**
   * The ids of the entries added, changed or removed between the version `since` and the current one,
   * so that derived data is updated for them only (the search index); `undefined` when the source cannot
   * say (a version it no longer remembers, or none): the caller rebuilds from everything.
   */
  changedSince?(since: string): Promise<ReadonlySet<string> | undefined>;
  /**
   * Looks for changes now instead of at the next interval (the CMS's webhook said something was
   * published); resolves once the look is done.
   */
  refresh?(): Promise<void>;
}
