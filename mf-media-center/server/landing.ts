import { plainField, type ContentSource } from '@qf/shared/content';
import type { PagePathEntry, ResolvedPage } from '@qf/shared/contracts';
import { i18nCache, otherLang, type Lang } from '@qf/shared/i18n';
import { localePath } from '@qf/shared/routing';
import { routes } from '../src/routes';
import { translations } from '../src/translations';
import { landingDataSchema, type LandingData } from '../src/views/landing-data';
import { mediaListDataSchema } from '../src/views/media-data';
import type { createMediaPages } from './media';

const route = (template: string) => routes.routes.find((r) => r.template === template)!;
const i18n = i18nCache([translations]);
const tFor = (lang: Lang) => i18n(lang).getFixedT(null, translations.ns);
/** How many of each list the landing page shows. */
export const LATEST = 3;

/**
 * The media centre's landing page (`/media-center`): the latest press releases, media mentions and
 * galleries (the first items of their own lists, so the landing and the lists never disagree), the
 * experts, and the press office for media inquiries (its address from the site settings).
 */
export function createLandingPage(content: ContentSource, media: ReturnType<typeof createMediaPages>) {
  const latest = async (template: 'news' | 'mentions' | 'galleries', lang: Lang) => {
    const page = await media.resolve(route(template).pattern, lang);
    return mediaListDataSchema.parse(page?.data).items.slice(0, LATEST);
  };

  return {
    async resolve(path: string, lang: Lang): Promise<ResolvedPage | null> {
      const r = route('landing');
      if (path !== r.pattern) return null;
      const t = tFor(lang);
      const [news, mentions, galleries, experts, globals] = await Promise.all([
        latest('news', lang),
        latest('mentions', lang),
        latest('galleries', lang),
        content.entries('expert_profile'),
        content.entries('siteGlobals'),
      ]);
      const pressEmail = globals[0] ? plainField<string>(globals[0], 'pressEmail') : undefined;
      const data: LandingData = landingDataSchema.parse({
        news,
        mentions,
        galleries,
        experts: experts.length,
        links: {
          news: localePath(lang, route('news').pattern),
          mentions: localePath(lang, route('mentions').pattern),
          galleries: localePath(lang, route('galleries').pattern),
          experts: localePath(lang, route('experts').pattern),
        },
        ...(pressEmail ? { pressEmail } : {}),
      });
      const image = news[0]?.image ?? galleries[0]?.image;
      return {
        template: r.template,
        hydration: r.hydration,
        head: {
          title: t('landing.title'),
          description: t('landing.description'),
          alternatePath: localePath(otherLang(lang), path),
          kind: 'website',
          ...(image ? { image: image.src, imageAlt: image.alt } : {}),
          structuredData: [
            {
              '@context': 'https://schema.org',
              '@type': 'CollectionPage',
              name: t('landing.title'),
              description: t('landing.description'),
              inLanguage: lang,
              ...(pressEmail ? { publisher: { '@type': 'Organization', name: lang === 'ar' ? 'مؤسسة قطر' : 'Qatar Foundation', contactPoint: { '@type': 'ContactPoint', contactType: 'media relations', email: pressEmail } } } : {}),
            },
          ],
        },
        data,
        widgets: [],
      };
    },
    paths(): PagePathEntry[] {
      const p = route('landing').pattern;
      return [{ en: p, ar: localePath('ar', p), listing: true }];
    },
  };
}
