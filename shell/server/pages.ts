import { createBus } from '@qf/shared/bus';
import {
  CONTRACT_VERSION,
  type FormAnswer,
  resolverAnswerSchema,
  type Hydration,
  type PageData,
  type RemoteName,
  type ResolvedRemote,
  type WidgetHost,
  type WidgetId,
} from '@qf/shared/contracts';
import type { Lang } from '@qf/shared/i18n';
import { keyedQuery, linkHref, splitLang } from '@qf/shared/routing';
import { traceHeaders } from '@qf/shared/server';
import type { ManifestReader } from './assets';
import { boundedMap, type BoundedMap } from './bounded-map';
import { getJson, type GetJson, type JsonAnswer } from './http-get';
import type { LoadedRemote, ServerRemotes } from './federation';
import type { OwnerOutcome, ShellMetrics } from './metrics';
import { statusAndEntry, type RegistryClient } from './registry';
import type { RenderedWidget } from '../src/state';

export type Outcome =
  | {
      status: 'ok';
      lang: Lang;
      pageData: PageData;
      /** The owner's content version the page was made from, when it says (see resolverAnswerSchema). */
      contentVersion?: string;
    }
  | { status: 'not-found' | 'unavailable' | 'error'; lang: Lang; reason?: string };


/** At most one line per owner in this long about the pages it left unavailable (the rest are counted). */
export const UNAVAILABLE_LOG_MS = 10_000;

interface Deps {
  registry: RegistryClient;
  manifests: ManifestReader;
  shellBuild: string;
  timeoutMs: number;
  /** How the owner is asked (node:http with kept-alive connections). */
  get?: GetJson;
  /** Where the reason of a 503 goes (console.warn), at most once per owner per UNAVAILABLE_LOG_MS. */
  warn?: (line: string) => void;
  now?: () => number;
  /** Counts what each owner answered (qf_owner_answers_total). */
  metrics?: Pick<ShellMetrics, 'ownerAnswer'>;
  /** Sent to the owner with every page asked (an editor's preview: its secret header, preview.ts). */
  headers?: Record<string, string>;
}

const remoteOfWidget = (id: WidgetId) => id.split('/')[0] as RemoteName;

/**
 * Steps 2 and 3 of the request flow: find the owner of the path, ask it for the page, and describe
 * the builds the browser will need. Every failure of the owner is contained here as an outcome.
 */
export function createPageResolver({ registry, manifests, shellBuild, timeoutMs, get = getJson, warn = console.warn, now = Date.now, metrics, headers = {} }: Deps) {
  // Why an owner's pages are 503 pages is the first thing ops need (once a look at the registry said
  // a remote was up, nothing else logs a page its owner did not answer in time): logged, but a remote
  // down under load must not write a line per request.
  const warnedAt = new Map<RemoteName, { at: number; since: number }>();
  function unavailable(owner: RemoteName, sitePath: string, lang: Lang, reason: string): Outcome {
    const last = warnedAt.get(owner);
    if (last && now() - last.at < UNAVAILABLE_LOG_MS) last.since++;
    else {
      const more = last?.since ? ` (and ${last.since} more of its pages since the last line)` : '';
      // The path quoted: a visitor's address (a decoded line break in it) never writes a line of its own.
      warn(`${JSON.stringify(sitePath)} answered 503: ${reason}${more}`);
      warnedAt.set(owner, { at: now(), since: 0 });
    }
    return { status: 'unavailable', lang, reason };
  }

  async function resolvedRemote(remote: RemoteName): Promise<ResolvedRemote | null> {
    const { status, entry } = await statusAndEntry(registry, remote);
    if (!status.up || !entry) return null;
    try {
      const manifestUrl = registry.manifestUrl(entry, status);
      const entryUrl = await manifests.entryOf(manifestUrl);
      // The entry's digest from its release (the browser runs no other bytes; the entry vouches for its chunks).
      const integrity = entry.browserIntegrity?.[entryUrl.slice(manifestUrl.lastIndexOf('/') + 1)];
      return { name: remote, entry: entryUrl, ...(integrity ? { integrity } : {}), buildId: status.info.buildId, version: status.info.version };
    } catch {
      return null;
    }
  }

  /** `search` (`?a=b` or empty) reaches the owner, so a list filtered by its query renders filtered without JavaScript. */
  return async function resolve(sitePath: string, search = ''): Promise<Outcome> {
    const { lang, path } = splitLang(sitePath);
    const { table, unrouted } = await registry.routing();
    // While a remote's routes are not known (down since this shell started, no published copy named),
    // a page no other remote has may be one of its pages: unavailable for now, not gone.
    const notFound = (): Outcome =>
      unrouted.length ? unavailable(unrouted[0]!, sitePath, lang, `not found, but the routes of ${unrouted.join(', ')} are not known to this shell yet`) : { status: 'not-found', lang };
    const owner = table.owner(path);
    if (!owner) return notFound();
    const { status, entry } = await statusAndEntry(registry, owner);
    const release = status.up ? status.info.buildId : '';
    const answered = (outcome: OwnerOutcome) => metrics?.ownerAnswer(owner, release, outcome);
    if (!status.up || !entry) {
      answered('503');
      return unavailable(owner, sitePath, lang, `${owner} is down for this shell: ${status.up ? 'no registry entry' : status.reason}`);
    }
    // Only the parameters the page's template reads (its manifest's `query`): the rest is no concern of the owner's.
    const query = keyedQuery(search, table.query(path));
    let res: JsonAnswer;
    try {
      // Uncompressed: between servers next to each other compression costs both far more than it saves
      // (the owner's server brotli-compressed every page answer, and the shell decompressed it).
      // The visitor's request id and trace go with it: the owner's log lines carry them too.
      res = await get(`${entry.url}/_qf/page?path=${encodeURIComponent(path)}&lang=${lang}${query ? `&query=${encodeURIComponent(query)}` : ''}`, {
        headers: { 'accept-encoding': 'identity', ...headers, ...traceHeaders() },
        timeoutMs,
      });
    } catch (error) {
      answered(error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : '503');
      return unavailable(owner, sitePath, lang, `${owner} did not answer: ${String(error)}`);
    }
    if (res.status === 404) {
      answered('404');
      return notFound();
    }
    if (!res.ok) {
      answered('503');
      return unavailable(owner, sitePath, lang, `${owner} answered ${res.status}`);
    }
    const parsed = resolverAnswerSchema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) {
      answered('contract');
      return unavailable(owner, sitePath, lang, `${owner} broke the page contract: ${parsed.error.message}`);
    }
    answered('ok');
    const page = parsed.data.page;
    const chromeWidgets = Object.values(page.chrome ?? {}).map((w) => w.id);
    const involved = [owner, ...new Set([...page.widgets, ...chromeWidgets].map(remoteOfWidget))].filter((r, i, all) => all.indexOf(r) === i);
    const resolved = (await Promise.all(involved.map(resolvedRemote))).filter((r): r is ResolvedRemote => r !== null);
    // The other sections' pages these sections link to, resolved from the route manifests (WidgetHost.href).
    const links = table.linksOf(involved);
    const pageData: PageData = {
      path: sitePath,
      componentChunkName: `${owner}/${page.template}`,
      webpackCompilationHash: await registry.compositionHash(shellBuild),
      staticQueryHashes: [],
      slicesMap: {},
      result: { lang, remote: owner, page, remotes: resolved, ...(Object.keys(links).length ? { links } : {}) },
    };
    return { status: 'ok', lang, pageData, ...(parsed.data.contentVersion ? { contentVersion: parsed.data.contentVersion } : {}) };
  };
}

/** `WidgetHost.href` of a page, on the server: its sections' links as its page data says (the browser's answers alike). */
export const pageLinks =
  (pageData: PageData): NonNullable<WidgetHost['href']> =>
  (route, params) =>
    linkHref(pageData.result.links?.[route], pageData.result.lang, params);

export interface RenderedSection {
  html: string;
  widgets: RenderedWidget[];
  /** The widgets that rendered something (a popup that opens later renders nothing until then). */
  shownWidgets: WidgetId[];
}

/**
 * HTML of widgets by build, view, language and props: a widget's server render is a function of those
 * (its props are all it gets), and the same widget with the same props is on many pages (the newsletter
 * form on every story), so a page never rendered before reuses it too. Bounded, oldest out first.
 */
export function createWidgetCache(max = 500): BoundedMap<string, string> {
  return boundedMap<string, string>(max);
}
export type WidgetCache = ReturnType<typeof createWidgetCache>;

/**
 * Step 4 for the owner's part: render its template through its Node build, and every widget it
 * places through the widget owner's Node build. A widget that fails renders empty; the page stays.
 */
export async function renderSection(
  pageData: PageData,
  deps: {
    registry: RegistryClient;
    remotes: ServerRemotes;
    /** A widget that could not be rendered (its remote, when known: release health counts it). */
    onWidgetError: (error: unknown, remote?: RemoteName) => void;
    widgetCache?: WidgetCache;
    /** A form of the page sent back (the form-answer contract): its widget gets it as its `answer` prop. */
    formAnswer?: FormAnswer;
  },
): Promise<RenderedSection> {
  const { lang, remote, page } = pageData.result;
  const load = async (name: RemoteName): Promise<LoadedRemote> => {
    const { status, entry } = await statusAndEntry(deps.registry, name);
    if (!status.up || !entry) throw new Error(`${name} is unavailable`);
    const loaded = await deps.remotes.get(name, entry, status.info.buildId);
    if (loaded.routes.contractVersion !== CONTRACT_VERSION) throw new Error(`${name} was built for contract ${String(loaded.routes.contractVersion)}`);
    return loaded;
  };
  const owner = await load(remote);
  const widgetModules = new Map<RemoteName, LoadedRemote>();
  await Promise.all(
    [...new Set(page.widgets.map(remoteOfWidget))].map(async (name) => {
      try {
        widgetModules.set(name, name === remote ? owner : await load(name));
      } catch (error) {
        deps.onWidgetError(error, name);
      }
    }),
  );
  const bus = createBus();
  const widgets: RenderedWidget[] = [];
  const shownWidgets: WidgetId[] = [];
  // React cannot render one tree inside another's render (the inner one would read the outer one's
  // context), so widgets are placeholders during a render and are rendered once it has finished.
  const pending: { id: WidgetId; props: Record<string, unknown> }[] = [];
  const placeholder = (i: number) => `<!--qf-widget:${i}-->`;
  const host: WidgetHost = {
    renderWidget(id, props) {
      pending.push({ id, props });
      return placeholder(pending.length - 1);
    },
    href: pageLinks(pageData),
  };
  const renderWidget = ({ id, props: placed }: { id: WidgetId; props: Record<string, unknown> }): string => {
    const name = remoteOfWidget(id);
    const view = id.split('/')[1] ?? '';
    const mod = widgetModules.get(name);
    if (!mod) return '';
    // The visitor's own answer is theirs alone: never kept for another page.
    const answered = deps.formAnswer?.widget === id;
    const props = answered ? { ...placed, answer: deps.formAnswer } : placed;
    try {
      const key = `${name}@${mod.buildId} ${view} ${lang} ${JSON.stringify(props)}`;
      let html = answered ? undefined : deps.widgetCache?.get(key);
      if (html === undefined) {
        const before = pending.length;
        html = mod.server.render({ view, data: props, lang, bus, host });
        // A widget that placed widgets holds placeholders numbered for this page: not kept.
        if (pending.length === before && !answered) deps.widgetCache?.set(key, html);
      }
      const hydration: Hydration = mod.routes.widgets.find((w) => w.name === view)?.hydration ?? 'visible';
      widgets.push({ key: String(props.widgetKey ?? ''), id, props, hydration });
      if (html !== '') shownWidgets.push(id);
      return html;
    } catch (error) {
      deps.onWidgetError(error, name);
      return '';
    }
  };
  let html = owner.server.render({ view: page.template, data: page.data, lang, bus, host });
  // Widgets may place widgets: fill placeholders until none is left (bounded, against a cycle).
  for (let round = 0, done = 0; done < pending.length && round < 5; round++) {
    const upto = pending.length;
    for (let i = done; i < upto; i++) html = html.replace(placeholder(i), () => renderWidget(pending[i]!));
    done = upto;
  }
  return { html, widgets, shownWidgets };
}
