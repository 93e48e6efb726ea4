import { fieldOf, plainField, type ContentSource } from '@qf/shared/content';
import type { Lang } from '@qf/shared/i18n';
import type { Globals } from '../src/state';
import { readFooterGlobals } from './footer-globals';

interface GlobalsOptions {
  /**
   * The path of the featured story (mf-content's `story` page) from its slug, by the route manifests
   * the sections publish (`mf-content/story`); undefined when mf-content's routes are not known, and
   * the header then shows no featured-story link.
   */
  storyPath?: (slug: string) => Promise<string | undefined>;
}

/** Globals as read from the content, with the featured story's slug (its path is resolved per request). */
interface Read {
  globals: Globals;
  featuredStory?: string;
  /** The globals with the featured story's path, kept while the path is the same. */
  linked?: { path: string; globals: Globals };
}

/**
 * Site globals (SPEC §3) as the chrome needs them; the chrome still renders if content is broken. Read
 * once per language and content version (every page render asks for them); a source without versions
 * is read every time.
 */
export function createGlobalsReader(store: ContentSource, { storyPath = async () => undefined }: GlobalsOptions = {}) {
  let kept: { version: string; byLang: Map<Lang, Promise<Read>> } | undefined;
  return async function globals(lang: Lang): Promise<Globals> {
    const version = await store.version?.().catch(() => undefined);
    let value: Promise<Read> | undefined;
    if (version === undefined) value = read(lang);
    else {
      if (kept?.version !== version) kept = { version, byLang: new Map() };
      value = kept.byLang.get(lang);
      if (!value) kept.byLang.set(lang, (value = read(lang)));
    }
    const got = await value;
    // The featured story's address is asked each time (not kept with the content): the route table it
    // comes from changes with mf-content's releases, and is unknown while mf-content has never answered.
    const path = got.featuredStory ? await storyPath(got.featuredStory).catch(() => undefined) : undefined;
    if (!path) return got.globals;
    // The same object while nothing changed: the server reuses the parts it rendered from these globals,
    // and the JSON it embedded of them, by identity (document.tsx); a new object per request made
    // every page render its footer and sub-header again.
    if (got.linked?.path !== path) got.linked = { path, globals: { ...got.globals, featuredStoryPath: path } };
    return got.linked.globals;
  };

  async function read(lang: Lang): Promise<Read> {
    const { featuredStory, ...globals } = await readGlobals(lang);
    return { globals, ...(featuredStory ? { featuredStory } : {}) };
  }

  async function readGlobals(lang: Lang): Promise<Globals & { featuredStory?: string }> {
    try {
      const entry = (await store.entries('siteGlobals'))[0];
      if (!entry) throw new Error('no siteGlobals entry');
      const story = plainField<string>(entry, 'featuredStory');
      return {
        tagline: fieldOf<string>(entry, 'tagline', lang) ?? '',
        copyright: fieldOf<string>(entry, 'footerCopyrightMessage', lang) ?? '',
        email: plainField<string>(entry, 'footerContactEmail') ?? '',
        phone: plainField<string>(entry, 'footerContactPhoneNumber') ?? '',
        featuredStory: story || undefined,
        infoBar: plainField<boolean>(entry, 'showTopInfoBar') ? fieldOf<string>(entry, 'topInfoBarContent', lang) || undefined : undefined,
        // The footer's other elements fail on their own: the basic globals still show.
        ...(await readFooterGlobals(store, lang).catch((error: unknown) => (console.error(error), {}))),
      };
    } catch (error) {
      console.error(error);
      return { tagline: '', copyright: '', email: '', phone: '' };
    }
  }
}
