import type { RemoteName, RouteId, RouteManifest } from '@qf/shared/contracts';
import type { Lang } from '@qf/shared/i18n';
import { linkHref, normalizePath } from '@qf/shared/routing';
import { patternShape, routePrefixes, specificity } from './routes';

/**
 * Why a section's route manifest cannot join the others: each of its patterns that matches exactly the
 * paths of another section's pattern (the same shape: `/about/:slug` and `/about/:page`), naming both.
 * Patterns that only overlap (`/events` and `/:slug`) are not conflicts: the more specific one wins.
 */
export function routeConflicts(manifest: Pick<RouteManifest, 'remote' | 'routes'>, others: readonly Pick<RouteManifest, 'remote' | 'routes'>[]): string[] {
  const taken = new Map<string, { remote: RemoteName; pattern: string; template: string }>();
  for (const other of others) {
    if (other.remote === manifest.remote) continue;
    for (const route of other.routes) taken.set(patternShape(route.pattern), { remote: other.remote, pattern: route.pattern, template: route.template });
  }
  const problems: string[] = [];
  for (const route of manifest.routes) {
    const other = taken.get(patternShape(route.pattern));
    if (other) problems.push(`${manifest.remote}'s pattern ${route.pattern} (template "${route.template}") matches the same paths as ${other.remote}'s ${other.pattern} (template "${other.template}")`);
  }
  return problems;
}

/** The site's routes: every section's manifest, one table the shell finds a page's owner in. */
export interface SiteRoutes {
  /**
   * The section whose page a path (without its language prefix) is: the one with the most specific
   * pattern that matches it (fixed text before a parameter, at the first segment where two differ).
   * A path no pattern matches (`/events/a/b`) belongs to the section with the longest prefix its
   * patterns cover (`/events`), so that section answers its own 404; `null` when none covers it.
   */
  owner(path: string): RemoteName | null;
  /**
   * The owner of a path and the route it is answered by: the pattern that matched (`/stories/:slug`),
   * or for a path only a prefix covers, that prefix followed by `/*`. A template, never a visitor's path:
   * what logs and metrics name a page by.
   */
  route(path: string): { remote: RemoteName; pattern: string } | null;
  /**
   * The query parameters the page at a path may read: those its owner's templates whose patterns match
   * it declare (the owner tries them most specific first), sorted; none for a path no pattern matches.
   * The shell keys its page cache and asks the owner with these only (`keyedQuery`). Undefined when
   * the owner's manifest does not declare them (a release from before query keys): all of the query.
   */
  query(path: string): readonly string[] | undefined;
  /**
   * The patterns of a route id (`mf-events/event`; `mf-content/area.research`, one named pattern), in
   * the order a link picks one (`linkHref`); undefined when no section publishes it.
   */
  patterns(route: RouteId): string[] | undefined;
  /** The route ids the given sections link to (their manifests' `links`), each with its patterns: page data's `links`. */
  linksOf(remotes: readonly RemoteName[]): Record<RouteId, string[]>;
  /** A link's address in a language, or undefined (see `linkHref`). */
  href(lang: Lang, route: RouteId, params?: Readonly<Record<string, string>>): string | undefined;
  /** Each declared link to a route id no section in the table publishes, said as a sentence. */
  brokenLinks(): string[];
  /** The manifests the table was made of. */
  readonly manifests: readonly RouteManifest[];
}

/**
 * One table of the manifests of every section. They must not conflict (`routeConflicts`): whoever
 * registers them refuses a manifest that does, before it gets here (the shell keeps the section's
 * previous manifest); if two did, the first given would win.
 */
export function siteRoutes(manifests: readonly RouteManifest[]): SiteRoutes {
  // Patterns grouped by their number of segments (a path only meets patterns of its own length), each
  // group most specific first: the first that matches is the owner.
  const byLength = new Map<number, { remote: RemoteName; pattern: string; segments: string[]; rank: string; query: readonly string[] | undefined }[]>();
  for (const manifest of manifests) {
    for (const { pattern, query } of manifest.routes) {
      const segments = normalizePath(pattern).split('/');
      const list = byLength.get(segments.length) ?? [];
      list.push({ remote: manifest.remote, pattern, segments, rank: specificity(pattern), query });
      byLength.set(segments.length, list);
    }
  }
  for (const list of byLength.values()) list.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
  const prefixes = manifests
    .flatMap((m) => routePrefixes(m).map((prefix) => ({ remote: m.remote, prefix })))
    .sort((a, b) => b.prefix.length - a.prefix.length);

  const matches = (pattern: string[], path: string[]) => pattern.every((seg, i) => (seg.startsWith(':') ? path[i] !== '' : seg === path[i]));

  const byRemote = new Map(manifests.map((m) => [m.remote, m]));
  const patternCache = new Map<string, string[] | undefined>();
  const patterns = (route: RouteId): string[] | undefined => {
    if (patternCache.has(route)) return patternCache.get(route);
    const [remote, id = ''] = route.split('/') as [RemoteName, string];
    const [template, name] = id.split('.');
    const found = (byRemote.get(remote)?.routes ?? []).filter((r) => r.template === template && (name === undefined || r.name === name)).map((r) => r.pattern);
    const value = found.length ? found : undefined;
    patternCache.set(route, value);
    return value;
  };

  return {
    manifests,
    patterns,
    linksOf(remotes) {
      const links: Record<RouteId, string[]> = {};
      for (const remote of remotes) {
        for (const route of byRemote.get(remote)?.links ?? []) {
          const found = patterns(route);
          if (found) links[route] = found;
        }
      }
      return links;
    },
    href: (lang, route, params) => linkHref(patterns(route), lang, params),
    brokenLinks() {
      return manifests.flatMap((m) => (m.links ?? []).filter((route) => !patterns(route)).map((route) => `${m.remote} links to ${route}, which no section publishes`));
    },
    owner(p: string) {
      return route(p)?.remote ?? null;
    },
    route,
    query(p: string) {
      const segments = normalizePath(p).split('/');
      let owner: RemoteName | undefined;
      let names: string[] = [];
      for (const r of byLength.get(segments.length) ?? []) {
        if ((owner && r.remote !== owner) || !matches(r.segments, segments)) continue;
        owner = r.remote;
        if (!r.query) return undefined;
        if (r.query.length) names = [...new Set([...names, ...r.query])];
      }
      return names.sort();
    },
  };

  function route(p: string): { remote: RemoteName; pattern: string } | null {
    const path = normalizePath(p);
    const segments = path.split('/');
    for (const r of byLength.get(segments.length) ?? []) if (matches(r.segments, segments)) return { remote: r.remote, pattern: r.pattern };
    for (const { remote, prefix } of prefixes) if (prefix === '/' || path === prefix || path.startsWith(`${prefix}/`)) return { remote, pattern: prefix === '/' ? '/*' : `${prefix}/*` };
    return null;
  }
}
