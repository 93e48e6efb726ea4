import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ComponentType, type ReactElement } from 'react';
import type { TFunction, i18n as I18n } from 'i18next';
import type { Bus, TopicPayload } from '@qf/shared/bus';
import type { RouteId, ViewProps, WidgetHost } from '@qf/shared/contracts';
import type { WidgetId } from '@qf/shared/contracts';
import type { Lang } from '@qf/shared/i18n';
import { i18nCache, type Translations } from '@qf/shared/i18n';

export interface ViewComponentProps<D = unknown> {
  data: D;
}

/** A section's views and translations: what its parcel and its server renderer both render. */
export interface SectionDefinition {
  name: string;
  translations: Translations;
  views: Record<string, ComponentType<ViewComponentProps<never>>>;
}

interface SectionContextValue {
  lang: Lang;
  bus: Bus;
  host: WidgetHost;
  i18n: I18n;
  ns: string;
}

const SectionContext = createContext<SectionContextValue | null>(null);

function useSection(): SectionContextValue {
  const value = useContext(SectionContext);
  if (!value) throw new Error('useSection must be used inside a SectionRoot');
  return value;
}

/** The section's translate function for the current page language. */
export function useT(): TFunction {
  const { i18n, ns } = useSection();
  return i18n.getFixedT(null, ns);
}

export const useLang = (): Lang => useSection().lang;
export const useBus = (): Bus => useSection().bus;

/**
 * Links to other sections' pages, by route id: `link('mf-events/events')`, `link('mf-content/page',
 * { slug: 'about' })`. Only the ids the section declares in its routes (`defineRoutes(…, { links })`)
 * type-check. The shell resolves them from the sections' route manifests, the same on the server and
 * in the browser; a page it does not know gives undefined, and the view leaves that link out.
 */
export function useLinks<L extends RouteId>(_routes: { readonly links: readonly L[] }): (route: L, params?: Readonly<Record<string, string>>) => string | undefined {
  const { host } = useSection();
  return (route, params) => host.href?.(route, params);
}

const getI18nFor = new WeakMap<SectionDefinition, (lang: Lang) => I18n>();

export function SectionRoot({ section, view, data, lang, bus, host }: ViewProps & { section: SectionDefinition }): ReactElement {
  let getI18n = getI18nFor.get(section);
  if (!getI18n) getI18nFor.set(section, (getI18n = i18nCache([section.translations])));
  const View = section.views[view] as ComponentType<ViewComponentProps<unknown>> | undefined;
  if (!View) throw new Error(`${section.name} has no view named "${view}"`);
  return (
    <SectionContext.Provider value={{ lang, bus, host, i18n: getI18n(lang), ns: section.translations.ns }}>
      <View data={data} />
    </SectionContext.Provider>
  );
}

export interface WidgetProps {
  id: WidgetId;
  props?: Record<string, unknown>;
  /** Distinguishes two placements of the same widget on one page. */
  instance?: string;
  className?: string;
}

export const widgetKey = (id: WidgetId, instance = 'default'): string => `${id}#${instance}`;

/**
 * Places another section's widget. The shell renders it (server) and mounts it (browser) in its own
 * slot with its own error boundary; the placing section never loads the other remote itself.
 */
export function Widget({ id, props = {}, instance, className }: WidgetProps): ReactElement {
  const { host } = useSection();
  const key = widgetKey(id, instance);
  const ref = useRef<HTMLDivElement>(null);
  const propsKey = JSON.stringify(props);
  const [html] = useState(() => (typeof window === 'undefined' ? (host.renderWidget?.(id, { ...props, widgetKey: key }) ?? '') : (host.serverHtml?.(key, { ...props, widgetKey: key }) ?? '')));
  useEffect(() => {
    if (!ref.current || !host.mountWidget) return undefined;
    return host.mountWidget(ref.current, id, { ...(JSON.parse(propsKey) as Record<string, unknown>), widgetKey: key });
  }, [host, id, key, propsKey]);
  return <div ref={ref} className={className} data-qf-widget={id} data-qf-key={key} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * The current value of a state topic of the bus (theme, language, route), re-rendering when the
 * shell publishes a new one. Late subscribers get the last value at once.
 */
export function useBusState<T extends 'theme' | 'language' | 'route'>(topic: T): TopicPayload<T> | undefined {
  const bus = useBus();
  return useSyncExternalStore(
    (onChange) => bus.subscribe(topic, onChange),
    () => bus.last(topic),
    () => undefined,
  );
}
