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

/** One build of the index: of the content (every document analysed) or of the other sections' listings added to it. */
export interface IndexBuild {
  kind: 'content' | 'listings';
  seconds: number;
  documents: number;
}

/**
 * The search service of mf-content: one index over every searchable entry in both languages (and the
 * listing pages `listings` gives: areas, categories, lists, which are no entry but are in the sitemap;
 * and the other sections' listing pages, `remoteListings`), rebuilt when the content or those listings
 * change (concurrent requests share one rebuild; a change of the other sections' listings alone is
 * answered from the previous index until the new one is ready).
 */
export function createSearch(content: ContentSource, options: { listings?: () => Promise<SearchDoc[]>; remoteListings?: RemoteListings; onBuilt?: (built: IndexBuild) => void } = {}) {
  /** `own`: the index of this section's content (and listings); `index`: it with the other sections' listing pages. */
  type Built = { contentVersion: string; remoteVersion: string; own: SearchIndex; index: SearchIndex };
  let current: Built | undefined;
  let building: Promise<Built> | undefined;
  const remote = options.remoteListings;

  /**
   * The index of these versions, built by whoever asks first while none is under way (the others join
   * it). When only the other sections' listing pages changed (they come up one by one at start), they
   * are added to the content's index as it is: only they are analysed (SearchIndex.with).
   */
  function build(contentVersion: string, remoteVersion: string): Promise<Built> {
    building ??= (async () => {
      const started = performance.now();
      const reuse: SearchIndex | undefined = current?.contentVersion === contentVersion ? current.own : undefined;
      let own: SearchIndex;
      if (reuse) own = reuse;
      else {
        const [docs, listings] = await Promise.all([searchDocuments(content), options.listings?.() ?? []]);
        own = await SearchIndex.build([...docs, ...listings]);
      }
      const others = remote?.docs() ?? [];
      const index = others.length ? await own.with(others) : own;
      const built: Built = { contentVersion, remoteVersion, own, index };
      current = built;
      options.onBuilt?.({ kind: reuse ? 'listings' : 'content', seconds: (performance.now() - started) / 1000, documents: index.size('en') + index.size('ar') });
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

  async function index(): Promise<SearchIndex> {
    refreshRemote();
    const contentVersion = (await content.version?.()) ?? 'static';
    const remoteVersion = remote?.version() ?? '';
    if (current?.contentVersion === contentVersion && current.remoteVersion === remoteVersion) return current.index;
    const next = build(contentVersion, remoteVersion);
    // Only the other sections' listings changed: the index of the same content answers meanwhile.
    if (current?.contentVersion === contentVersion) return current.index;
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
        reply.header('Cache-Control', 'public, max-age=60');
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
        const result = (await index()).search({ q, lang: queryLang, filters, page, pageSize });
        reply.header('Cache-Control', 'public, max-age=60');
        return result;
      } catch (error) {
        console.error('search failed', error);
        return reply.code(503).send({ error: 'unavailable', message: MESSAGES[lang].unavailable });
      }
    });
  }

  return { index, register };
}
