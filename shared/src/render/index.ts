import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { RemoteServerModule, ViewProps } from '@qf/shared/contracts';
import { rootIdPrefix } from '../parcel/id-prefix';
import { SectionRoot, type SectionDefinition } from '@qf/shared/react';

/** The `./server` module of a section: renders a view to HTML with exactly the props the parcel gets. */
export function createServerRenderer(section: SectionDefinition): RemoteServerModule {
  return {
    render(props: ViewProps): string {
      return renderToString(createElement(SectionRoot, { section, ...props }), { identifierPrefix: rootIdPrefix(props) });
    },
  };
}
