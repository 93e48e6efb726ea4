import { CONTRACT_VERSION, type Hydration, type RemoteName, type RouteDefinition, type RouteId, type RouteManifest } from '@qf/shared/contracts';
import type { Lang } from '@qf/shared/i18n';
import { fillPattern, localePath, normalizePath } from '@qf/shared/routing';

/**
 * A page template: where it lives and when its code runs. One pattern, or several for one view in
 * several places: a list, or named patterns (`{ research: '/research', … }`), each of which other
 * sections can link to by its own route id (`mf-content/area.research`).
 */
export interface TemplateSpec {
  readonly pattern: string | readonly string[] | Readonly<Record<string, string>>;
  readonly hydration: Hydration;
  /**
   * The query parameters its pages read (a list's filters and paging). Only these reach its resolver
   * (definePages) and key the shell's page cache; a template without any gets no query at all.
   */
  readonly query?: readonly string[];
}

/** A widget other sections may place on their pages, and when its code runs. */
export interface WidgetSpec {
  readonly hydration: Hydration;
}

/** The parameter names of a pattern: `/events/:slug` → `'slug'`. */
export type ParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? Name | ParamNames<`/${Tail}`>
    : Rest
  : never;

/** The parameters a pattern's path carries, each a decoded segment. */
export type PathParams<P extends string> = { readonly [K in ParamNames<P>]: string };

/** Every pattern of a template. */
export type PatternsOf<S extends TemplateSpec> = S['pattern'] extends readonly (infer P extends string)[]
  ? P
  : S['pattern'] extends string
    ? S['pattern']
    : S['pattern'][keyof S['pattern']] & string;

/** Templates that live at one pattern: the ones a link can be built to from parameters alone. */
export type LinkableTemplate<T extends Record<string, TemplateSpec>> = { [K in keyof T]: T[K]['pattern'] extends string ? K : never }[keyof T] & string;

/** The arguments after the template id: nothing for a pattern without parameters, else its parameters. */
type ParamsArgs<P extends string> = [ParamNames<P>] extends [never] ? [] : [params: PathParams<P>];

/** One way a path matches a template, in the order the section tries them. */
export interface RouteMatch<K extends string = string> {
  template: K;
  pattern: string;
  hydration: Hydration;
  params: Record<string, string>;
  /** The query parameters the template reads (its spec's `query`, sorted), none when it reads no query. */
  query: readonly string[];
}

/**
 * A section's routes, declared once: the route manifest the shell reads (`./routes`: the plain fields,
 * which the contract's schema keeps), plus typed link builders and the matcher its server dispatches with.
 */
export interface SectionRouteTable extends RouteManifest {
  /** The templates as declared, by id. */
  readonly templates: Record<string, TemplateSpec>;
  /** The widgets as declared, by name. */
  readonly widgetSpecs: Record<string, WidgetSpec>;
  /** Every template whose pattern matches a path (without its language prefix), most specific first. */
  match(path: string): RouteMatch[];
}

/** The routes of a section with their types: which templates exist, their parameters and links. */
export interface SectionRoutes<T extends Record<string, TemplateSpec>, W extends Record<string, WidgetSpec>, L extends RouteId = never> extends SectionRouteTable {
  /** The other sections' pages this section links to (through `WidgetHost.href`, `useLinks`). */
  readonly links: L[];
  readonly templates: T;
  readonly widgetSpecs: W;
  /** The path of a template's page, without a language prefix: `path('event', { slug })` → `/events/<slug>`. */
  path<K extends LinkableTemplate<T>>(template: K, ...params: ParamsArgs<T[K]['pattern'] & string>): string;
  /** The same path in a language: `/ar/events/<slug>` in Arabic. */
  href<K extends LinkableTemplate<T>>(lang: Lang, template: K, ...params: ParamsArgs<T[K]['pattern'] & string>): string;
  /** Every template whose pattern matches a path (without its language prefix), most specific first. */
  match(path: string): RouteMatch<keyof T & string>[];
}

const isParam = (segment: string) => segment.startsWith(':');

/**
 * How specific a pattern is, as a key that sorts the most specific first: per segment `0` when it is
 * fixed text, `1` when it is a parameter. Two patterns only match the same path when they have as many
 * segments, and then the one with fixed text where the other has a parameter (at the first place they
 * differ) is the more specific: `/idkt/technologies` before `/idkt/:slug`, `/education` before `/:slug`.
 */
export const specificity = (pattern: string): string =>
  normalizePath(pattern)
    .split('/')
    .slice(1)
    .map((s) => (isParam(s) ? '1' : '0'))
    .join('');

/** A pattern with its parameter names erased: two patterns with the same shape match the same paths. */
export const patternShape = (pattern: string): string =>
  normalizePath(pattern)
    .split('/')
    .map((s) => (isParam(s) ? ':' : s))
    .join('/');

/**
 * Declares a section's page templates and widgets once. The order of precedence is not the order of
 * declaration but specificity (see `specificity`), so it cannot be broken by where an entry is added;
 * two templates at the same pattern are refused here, with both named.
 */
export function defineRoutes<
  const T extends Record<string, TemplateSpec>,
  const W extends Record<string, WidgetSpec> = Record<never, WidgetSpec>,
  const L extends RouteId = never,
>(remote: RemoteName, templates: T, widgets: W = {} as W, options: { readonly links?: readonly L[] } = {}): SectionRoutes<T, W, L> {
  const declared: RouteDefinition[] = [];
  const seen = new Map<string, string>();
  for (const [template, spec] of Object.entries(templates)) {
    const named: [string | undefined, string][] =
      typeof spec.pattern === 'string' ? [[undefined, spec.pattern]] : Array.isArray(spec.pattern) ? spec.pattern.map((p: string) => [undefined, p]) : Object.entries(spec.pattern);
    if (named.length === 0) throw new Error(`${remote}: template "${template}" has no pattern`);
    const query = [...new Set(spec.query ?? [])].sort();
    for (const parameter of query) {
      if (!/^[A-Za-z][A-Za-z0-9_-]{0,31}$/.test(parameter)) throw new Error(`${remote}: template "${template}" reads the query parameter "${parameter}": names are letters, digits, - and _ (32 at most)`);
    }
    for (const [name, pattern] of named) {
      if (name !== undefined && !/^[A-Za-z]+$/.test(name)) throw new Error(`${remote}: template "${template}" names a pattern "${name}": names are letters only`);
      if (normalizePath(pattern) !== pattern) throw new Error(`${remote}: template "${template}" has the pattern "${pattern}", which is not a normal path (${normalizePath(pattern)})`);
      const key = patternShape(pattern);
      const other = seen.get(key);
      if (other) throw new Error(`${remote}: the pattern ${pattern} of template "${template}" matches the same paths as that of template "${other}"`);
      seen.set(key, template);
      declared.push({ template, pattern, hydration: spec.hydration, ...(name ? { name } : {}), query });
    }
  }
  for (const name of Object.keys(widgets)) {
    if (name in templates) throw new Error(`${remote}: "${name}" is both a template and a widget`);
  }
  const links = [...new Set(options.links ?? [])];
  for (const link of links) {
    if (!/^mf-[a-z-]+\/[A-Za-z]+(\.[A-Za-z]+)?$/.test(link)) throw new Error(`${remote}: "${link}" is not a route id (mf-events/event, mf-content/area.research)`);
    if (link.startsWith(`${remote}/`)) throw new Error(`${remote}: "${link}" is one of its own pages: link to it with routes.path or routes.href`);
  }
  // Shorter patterns first (patterns of different lengths never match the same path: this only keeps
  // the manifest readable), then by specificity. Array.prototype.sort is stable: patterns of the same
  // specificity keep their declaration order.
  const rank = (pattern: string) => specificity(pattern);
  const ordered = [...declared].sort((a, b) => {
    const ra = rank(a.pattern);
    const rb = rank(b.pattern);
    return ra.length - rb.length || (ra < rb ? -1 : ra > rb ? 1 : 0);
  });

  // Matched on every page request: each pattern split once, grouped by its number of segments (a path
  // only meets the patterns of its own length), so a match is one split of the path and a few compares.
  const byLength = new Map<number, { route: RouteDefinition; segments: string[] }[]>();
  for (const route of ordered) {
    const segments = route.pattern.split('/');
    const list = byLength.get(segments.length) ?? [];
    list.push({ route, segments });
    byLength.set(segments.length, list);
  }
  const matchSegments = (pattern: string[], path: string[]): Record<string, string> | null => {
    const params: Record<string, string> = {};
    for (let i = 0; i < pattern.length; i++) {
      const seg = pattern[i]!;
      const val = path[i]!;
      if (isParam(seg)) {
        if (!val) return null;
        try {
          params[seg.slice(1)] = decodeURIComponent(val);
        } catch {
          return null;
        }
      } else if (seg !== val) return null;
    }
    return params;
  };

  const patternOf = (template: string): string => {
    const spec = templates[template];
    if (!spec || typeof spec.pattern !== 'string') throw new Error(`${remote}: no single pattern for template "${template}"`);
    return spec.pattern;
  };
  const path = (template: string, params?: Record<string, string>): string => {
    const pattern = patternOf(template);
    for (const segment of pattern.split('/').filter(isParam)) {
      if (!params?.[segment.slice(1)]) throw new Error(`${remote}: a link to "${template}" needs its ${segment.slice(1)}`);
    }
    return params ? fillPattern(pattern, params) : pattern;
  };

  return {
    contractVersion: CONTRACT_VERSION,
    remote,
    routes: ordered,
    widgets: Object.entries(widgets).map(([name, spec]) => ({ name, hydration: spec.hydration })),
    links: links as L[],
    templates,
    widgetSpecs: widgets,
    path: path as SectionRoutes<T, W, L>['path'],
    href: ((lang: Lang, template: string, params?: Record<string, string>) => localePath(lang, path(template, params))) as SectionRoutes<T, W, L>['href'],
    match(p: string) {
      const segments = normalizePath(p).split('/');
      const matches: RouteMatch<keyof T & string>[] = [];
      for (const { route, segments: pattern } of byLength.get(segments.length) ?? []) {
        const params = matchSegments(pattern, segments);
        if (params) matches.push({ template: route.template as keyof T & string, pattern: route.pattern, hydration: route.hydration, params, query: route.query ?? [] });
      }
      return matches;
    },
  };
}

/**
 * The path prefixes a manifest's patterns cover: per pattern its fixed segments before the first
 * parameter (`/events/:slug` → `/events`; `/:slug` → `/`), without those another prefix already covers.
 * The site's routing (site.ts) gives a path no pattern matches to the section whose prefix it falls
 * under (longest first), so that section answers its own 404; the registry names no prefixes.
 */
export function routePrefixes(manifest: Pick<RouteManifest, 'routes'>): string[] {
  const prefixes = new Set<string>();
  for (const { pattern } of manifest.routes) {
    const fixed: string[] = [];
    for (const segment of normalizePath(pattern).split('/').slice(1)) {
      if (isParam(segment) || segment === '') break;
      fixed.push(segment);
    }
    prefixes.add(`/${fixed.join('/')}`);
  }
  const covers = (a: string, b: string) => a === '/' || b === a || b.startsWith(`${a}/`);
  return [...prefixes].filter((p) => ![...prefixes].some((q) => q !== p && covers(q, p))).sort();
}
