import { readFile } from 'node:fs/promises';
import { pagePathsSchema, registrySchema, type PagePathEntry, type Registry } from '@qf/shared/contracts';
import { langs } from '@qf/shared/i18n';
import { listingDocument } from './documents';
import type { SearchDoc } from './engine';

/** How often the other sections are asked again once each has answered; sooner while one has not. */
export const LISTINGS_TTL_MS = 60_000;
export const LISTINGS_RETRY_MS = 5_000;
const ASK_TIMEOUT_MS = 3_000;

export interface RemoteListingsOptions {
  /** The registry the shell reads (`REGISTRY`): a file, or an http(s) URL. */
  registry: string;
  now?: () => number;
  /** GET a JSON document (tests give their own). */
  getJson?: (url: string) => Promise<unknown>;
}

async function defaultGetJson(url: string): Promise<unknown> {
  const res = await fetch(url, { signal: AbortSignal.timeout(ASK_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

/**
 * The other sections' listing pages (their lists, landings and series: no content entry of their own),
 * as search documents: the `listing` entries of each remote's `/_qf/paths?listing=1`, whose heads the remote
 * fills from its own resolver and translations. The remotes are found through the registry the shell
 * reads. Asked in the background, never while a visitor waits: `docs()` is what the last answers said,
 * `version()` changes when they change (the index is rebuilt then), and `refresh()` starts a new round
 * when the last is older than LISTINGS_TTL_MS (LISTINGS_RETRY_MS while a section has not answered: at
 * start the others may not be up yet). A section that does not answer keeps what it said last.
 */
export function createRemoteListings({ registry, now = Date.now, getJson = defaultGetJson }: RemoteListingsOptions) {
  const bySection = new Map<string, SearchDoc[]>();
  let version = '';
  let askedAt = -Infinity;
  let complete = false;
  let round: Promise<void> | undefined;
  /** The last problem logged: a registry that stays unreadable is said once, not every few seconds. */
  let said = '';
  const say = (problem: string) => {
    if (problem !== said) console.error(`search: ${problem}`);
    said = problem;
  };

  async function readRegistry(): Promise<Registry> {
    const raw = /^https?:\/\//.test(registry) ? await getJson(registry) : (JSON.parse(await readFile(registry, 'utf8')) as unknown);
    return registrySchema.parse(raw);
  }

  const docsOf = (entries: PagePathEntry[]): SearchDoc[] =>
    entries.flatMap((e) => (e.listing && e.head ? langs.map((lang) => listingDocument({ en: e.en, ar: e.ar }, lang, e.head![lang])) : []));

  async function ask(): Promise<void> {
    let remotes: [string, string][];
    try {
      const reg = await readRegistry();
      remotes = Object.entries(reg.remotes).flatMap(([name, entry]) => (entry && name !== 'mf-content' ? [[name, entry.url.replace(/\/$/, '')] as [string, string]] : []));
    } catch (error) {
      say(`the registry ${registry} could not be read, so the other sections' listing pages are not searched: ${String(error)}`);
      complete = false;
      return;
    }
    const answers = await Promise.all(
      remotes.map(async ([name, url]) => {
        try {
          // Only its listing pages (a section of an older release answers every path: docsOf keeps the listings).
          bySection.set(name, docsOf(pagePathsSchema.parse(await getJson(`${url}/_qf/paths?listing=1`))));
          return true;
        } catch {
          return false;
        }
      }),
    );
    for (const name of [...bySection.keys()]) if (!remotes.some(([n]) => n === name)) bySection.delete(name);
    complete = answers.every(Boolean);
    if (complete) said = '';
    version = JSON.stringify([...bySection.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, docs]) => [name, docs.map((d) => [d.url, d.title, d.excerpt])]));
  }

  return {
    docs: (): SearchDoc[] => [...bySection.values()].flat(),
    version: () => version,
    /** Starts a round of asking when the last is old enough; resolves when that round (or the one running) ends. */
    refresh(): Promise<void> {
      if (round) return round;
      if (now() - askedAt < (complete ? LISTINGS_TTL_MS : LISTINGS_RETRY_MS)) return Promise.resolve();
      askedAt = now();
      round = ask().finally(() => (round = undefined));
      return round;
    },
  };
}

export type RemoteListings = ReturnType<typeof createRemoteListings>;
