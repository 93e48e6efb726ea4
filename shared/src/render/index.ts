import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { RemoteServerModule, ViewProps } from '@qf/shared/contracts';
import { rootIdPrefix } from '../parcel/id-prefix';
import { SectionRoot, type SectionDefinition } from '@qf/shared/react';

/**
 * The `./server` module of a section: renders a view to HTML with exactly the props the parcel gets.
 * A section with views in chunks of their own (`defineSection`'s `loaders`) loads them all at once;
 * `ready` resolves when they are in, and the shell awaits it before its first render.
 */
export function createServerRenderer(section: SectionDefinition & { loadAll?: () => Promise<void> }): Required<RemoteServerModule> {
  const loaded = section.loadAll ? section.loadAll() : Promise.resolve();
  // Not an unhandled rejection at startup: the shell hears of a failed load from `ready`.
  loaded.catch(() => undefined);
  return {
    render(props: ViewProps): string {
      return renderToString(createElement(SectionRoot, { section, ...props }), { identifierPrefix: rootIdPrefix(props) });
    },
    ready: () => loaded,
  };
}
