import { createHash } from 'node:crypto';
import { createClient, type CreateClientParams } from 'contentful';
import { changeLog, keptLooks } from './kept';
import { locales, type ContentSource, type Entry } from './types';

/**
 * The headless CMS as a content source: Contentful's Content Delivery API, every locale at once, links left
 * as links (templates resolve them with `entry(id)`), rich text flattened to paragraphs and assets mapped to
 * our `asset` entries. Collections are cached for `cacheTtlMs`.
 */
export interface ContentfulSourceOptions {
  /** The space id. */
  space: string;
  /** A Content Delivery API access token (published content only). */
  accessToken: string;
  /** The environment; `master` when not given. */
  environment?: string;
  /** The API host; Contentful's `cdn.contentful.com` when not given. */
  host?: string;
  /** How long fetched collections and entries are reused, in milliseconds (default one minute). */
  cacheTtlMs?: number;
  /** An axios request adapter, to answer requests without the network (tests). */
  adapter?: CreateClientParams['adapter'];
  /**
   * Keep a copy of the space through the Sync API instead of caching collections: one initial sync,
   * then the changes since the last one (a delta by token) at most every `syncIntervalMs`, and at once
   * when `refresh()` is called (the space's webhook). Reports a content version and which entries
   * changed (`changedSince`), as the file store does.
   */
  syncIntervalMs?: number;
  /** Where a failed sync is said (once until one succeeds). */
  warn?: (message: string) => void;
}

/** The Delivery API's largest page. */
const PAGE_SIZE = 1000;
/** The content type our model gives the CMS's assets. */
const ASSET = 'asset';

type Json = Record<string, unknown>;
interface Page {
  items: unknown[];
  total: number;
}
interface Collection {
  entries: Entry[];
  byId: Map<string, Entry>;
}
interface Cached<T> {
  at: number;
  value: Promise<T>;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export function createContentfulSource({ space, accessToken, environment = 'master', host, cacheTtlMs = 60_000, adapter, syncIntervalMs, warn = console.error }: ContentfulSourceOptions): ContentSource {
  const client = createClient({ space, accessToken, environment, ...(host ? { host } : {}), ...(adapter ? { adapter } : {}) }).withAllLocales
    .withoutLinkResolution;
  if (syncIntervalMs !== undefined) return createSyncedSource((query) => request('the changes (Sync API)', () => client.sync(query)), syncIntervalMs, warn);

  const collections = new Map<string, Cached<Collection>>();
  const singles = new Map<string, Cached<Entry | undefined>>();
  const fresh = <T>(cached: Cached<T> | undefined): cached is Cached<T> => cached !== undefined && Date.now() - cached.at < cacheTtlMs;

  /** Fetches and caches a value; a failure is not cached, so the next call tries again. */
  function remember<T>(cache: Map<string, Cached<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const cached = cache.get(key);
    if (fresh(cached)) return cached.value;
    const entry: Cached<T> = { at: Date.now(), value: load() };
    cache.set(key, entry);
    entry.value.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    return entry.value;
  }

  async function fetchAll(what: string, fetchPage: (skip: number) => Promise<Page>): Promise<unknown[]> {
    const items: unknown[] = [];
    for (let skip = 0; ; ) {
      const page = await request(what, () => fetchPage(skip));
      items.push(...page.items);
      skip += page.items.length;
      if (page.items.length === 0 || skip >= page.total) return items;
    }
  }

  async function loadCollection(contentType: string): Promise<Collection> {
    const what = `content type "${contentType}"`;
    // Ordered by id so that pages do not overlap or skip items.
    const entries =
      contentType === ASSET
        ? (await fetchAll(what, (skip) => client.getAssets({ limit: PAGE_SIZE, skip, order: ['sys.id'] }))).map(fromContentfulAsset)
        : (await fetchAll(what, (skip) => client.getEntries({ content_type: contentType, include: 0, limit: PAGE_SIZE, skip, order: ['sys.id'] }))).map(fromContentfulEntry);
    return { entries, byId: new Map(entries.map((e) => [e.sys.id, e])) };
  }

  async function loadOne(id: string): Promise<Entry | undefined> {
    const what = `entry "${id}"`;
    const [entries, assets] = await Promise.all([
      request(what, () => client.getEntries({ 'sys.id': id, include: 0, limit: 1 })),
      request(what, () => client.getAssets({ 'sys.id': id, limit: 1 })),
    ]);
    if (entries.items[0]) return fromContentfulEntry(entries.items[0]);
    if (assets.items[0]) return fromContentfulAsset(assets.items[0]);
    return undefined;
  }

  return {
    async entries(contentType) {
      return (await remember(collections, contentType, () => loadCollection(contentType))).entries;
    },
    async entry(id) {
      for (const cached of collections.values()) {
        if (!fresh(cached)) continue;
        const found = (await cached.value.catch(() => undefined))?.byId.get(id);
        if (found) return found;
      }
      return remember(singles, id, () => loadOne(id));
    },
  };
}

/** What one call of the Sync API gives (all pages of it): published entries and assets, and those deleted. */
interface SyncAnswer {
  entries: unknown[];
  assets: unknown[];
  deletedEntries: unknown[];
  deletedAssets: unknown[];
  nextSyncToken?: string;
}
type SyncQuery = { initial: true } | { nextSyncToken: string };

/** How many syncs that found changes the source remembers for `changedSince`. */
const SYNCS_KEPT = 64;

/** An entry's part of the content version: its id and when it was last published. */
const mark = (entry: Entry): bigint => createHash('sha1').update(`${entry.sys.id}\n${entry.sys.updatedAt ?? ''}`).digest().readBigUInt64BE(0);

/**
 * The space kept in memory through the Sync API. The version is a digest of every entry's id and update
 * time, kept as the XOR of each entry's (a change costs the entries that changed), so two servers that
 * hold the same content report the same version whatever order they saw it in (a version per server
 * would make the shell drop its kept pages each time it asked the other one).
 */
function createSyncedSource(sync: (query: SyncQuery) => Promise<SyncAnswer>, intervalMs: number, warn: (message: string) => void): ContentSource {
  type Copy = { token: string; version: string; byId: Map<string, Entry>; byType: Map<string, Entry[]>; digest: bigint };
  const changes = changeLog(SYNCS_KEPT);
  const versionOf = (byId: Map<string, Entry>, digest: bigint) => `${byId.size}-${digest.toString(16).padStart(16, '0')}`;

  async function initial(): Promise<Copy> {
    const answer = await sync({ initial: true });
    const byId = new Map<string, Entry>();
    let digest = 0n;
    for (const entry of [...answer.entries.map(fromContentfulEntry), ...answer.assets.map(fromContentfulAsset)]) {
      byId.set(entry.sys.id, entry);
      digest ^= mark(entry);
    }
    const byType = new Map<string, Entry[]>();
    for (const entry of byId.values()) {
      let list = byType.get(entry.sys.contentType);
      if (!list) byType.set(entry.sys.contentType, (list = []));
      list.push(entry);
    }
    for (const list of byType.values()) list.sort(byIdOrder);
    return { token: tokenOf(answer), version: versionOf(byId, digest), byId, byType, digest };
  }

  async function delta(from: Copy): Promise<Copy> {
    const answer = await sync({ nextSyncToken: from.token });
    const changed = [...answer.entries.map(fromContentfulEntry), ...answer.assets.map(fromContentfulAsset)];
    const deleted = [...answer.deletedEntries, ...answer.deletedAssets].map((item) => String(sysOf(item).id));
    if (changed.length === 0 && deleted.length === 0) return { ...from, token: tokenOf(answer) };
    const byId = new Map(from.byId);
    let digest = from.digest;
    const ids = new Set<string>();
    const touched = new Set<string>();
    const drop = (id: string) => {
      const old = byId.get(id);
      if (!old) return;
      byId.delete(id);
      digest ^= mark(old);
      touched.add(old.sys.contentType);
    };
    for (const id of deleted) {
      drop(id);
      ids.add(id);
    }
    for (const entry of changed) {
      drop(entry.sys.id);
      byId.set(entry.sys.id, entry);
      digest ^= mark(entry);
      touched.add(entry.sys.contentType);
      ids.add(entry.sys.id);
    }
    // The list of a type nothing of which changed is the same array (what servers derive from it stays).
    const byType = new Map(from.byType);
    for (const type of touched) byType.set(type, [...byId.values()].filter((e) => e.sys.contentType === type).sort(byIdOrder));
    const next: Copy = { token: tokenOf(answer), version: versionOf(byId, digest), byId, byType, digest };
    changes.note(from.version, next.version, ids);
    return next;
  }

  // One sync at a time; a failed one keeps the copy there is, says why once, and is tried again after the interval.
  const kept = keptLooks((copy: Copy | undefined) => (copy ? delta(copy) : initial()), { intervalMs, warn, failed: (message) => `content not synced, the content synced before is kept: ${message}` });
  const load = kept.load;

  return {
    async entries(contentType) {
      return (await load()).byType.get(contentType) ?? [];
    },
    async entry(id) {
      return (await load()).byId.get(id);
    },
    async version() {
      return (await load()).version;
    },
    async changedSince(since) {
      return changes.since(since, (await load()).version);
    },
    refresh: kept.refresh,
  };
}

const byIdOrder = (a: Entry, b: Entry): number => (a.sys.id < b.sys.id ? -1 : a.sys.id > b.sys.id ? 1 : 0);

function tokenOf(answer: SyncAnswer): string {
  if (!answer.nextSyncToken) throw new Error('Contentful: the Sync API gave no next sync token');
  return answer.nextSyncToken;
}

/** Runs one API call, turning the SDK's error into one that names what was fetched and the HTTP status. */
async function request<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const { status, statusText, message } = describeError(error);
    const outcome = status ? `HTTP ${status}${statusText ? ` ${statusText}` : ''}` : 'no HTTP response (network error)';
    throw new Error(`Contentful: fetching ${what} failed: ${outcome}${message ? ` (${message})` : ''}`, { cause: error });
  }
}

/** The SDK throws an Error whose message is a JSON description (`status`, `statusText`, `message`); network errors come from axios as they are. */
function describeError(error: unknown): { status?: number; statusText?: string; message?: string } {
  if (!(error instanceof Error)) return { message: String(error) };
  try {
    const parsed: unknown = JSON.parse(error.message);
    if (isObject(parsed) && typeof parsed.status === 'number') {
      return { status: parsed.status, statusText: String(parsed.statusText ?? ''), message: String(parsed.message ?? '') };
    }
  } catch {
    // not the SDK's JSON description
  }
  const response = (error as { response?: { status?: unknown; statusText?: unknown } }).response;
  const code = (error as { code?: unknown }).code;
  return {
    status: typeof response?.status === 'number' ? response.status : undefined,
    statusText: typeof response?.statusText === 'string' ? response.statusText : undefined,
    message: [typeof code === 'string' ? code : '', error.message].filter(Boolean).join(': '),
  };
}

function sysOf(raw: unknown): Json {
  if (!isObject(raw) || !isObject(raw.sys) || typeof raw.sys.id !== 'string') throw new Error('Contentful: an item without sys.id in the response');
  return raw.sys;
}

function updatedAtOf(sys: Json): { updatedAt?: string } {
  return typeof sys.updatedAt === 'string' ? { updatedAt: sys.updatedAt } : {};
}

/** A Contentful entry (all locales) as our `Entry`. */
export function fromContentfulEntry(raw: unknown): Entry {
  const sys = sysOf(raw);
  const contentType = isObject(sys.contentType) && isObject(sys.contentType.sys) ? sys.contentType.sys.id : undefined;
  if (typeof contentType !== 'string') throw new Error(`Contentful: entry ${String(sys.id)} has no content type`);
  const fields: Entry['fields'] = {};
  const rawFields = (raw as Json).fields;
  for (const [name, byLocale] of Object.entries(isObject(rawFields) ? rawFields : {})) {
    if (!isObject(byLocale)) continue;
    fields[name] = Object.fromEntries(Object.entries(byLocale).map(([locale, value]) => [locale, mapValue(value)]));
  }
  return { sys: { id: sys.id as string, contentType, ...updatedAtOf(sys) }, fields };
}

/** A Contentful asset (all locales) as our `asset` entry; `file` only for images (their dimensions are known). */
export function fromContentfulAsset(raw: unknown): Entry {
  const sys = sysOf(raw);
  const id = sys.id as string;
  const rawFields = isObject((raw as Json).fields) ? ((raw as Json).fields as Json) : {};
  const titles = isObject(rawFields.title) ? rawFields.title : {};
  const fields: Entry['fields'] = {};

  const title: Record<string, unknown> = {};
  for (const locale of new Set<string>([...locales, ...Object.keys(titles)])) {
    const value = titles[locale] ?? titles['en-US'];
    if (typeof value === 'string') title[locale] = value;
  }
  if (Object.keys(title).length > 0) fields.title = title;

  const file = isObject(rawFields.file) ? rawFields.file['en-US'] : undefined;
  const details = isObject(file) && isObject(file.details) ? file.details : undefined;
  const image = details && isObject(details.image) ? details.image : undefined;
  if (isObject(file) && typeof file.url === 'string' && image && typeof image.width === 'number' && typeof image.height === 'number') {
    fields.file = {
      'en-US': {
        fileName: id.toLowerCase().replace(/[^a-z0-9-]/g, '-'),
        width: image.width,
        height: image.height,
        url: absoluteUrl(file.url),
      },
    };
  }
  return { sys: { id, contentType: ASSET, ...updatedAtOf(sys) }, fields };
}

/** The CMS serves files under protocol-relative URLs (`//images.ctfassets.net/...`). */
const absoluteUrl = (url: string): string => (url.startsWith('//') ? `https:${url}` : url.replace(/^http:\/\//, 'https://'));

function mapValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(mapValue);
  if (!isObject(value)) return value;
  if (value.nodeType === 'document') return richTextParagraphs(value);
  if (isObject(value.sys) && value.sys.type === 'Link') return { sys: { type: 'Link', linkType: value.sys.linkType, id: value.sys.id } };
  return value;
}

const TEXT_BLOCK = /^(paragraph|heading-[1-6])$/;

/** The text of each paragraph and heading of a rich text document, in order (lists and quotes included). */
export function richTextParagraphs(document: unknown): string[] {
  const paragraphs: string[] = [];
  const textOf = (node: unknown): string => {
    if (!isObject(node)) return '';
    if (node.nodeType === 'text') return typeof node.value === 'string' ? node.value : '';
    return Array.isArray(node.content) ? node.content.map(textOf).join('') : '';
  };
  const walk = (node: unknown): void => {
    if (!isObject(node)) return;
    if (typeof node.nodeType === 'string' && TEXT_BLOCK.test(node.nodeType)) {
      const text = textOf(node).trim();
      if (text) paragraphs.push(text);
      return;
    }
    if (Array.isArray(node.content)) node.content.forEach(walk);
  };
  walk(document);
  return paragraphs;
}
