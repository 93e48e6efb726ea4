import { fieldOf, plainField, type ContentSource } from '@qf/shared/content';
import type { Lang } from '@qf/shared/i18n';
import { contentPath } from '@qf/shared/routing';
import { areasFromMenu, type Area, type AreaMapCategory, type AreaMenuItem } from '../src/areas';
import { footerSecondaryLinks, type FooterGlobals } from '../src/footer-data';

/**
 * What the main footer and the area bars need beyond the basic globals: site globals' footer fields,
 * the menu's secondary items, social links and areas, and the hotline page (route key hotline).
 */
export async function readFooterGlobals(store: ContentSource, lang: Lang): Promise<{ footer: FooterGlobals; areas: Area[] }> {
  const [globals, menus, pages] = await Promise.all([store.entries('siteGlobals'), store.entries('menu'), store.entries('page')]);
  const entry = globals[0];
  const menu = menus[0];
  const hotline = pages.find((p) => plainField(p, 'pageType') === 'hotline');
  const hotlineSlug = hotline ? plainField<string>(hotline, 'slug') : undefined;
  const socials = menu
    ? (['instagram', 'twitter'] as const).flatMap((network) => {
        const href = plainField<string>(menu, `${network}Link`);
        return href ? [{ network, href }] : [];
      })
    : [];
  return {
    footer: {
      pressEmail: (entry && plainField<string>(entry, 'pressEmail')) ?? '',
      smallLinks: (entry && fieldOf<string>(entry, 'footerSmallLinks', lang)) ?? '',
      assistantName: (entry && fieldOf<string>(entry, 'assistantName', lang)) ?? '',
      socials,
      secondary: footerSecondaryLinks((menu && fieldOf<{ id: string; title: string; path: string }[]>(menu, 'secondaryMenuItems', lang)) ?? []),
      hotlinePath: hotlineSlug ? contentPath('page', hotlineSlug) : undefined,
      yearInReviewUrl: entry && plainField<string>(entry, 'yearInReviewUrl'),
      tendersUrl: entry && plainField<string>(entry, 'tendersUrl'),
      supplierRegistrationPath: entry && plainField<string>(entry, 'supplierRegistrationPath'),
    },
    areas: areasFromMenu((menu && fieldOf<AreaMenuItem[]>(menu, 'menuItems', lang)) ?? [], (menu && fieldOf<AreaMapCategory[]>(menu, 'mapCategories', lang)) ?? []),
  };
}
