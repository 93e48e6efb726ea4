import type { Lang } from '@qf/shared/i18n';
import { fillPattern, localePath } from './paths';

const paramsOf = (pattern: string): string[] =>
  pattern
    .split('/')
    .filter((s) => s.startsWith(':'))
    .map((s) => s.slice(1));

/**
 * The address of a linked page from the patterns the shell resolved for its route id (page data's
 * `links`): the first pattern whose parameters are exactly those given (`/:slug` for `{ slug }`,
 * `/education` for none), filled in and in the language; undefined when none takes them.
 */
export function linkHref(patterns: readonly string[] | undefined, lang: Lang, params: Readonly<Record<string, string>> = {}): string | undefined {
  const given = Object.keys(params).filter((k) => params[k] !== undefined && params[k] !== '');
  for (const pattern of patterns ?? []) {
    const needed = paramsOf(pattern);
    if (needed.length === given.length && needed.every((name) => given.includes(name))) return localePath(lang, fillPattern(pattern, params));
  }
  return undefined;
}
