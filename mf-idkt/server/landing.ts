import { fieldOf, plainField, requiredField, type ContentSource, type Entry } from '@qf/shared/content';
import { localePath } from '@qf/shared/routing';
import { otherLang, type Lang } from '@qf/shared/i18n';
import type { PagePathEntry } from '@qf/shared/contracts';
import type { TemplatePages } from '@qf/shared/section';
import { routes } from '../src/routes';
import { landingDataSchema, type LandingData } from '../src/views/landing-data';

/** The `page` entry behind the landing page is the one whose slug is the route's path. */
const LANDING_PATH = routes.path('landing');
const LANDING_SLUG = LANDING_PATH.slice(1);

/** The first sentence of a text (English `.`/`!`/`?` and Arabic `؟`), or the whole text when it has one. */
export function firstSentence(text: string): string {
  const trimmed = text.trim();
  const match = /^[\s\S]*?[.!?؟](?=\s|$)/.exec(trimmed);
  return (match ? match[0] : trimmed).trim();
}

function landingData(entry: Entry, lang: Lang): LandingData {
  return landingDataSchema.parse({
    title: requiredField(entry, 'title', lang),
    intro: requiredField(entry, 'intro', lang),
    sections: fieldOf(entry, 'sections', lang) ?? [],
    stats: fieldOf(entry, 'stats', lang) ?? [],
  });
}

/** The IDKT landing page at `/idkt`, from the `page` entry of that slug. */
export function createLandingPages(content: ContentSource): TemplatePages<Record<never, string>> {
  async function findLanding(): Promise<Entry | undefined> {
    return (await content.entries('page')).find((e) => plainField(e, 'slug') === LANDING_SLUG);
  }

  return {
    async resolve({ path, lang }) {
      const entry = await findLanding();
      if (!entry) return null;
      const data = landingData(entry, lang);
      return {
        head: { title: data.title, description: firstSentence(data.intro), alternatePath: localePath(otherLang(lang), path) },
        data,
        widgets: ['mf-forms/NewsletterSignup'],
      };
    },
    async paths(): Promise<PagePathEntry[]> {
      const entry = await findLanding();
      if (!entry) return [];
      return [{ en: LANDING_PATH, ar: localePath('ar', LANDING_PATH), lastmod: entry.sys.updatedAt }];
    },
  };
}
