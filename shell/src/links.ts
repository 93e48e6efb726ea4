import type { PageData, RouteId, WidgetHost } from '@qf/shared/contracts';
import type { Lang } from '@qf/shared/i18n';
import { linkHref } from '@qf/shared/routing';

/**
 * The browser's `WidgetHost.href`: the addresses of other sections' pages from the `links` of the page
 * data it has seen (the server resolved them from the route manifests, and rendered with the same).
 * A route id keeps its patterns for the composition (a new one reloads the page), so they add up.
 */
export function createLinkBook() {
  const patterns = new Map<RouteId, string[]>();
  return {
    learn(pageData: PageData | null | undefined): void {
      for (const [route, list] of Object.entries(pageData?.result.links ?? {})) patterns.set(route, list);
    },
    hrefFor(lang: Lang): NonNullable<WidgetHost['href']> {
      return (route, params) => linkHref(patterns.get(route), lang, params);
    },
  };
}
export type LinkBook = ReturnType<typeof createLinkBook>;
