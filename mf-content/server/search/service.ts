import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ContentSource } from '@qf/shared/content';
import { isLang, type Lang } from '@qf/shared/i18n';
import { sectionCounter } from '@qf/shared/server';
import { searchDocuments, SEARCHABLE } from './documents';
import type { RemoteListings } from './remote-listings';
import { FACETS, SearchIndex, type FacetName, type SearchDoc } from './engine';
import { typeLift, understand } from './question';
import { ASK_ANSWER_SIZE, ASK_MAX_LENGTH, ASK_PATH, type AskAnswer } from '@qf/shared/contracts';

const MESSAGES: Record<Lang, { invalid: string; unavailable: string }> = {
  en: { invalid: 'Invalid search request: {detail}', unavailable: 'Search is temporarily unavailable. Please try again in a moment.' },
  ar: { invalid: 'طلب بحث غير صالح: {detail}', unavailable: 'البحث غير متاح مؤقتاً. يُرجى المحاولة مرة أخرى بعد قليل.' },
};

const DETAILS: Record<Lang, Record<string, string>> = {
  en: { question: 'the question must have from 1 to 200 characters', q: 'the search text is longer than 200 characters', page: 'page must be a whole number from 1 to 1000', pageSize: 'pageSize must be a whole number from 1 to 50', type: 'unknown content type', lang: 'lang must be en or ar', unknown: 'unknown parameter', filter: 'a filter value is longer than 100 characters' },
  ar: { question: 'يجب أن يكون السؤال من حرف واحد إلى 200 حرف', q: 'نص البحث أطول من 200 حرف', page: 'يجب أن يكون رقم الصفحة عدداً صحيحاً من 1 إلى 1000', pageSize: 'يجب أن يكون حجم الصفحة عدداً صحيحاً من 1 إلى 50', type: 'نوع محتوى غير معروف', lang: 'يجب أن تكون اللغة en أو ar', unknown: 'معامل غير معروف', filter: 'قيمة التصفية أطول من 100 حرف' },
};

const list = z
  .string()
  .max(100, { error: 'filter' })
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean));
const types = Object.keys(SEARCHABLE);
const DECIMAL = /^\d{1,6}$/;

const querySchema = z.strictObject(
  {
    q: z.string().max(200, { error: 'q' }).default(''),
    lang: z.enum(['en', 'ar'], { error: 'lang' }).default('en'),
    // Written in decimal digits only: `0x10`, `1e2` or ` 7` are not page numbers (Number() read 0x10 as 16).
    page: z.string().regex(DECIMAL, { error: 'page' }).transform(Number).pipe(z.number().int({ error: 'page' }).min(1, { error: 'page' }).max(1000, { error: 'page' })).default(1),
    pageSize: z.string().regex(DECIMAL, { error: 'pageSize' }).transform(Number).pipe(z.number().int({ error: 'pageSize' }).min(1, { error: 'pageSize' }).max(50, { error: 'pageSize' })).default(10),
    type: list.refine((v) => v.every((t) => types.includes(t)), { error: 'type' }).optional(),
    ...Object.fromEntries(FACETS.filter((f) => f !== 'type').map((f) => [f, list.optional()])),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'unknown' : undefined) },
);

const askSchema = z.strictObject(
  {
    q: z.string({ error: 'question' }).trim().min(1, { error: 'question' }).max(ASK_MAX_LENGTH, { error: 'question' }),
    lang: z.enum(['en', 'ar'], { error: 'lang' }).default('en'),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'unknown' : undefined) },
);

/** One build of the index: of all the content, of the entries that changed, or of the other sections' listings. */
export interface IndexBuild {
  kind: 'content' | 'update' | 'listings';
  seconds: number;
  documents: number;
}

/**
 * Past this share of replaced documents still in the index (an update leaves them, marked removed), the
 * next change builds it from all the content again: their words would make typo corrections and term
 * rarity drift.
 */
export const MAX_REMOVED_SHARE = 0.1;

/**
 * How long a browser or a CDN may reuse a search answer: a publish is in search within seconds (issue 35),
 * so a cache may not hold the answer before it for a minute. After it, a cache asks again with the answer's
 * ETag (the index it came from): unchanged, the answer is a 304 without searching.
 */
export const SEARCH_MAX_AGE_S = 5;

/**
 * The search service of mf-content: one index over every searchable entry in both languages (and the
 * listing pages `listings` gives: areas, categories, lists, which are no entry but are in the sitemap;
 * and the other sections' listing pages, `remoteListings`), kept up to date as the content and those
 * listings change (concurrent requests share one build).
 *
 * A change of content is an update when the source says which entries changed (`changedSince`): only
 * their documents, those of the entries that show them, and the listing pages are analysed again, in
 * about a second at 100,000 entries where a build of all takes 18 s. While a build or an update runs,
 * searches are answered from the index before it: never a wait of seconds, never a pile of waiting
 * requests (a page of the site renders the new content at once; search follows within the update).
 */
export function createSearch(content: ContentSource, options: { listings?: () => Promise<SearchDoc[]>; remoteListings?: RemoteListings; onBuilt?: (built: IndexBuild) => void } = {}) {
  /** The index and what it was made of: the versions, and the ids of the listing pages in it (its own and the other sections'). */
  type Built = { contentVersion: string; remoteVersion: string; index: SearchIndex; listingIds: ReadonlySet<string>; remoteIds: ReadonlySet<string> };
  let current: Built | undefined;
  let building: Promise<Built> | undefined;
  const remote = options.remoteListings;
  const idsOf = (docs: readonly SearchDoc[]): ReadonlySet<string> => new Set(docs.map((d) => d.id));
  /** Each index's validator: the versions it was made of (the same on every instance that made it from them). */
  const etags = new WeakMap<SearchIndex, string>();

  /**
   * The index of these versions, made by whoever asks first while none is under way (the others join
   * it): from the index there is when it can (only the other sections' listings changed, or the content
   * says which entries changed), else from all the content.
   */
  function build(contentVersion: string, remoteVersion: string): Promise<Built> {
    building ??= (async () => {
      const started = performance.now();
      const was = current;
      const others = remote?.docs() ?? [];
      const remoteIds = idsOf(others);
      let kind: IndexBuild['kind'];
      let index: SearchIndex;
      let listingIds: ReadonlySet<string>;
      if (was && was.contentVersion === contentVersion) {
        kind = 'listings';
        listingIds = was.listingIds;
        index = await was.index.replaced(was.remoteIds, others);
      } else {
        const changed = was && was.index.removedShare() < MAX_REMOVED_SHARE ? await content.changedSince?.(was.contentVersion).catch(() => undefined) : undefined;
        const [docs, listings] = await Promise.all([searchDocuments(content, changed), options.listings?.() ?? []]);
        listingIds = idsOf(listings);
        if (was && changed) {
          kind = 'update';
          index = await was.index.replaced(new Set([...changed, ...idsOf(docs), ...was.listingIds, ...was.remoteIds]), [...docs, ...listings, ...others]);
        } else {
          kind = 'content';
          index = await SearchIndex.build([...docs, ...listings, ...others]);
        }
      }
      const built: Built = { contentVersion, remoteVersion, index, listingIds, remoteIds };
      etags.set(index, `"${createHash('sha256').update(`${contentVersion}\n${remoteVersion}`).digest('base64url').slice(0, 22)}"`);
      current = built;
      options.onBuilt?.({ kind, seconds: (performance.now() - started) / 1000, documents: index.size('en') + index.size('ar') });
      return built;
    })().finally(() => (building = undefined));
    return building;
  }

  /**
   * The other sections' listing pages are asked for in the background (never while a visitor waits);
   * the index is rebuilt once they say something new. That rebuild does not ask them again: it did
   * once (through index()), and a refresh that resolves at once when asked too soon asked again, and
   * again, in a chain of promises that never let the event loop run: the content's file checks never
   * came back, and the server answered nothing, not even SIGTERM, until killed (CI, once).
   */
  function refreshRemote(): void {
    remote
      ?.refresh()
      .then(async () => {
        if (!current || current.remoteVersion === remote.version()) return;
        await build((await content.version?.()) ?? 'static', remote.version());
      })
      .catch((error: unknown) => console.error('search: rebuilding with the other sections’ listing pages failed', error));
  }

  /** The index to answer from: the current one; while a newer one is made, the one before it. */
  async function index(): Promise<SearchIndex> {
    refreshRemote();
    const contentVersion = (await content.version?.()) ?? 'static';
    const remoteVersion = remote?.version() ?? '';
    if (current?.contentVersion === contentVersion && current.remoteVersion === remoteVersion) return current.index;
    const next = build(contentVersion, remoteVersion);
    next.catch((error: unknown) => console.error('search: building the index failed', error));
    if (current) return current.index;
    return (await next).index;
  }

  /** A 400 in the visitor's language naming the parameter and what is wrong with it. */
  function invalid(reply: FastifyReply, lang: Lang, error: z.ZodError) {
    const issue = error.issues[0];
    const key = issue?.message && issue.message in DETAILS.en ? issue.message : 'unknown';
    const param = issue?.code === 'unrecognized_keys' ? issue.keys.join(', ') : String(issue?.path[0] ?? '');
    return reply.code(400).send({ error: 'invalid-query', parameter: param, message: MESSAGES[lang].invalid.replace('{detail}', `${param ? `${param}: ` : ''}${DETAILS[lang][key]}`) });
  }

  function register(app: FastifyInstance): void {
    // What an operator (and the content team) watches of the assistant: how many questions find no page.
    const questions = app.observability
      ? sectionCounter(app.observability.registry, {
          name: 'qf_assistant_questions_total',
          help: 'Questions to the "Ask" assistant, by language and outcome: answered (pages that fit its words), upcoming (the next events), none (no page), invalid (400) (mf-content/README.md).',
          labelNames: ['lang', 'outcome'] as const,
        })
      : undefined;

    /**
     * The "Ask" assistant's answer to a question: the pages that answer it best (title, link, the
     * question's words each has), what it was understood to be about (`words`: the full search's text)
     * and to ask for (`intents`).
     */
    app.get(ASK_PATH, async (request, reply): Promise<AskAnswer | FastifyReply> => {
      const raw = request.query as Record<string, unknown>;
      const lang: Lang = isLang(raw.lang) ? raw.lang : 'en';
      const parsed = askSchema.safeParse(raw);
      if (!parsed.success) {
        questions?.inc({ lang, outcome: 'invalid' });
        return invalid(reply, lang, parsed.error);
      }
      const { q, lang: askLang } = parsed.data;
      try {
        const { words, hints, intents, upcoming } = understand(q, askLang);
        const found = await index();
        // "What events are coming up?": the next ones, else the pages that fit its words.
        const next = upcoming ? found.upcoming(askLang, 'event', new Date(), ASK_ANSWER_SIZE) : [];
        const items = next.length ? next : words.length ? found.ask({ words, hints, lang: askLang, lift: typeLift(intents), size: ASK_ANSWER_SIZE }) : [];
        questions?.inc({ lang: askLang, outcome: next.length ? 'upcoming' : items.length ? 'answered' : 'none' });
        reply.header('Cache-Control', `public, max-age=${SEARCH_MAX_AGE_S}`);
        return { items, words, intents };
      } catch (error) {
        console.error('ask failed', error);
        return reply.code(503).send({ error: 'unavailable', message: MESSAGES[lang].unavailable });
      }
    });

    app.get('/api/content/search', async (request, reply) => {
      const raw = request.query as Record<string, unknown>;
      const lang: Lang = isLang(raw.lang) ? raw.lang : 'en';
      const parsed = querySchema.safeParse(raw);
      if (!parsed.success) return invalid(reply, lang, parsed.error);
      const { q, page, pageSize, lang: queryLang, ...rest } = parsed.data;
      const filters = rest as Partial<Record<FacetName, string[]>>;
      try {
        const found = await index();
        const etag = etags.get(found);
        reply.header('Cache-Control', `public, max-age=${SEARCH_MAX_AGE_S}`);
        if (etag) {
          reply.header('ETag', etag);
          if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
        }
        return found.search({ q, lang: queryLang, filters, page, pageSize });
      } catch (error) {
        console.error('search failed', error);
        return reply.code(503).send({ error: 'unavailable', message: MESSAGES[lang].unavailable });
      }
    });
  }

  return { index, register };
}
