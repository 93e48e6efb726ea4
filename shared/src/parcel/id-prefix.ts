import type { ViewProps } from '@qf/shared/contracts';

// Kept out of the shared contracts module on purpose: that module is a singleton in the Module
// Federation share scope, so a function added there is missing at run time for a remote whose host
// was built before it. This file is bundled into each section's own parcel and server renderer.

/**
 * The React `identifierPrefix` of one rendered root. Every page and widget is its own React root, so
 * `useId` would hand out the same ids in two widgets of one page (duplicate ids, labels pointing at
 * the wrong element): each root gets a prefix from its widget key (or its view), the same on the
 * server and in the browser so hydration still matches.
 */
export function rootIdPrefix(props: Pick<ViewProps, 'view' | 'data'>): string {
  const data = props.data as { widgetKey?: unknown } | null | undefined;
  const key = data && typeof data === 'object' && typeof data.widgetKey === 'string' ? data.widgetKey : props.view;
  return `${key.replace(/[^A-Za-z0-9_-]+/g, '-')}-`;
}
