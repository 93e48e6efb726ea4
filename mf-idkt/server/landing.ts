import { fieldOf, plainField, requiredField, type ContentSource, type Entry } from '@qf/shared/content';
import { localePath, matchPattern } from '@qf/shared/routing';
import { otherLang, type Lang } from '@qf/shared/i18n';
import type { PagePathEntry, ResolvedPage } from '@qf/shared/contracts';
import { routes } from '../src/routes';
import { landingDataSchema, type LandingData } from '../src/views/landing-data';

const landingRoute = routes.routes[0];
/** The `page` entry behind the landing page is the one whose slug is the route's path. */
const LANDING_SLUG = landingRoute.pattern.slice(1);

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

export function createLandingPages(content: ContentSource) {
  async function findLanding(): Promise<Entry | undefined> {
    return (await content.entries('page')).find((e) => plainField(e, 'slug') === LANDING_SLUG);
  }

  return {
    async resolve(path: string, lang: Lang): Promise<ResolvedPage | null> {
      if (!matchPattern(landingRoute.pattern, path)) return null;
      const entry = await findLanding();
      if (!entry) return null;
      const data = landingData(entry, lang);
      return {
        template: landingRoute.template,
        hydration: landingRoute.hydration,
        head: { title: data.title, description: firstSentence(data.intro), alternatePath: localePath(otherLang(lang), path) },
        data,
        widgets: ['mf-forms/NewsletterSignup'],
      };
    },
    async paths(): Promise<PagePathEntry[]> {
      const entry = await findLanding();
      if (!entry) return [];
      const p = landingRoute.pattern;
      return [{ en: localePath('en', p), ar: localePath('ar', p), lastmod: entry.sys.updatedAt }];
    },
  };
}
