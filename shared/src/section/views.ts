import type { ComponentType } from 'react';
import type { RouteId } from '@qf/shared/contracts';
import type { Translations } from '@qf/shared/i18n';
import type { SectionDefinition, ViewComponentProps } from '@qf/shared/react';
import type { SectionRouteTable, SectionRoutes, TemplateSpec, WidgetSpec } from './routes';

type View = ComponentType<ViewComponentProps<never>>;

const LAZY = Symbol.for('qf.lazyView');

/** A view fetched only when a page or widget needs it (its own chunk in the browser). */
export interface LazyView {
  readonly [LAZY]: true;
  readonly load: () => Promise<View>;
}

/**
 * A view in a chunk of its own: `lazyView(() => import(/* webpackChunkName: "story" *\/ './views/Story').then((m) => m.Story))`.
 * Name the chunk after the template: the shell links the stylesheets of the template it rendered by
 * that name (the manifest's `qfCss`), so the server's HTML is styled before the code arrives.
 */
export const lazyView = <D>(load: () => Promise<ComponentType<ViewComponentProps<D>>>): LazyView => ({ [LAZY]: true, load: load as () => Promise<View> });

const isLazy = (entry: View | LazyView): entry is LazyView => typeof entry === 'object' && entry !== null && LAZY in entry;

/** The views of a section: one per template and per widget of its routes, a missing one a type error. */
export type SectionViews<T extends Record<string, TemplateSpec>, W extends Record<string, WidgetSpec>> = { [K in (keyof T | keyof W) & string]: View | LazyView };

/** A section as its parcel and its server renderer take it: its views (lazy ones loaded on demand) and routes. */
export interface DefinedSection extends SectionDefinition {
  readonly routes: SectionRouteTable;
  /** The views in chunks of their own, by template or widget; `views` gets each once it is loaded. */
  readonly loaders: Record<string, () => Promise<View>>;
  /** Loads every lazy view (the server renderer, which renders synchronously, awaits this first). */
  loadAll(): Promise<void>;
}

/**
 * One section from its routes, its translations and a view per template and widget. The browser parcel
 * (`createSectionParcel(section, section.loaders)`) and the server renderer (`createServerRenderer(section)`)
 * are both made from it, so a template cannot have a route without a view, nor a view without a route.
 */
export function defineSection<T extends Record<string, TemplateSpec>, W extends Record<string, WidgetSpec>>(
  routes: SectionRoutes<T, W, RouteId>,
  { translations, views }: { translations: Translations; views: SectionViews<T, W> },
): DefinedSection {
  const eager: Record<string, View> = {};
  const loaders: Record<string, () => Promise<View>> = {};
  for (const [name, entry] of Object.entries(views) as [string, View | LazyView][]) {
    if (isLazy(entry)) loaders[name] = entry.load;
    else eager[name] = entry;
  }
  const section: DefinedSection = {
    name: routes.remote,
    translations,
    views: eager,
    routes,
    loaders,
    async loadAll() {
      await Promise.all(
        Object.entries(loaders).map(async ([name, load]) => {
          if (!section.views[name]) section.views[name] = await load();
        }),
      );
    },
  };
  return section;
}
