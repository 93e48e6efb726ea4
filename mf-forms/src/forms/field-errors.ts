import type { Lang } from '@qf/shared/i18n';

interface SafeParser {
  safeParse(input: unknown): { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * The first error of each field of a form, as the form's message in the visitor's language. Schemas
 * name their issues with keys into the form's message table; an issue without a known key (a wrong
 * type the schema did not name) gets the field's fallback.
 */
export function fieldErrors<F extends string, K extends string>(
  schema: SafeParser,
  input: unknown,
  messages: Record<Lang, Record<K, string>>,
  lang: Lang,
  fallback: (field: F) => K,
): Partial<Record<F, string>> {
  const parsed = schema.safeParse(input && typeof input === 'object' && !Array.isArray(input) ? input : {});
  if (parsed.success) return {};
  const errors: Partial<Record<F, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as F | undefined;
    if (typeof field !== 'string' || errors[field]) continue;
    const key = (issue.message in messages.en ? issue.message : fallback(field)) as K;
    errors[field] = messages[lang][key];
  }
  return errors;
}

/**
 * Text a person typed, without bidirectional controls (U+202A-U+202E, U+2066-U+2069, U+200E/F, U+061C)
 * or zero-width characters (U+200B-U+200D, U+2060, U+FEFF): they hide or reorder what a reader sees
 * (`photo\u202Egnp.exe` reads as `photoexe.png`), and a name never needs them.
 */
export const NO_HIDDEN_CHARACTERS = /^[^\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]*$/;

/** How many characters of a text a reader sees: without format characters (zero-width, bidi) and spaces. */
export const visibleLength = (text: string): number => text.replace(/[\p{Cf}\p{Z}\s]/gu, '').length;

/** Names in any script: letters and marks, with spaces, apostrophes, dots and dashes between them. */
export const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}'’. -]*$/u;
