import { fieldOf, plainField, type ContentSource } from '@qf/shared/content';
import type { Lang } from '@qf/shared/i18n';
import type { Globals } from '../src/state';
import { readFooterGlobals } from './footer-globals';

/**
 * Site globals (SPEC §3) as the chrome needs them; the chrome still renders if content is broken. Read
 * once per language and content version (every page render asks for them); a source without versions
 * is read every time.
 */
export function createGlobalsReader(store: ContentSource) {
  let kept: { version: string; byLang: Map<Lang, Promise<Globals>> } | undefined;
  return async function globals(lang: Lang): Promise<Globals> {
    const version = await store.version?.().catch(() => undefined);
    if (version === undefined) return read(lang);
    if (kept?.version !== version) kept = { version, byLang: new Map() };
    let value = kept.byLang.get(lang);
    if (!value) kept.byLang.set(lang, (value = read(lang)));
    return value;
  };

  async function read(lang: Lang): Promise<Globals> {
    try {
      const entry = (await store.entries('siteGlobals'))[0];
      if (!entry) throw new Error('no siteGlobals entry');
      const story = plainField<string>(entry, 'featuredStory');
      return {
        tagline: fieldOf<string>(entry, 'tagline', lang) ?? '',
        copyright: fieldOf<string>(entry, 'footerCopyrightMessage', lang) ?? '',
        email: plainField<string>(entry, 'footerContactEmail') ?? '',
        phone: plainField<string>(entry, 'footerContactPhoneNumber') ?? '',
        featuredStoryPath: story ? `/stories/${story}` : undefined,
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
