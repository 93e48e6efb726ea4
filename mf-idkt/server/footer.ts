import { fieldOf, plainField, type ContentSource } from '@qf/shared/content';
import type { PageChrome, ResolvedPage } from '@qf/shared/contracts';
import type { Lang } from '@qf/shared/i18n';
import { contentPath } from '@qf/shared/routing';
import { routes } from '../src/routes';
import { idktAudiences, type IdktFooterProps } from '../src/views/idkt-footer-data';

export const IDKT_FOOTER = 'mf-idkt/IdktFooter';

/**
 * The IDKT footer's props from the content: the office's contacts from the IDKT page, and each
 * audience page's title and section headings (their #section-1…3 anchors).
 */
export function createIdktFooter(content: ContentSource) {
  async function props(lang: Lang): Promise<IdktFooterProps> {
    const pages = await content.entries('page');
    const bySlug = (slug: string) => pages.find((p) => plainField(p, 'slug') === slug);
    const landing = bySlug('idkt');
    return {
      email: (landing && plainField<string>(landing, 'contactEmail')) ?? '',
      phone: (landing && plainField<string>(landing, 'contactPhone')) ?? '',
      audiences: idktAudiences.flatMap((slug) => {
        const page = pages.find((p) => contentPath('page', plainField<string>(p, 'slug') ?? '') === routes.path('subpage', { slug }));
        if (!page) return [];
        const title = fieldOf<string>(page, 'title', lang) ?? '';
        const sections = (fieldOf<{ heading: string }[]>(page, 'sections', lang) ?? []).map((s) => s.heading);
        return title ? [{ slug, title, sections }] : [];
      }),
    };
  }

  return {
    props,
    /** Every IDKT page asks the shell to show the IDKT footer in place of its main footer (SPEC §2). */
    async withFooter(page: ResolvedPage | null, lang: Lang): Promise<ResolvedPage | null> {
      if (!page) return null;
      const chrome: PageChrome = { ...page.chrome, footer: { id: IDKT_FOOTER, props: await props(lang) } };
      return { ...page, chrome };
    },
  };
}
