import { plainField, type ContentSource } from '@qf/shared/content';
import type { PagePathEntry } from '@qf/shared/contracts';
import { i18nCache, otherLang, type Lang } from '@qf/shared/i18n';
import { localePath } from '@qf/shared/routing';
import type { TemplatePages } from '@qf/shared/section';
import { routes } from '../src/routes';
import { translations } from '../src/translations';
import { landingDataSchema, type LandingData } from '../src/views/landing-data';
import { mediaListDataSchema } from '../src/views/media-data';
import type { createMediaPages } from './media';

const i18n = i18nCache([translations]);
const tFor = (lang: Lang) => i18n(lang).getFixedT(null, translations.ns);
/** How many of each list the landing page shows. */
export const LATEST = 3;

/**
 * The media centre's landing page (`/media-center`): the latest press releases, media mentions and
 * galleries (the first items of their own lists, so the landing and the lists never disagree), the
 * experts, and the press office for media inquiries (its address from the site settings).
 */
export function createLandingPage(content: ContentSource, media: ReturnType<typeof createMediaPages>): TemplatePages<Record<never, string>> {
  const latest = async (template: 'news' | 'mentions' | 'galleries', lang: Lang) => {
    const page = await media[template].resolve({ path: routes.path(template), lang, query: new URLSearchParams(), params: {}, pattern: routes.path(template) });
    return mediaListDataSchema.parse(page?.data).items.slice(0, LATEST);
  };

  return {
    async resolve({ path, lang }) {
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
          news: routes.href(lang, 'news'),
          mentions: routes.href(lang, 'mentions'),
          galleries: routes.href(lang, 'galleries'),
          experts: routes.href(lang, 'experts'),
        },
        ...(pressEmail ? { pressEmail } : {}),
      });
      const image = news[0]?.image ?? galleries[0]?.image;
      return {
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
      const p = routes.path('landing');
      return [{ en: p, ar: localePath('ar', p), listing: true }];
    },
  };
}
