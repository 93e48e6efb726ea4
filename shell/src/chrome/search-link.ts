import * as z from '@qf/shared/zod';
import type { Lang } from '@qf/shared/i18n';
import { localePath } from '@qf/shared/routing';

/** SPEC §5: 'See all results' appears only when the input has non-whitespace text. */
export const showsAllResults = (text: string): boolean => text.trim().length > 0;

/** SPEC §2: the search page is reached by `#all=1&allType=1&s={url-encoded text}`, under `/ar` in Arabic. */
export function searchPageUrl(lang: Lang, text: string): string {
  return `${localePath(lang, '/search')}#all=1&allType=1&s=${encodeURIComponent(text.trim())}`;
}

/** Quiet time after the last keystroke before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 200;
export const SUGGESTION_COUNT = 6;

const suggestionSchema = z.object({ id: z.string(), type: z.string(), title: z.string(), excerpt: z.string(), url: z.string().check(z.startsWith('/')) });
const answerSchema = z.object({ total: z.number(), items: z.array(suggestionSchema) });
export type Suggestion = z.infer<typeof suggestionSchema>;

/** The first results of mf-content's search API (`GET /api/content/search`) for the text. */
export async function searchSite(
  lang: Lang,
  text: string,
  { signal, pageSize = SUGGESTION_COUNT, fetchImpl = fetch }: { signal?: AbortSignal; pageSize?: number; fetchImpl?: typeof fetch } = {},
): Promise<{ total: number; items: Suggestion[] }> {
  const params = new URLSearchParams({ q: text.trim().slice(0, 200), lang, pageSize: String(pageSize) });
  const res = await fetchImpl(`/api/content/search?${params.toString()}`, { signal, headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`search answered ${res.status}`);
  return answerSchema.parse(await res.json());
}
