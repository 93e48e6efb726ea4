import type { PagePathEntry, ResolvedPage, RouteId } from '@qf/shared/contracts';
import type { Lang } from '@qf/shared/i18n';
import { keyedQuery } from '@qf/shared/routing';
import type { PathParams, PatternsOf, SectionRoutes, TemplateSpec, WidgetSpec } from './routes';

/** What a template's resolver is asked: the path (no language prefix), its language, query and parameters. */
export interface PageRequest<P = Record<string, string>> {
  path: string;
  lang: Lang;
  /**
   * The page's query: only the parameters its template declares (`query` in the routes: list filters,
   * `?school=…`), ordered by name; empty for a template that declares none.
   */
  query: URLSearchParams;
  /** The parameters of the pattern that matched, decoded. */
  params: P;
  /** The pattern that matched (a template at several patterns tells them apart by it). */
  pattern: string;
}

/** A resolver's answer: the page without its template and hydration, which come from the definition. */
export type PageAnswer = Omit<ResolvedPage, 'template' | 'hydration'>;

/** The server half of one template: its resolver (null: no such page, the next match is tried) and its sitemap paths. */
export interface TemplatePages<P> {
  resolve(request: PageRequest<P>): Promise<PageAnswer | null> | PageAnswer | null;
  /** Every page of the template, for the sitemap and search (a listing page says `listing: true`). */
  paths(): Promise<PagePathEntry[]> | PagePathEntry[];
}

/** The parameters a template's resolver gets: those of its pattern; of a template at several patterns, any of theirs. */
export type TemplateParams<S extends TemplateSpec> = S['pattern'] extends string ? PathParams<S['pattern']> : Partial<PathParams<PatternsOf<S>>>;

/** One server entry per template of the routes: a missing one is a type error (and the contract test's). */
export type SectionPagesSpec<T extends Record<string, TemplateSpec>> = { [K in keyof T]: TemplatePages<TemplateParams<T[K]>> };

export interface SectionPages {
  /** The templates that have a server entry (the contract test compares them with the routes). */
  readonly templates: readonly string[];
  /** The page at a path: each template whose pattern matches, most specific first, until one answers. */
  resolve(path: string, lang: Lang, query?: URLSearchParams): Promise<ResolvedPage | null>;
  /** Every page of every template (of `templates` only, when given), in the routes' order. */
  paths(templates?: readonly string[]): Promise<PagePathEntry[]>;
}

/**
 * The server side of a section's templates, typed against its routes: the `/_qf/page` dispatch
 * (precedence from the routes, parameters already matched, template and hydration filled in) and the
 * sitemap paths. createRemoteServer takes `resolve` and `paths` as they are.
 */
export function definePages<T extends Record<string, TemplateSpec>, W extends Record<string, WidgetSpec>>(routes: SectionRoutes<T, W, RouteId>, spec: SectionPagesSpec<T>): SectionPages {
  const entries = spec as Record<string, TemplatePages<Record<string, string>> | undefined>;
  return {
    templates: Object.keys(spec),
    async resolve(path, lang, query = new URLSearchParams()) {
      for (const match of routes.match(path)) {
        const pages = entries[match.template];
        if (!pages) throw new Error(`${routes.remote}: template "${match.template}" has no resolver`);
        // The template reads what it declared and nothing else: what keys its pages in the shell's cache.
        const read = new URLSearchParams(keyedQuery(query.toString(), match.query));
        const answer = await pages.resolve({ path, lang, query: read, params: match.params, pattern: match.pattern });
        if (answer) return { ...answer, template: match.template, hydration: match.hydration };
      }
      return null;
    },
    async paths(only) {
      const templates = Object.keys(routes.templates).filter((t) => !only || only.includes(t));
      const lists = await Promise.all(templates.map((t) => entries[t]?.paths() ?? []));
      return lists.flat();
    },
  };
}
