import { createBus } from '@qf/shared/bus';
import { CONTRACT_VERSION, chromeSlotSchema, type PageData, type RemoteName } from '@qf/shared/contracts';
import type { ServerRemotes } from './federation';
import { pageLinks } from './pages';
import { statusAndEntry, type RegistryClient } from './registry';
import { chromeSite, type ChromeHtml } from '../src/chrome-widgets';
import type { Globals } from '../src/state';

/**
 * The parts of the chrome the page's owner hands to a section's widget (the IDKT footer), rendered
 * by the widget's section through its Node build with `site` added to its props. A part whose widget
 * is unknown, whose section is down or whose render throws is left out: the shell shows its own.
 */
export async function renderChrome(pageData: PageData, globals: Globals, deps: { registry: RegistryClient; remotes: ServerRemotes; onError: (error: unknown, remote: RemoteName) => void }): Promise<ChromeHtml> {
  const { lang, page } = pageData.result;
  const html: ChromeHtml = {};
  for (const slot of chromeSlotSchema.options) {
    const widget = page.chrome?.[slot];
    if (!widget) continue;
    const [remote, view = ''] = widget.id.split('/') as [RemoteName, string];
    try {
      const { status, entry } = await statusAndEntry(deps.registry, remote);
      if (!status.up || !entry) throw new Error(`${remote} is unavailable for the ${slot}`);
      const loaded = await deps.remotes.get(remote, entry, status.info.buildId);
      if (loaded.routes.contractVersion !== CONTRACT_VERSION) throw new Error(`${remote} was built for contract ${String(loaded.routes.contractVersion)}`);
      if (!loaded.routes.widgets.some((w) => w.name === view)) throw new Error(`${remote} exposes no widget ${view}`);
      const rendered = loaded.server.render({ view, data: { ...widget.props, site: chromeSite(globals) }, lang, bus: createBus(), host: { href: pageLinks(pageData) } });
      if (rendered) html[slot] = rendered;
    } catch (error) {
      deps.onError(error, remote);
    }
  }
  return html;
}
