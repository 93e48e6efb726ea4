import { localePath, splitLang } from '@qf/shared/routing';
import type { Lang } from '@qf/shared/i18n';
import type { TFunction } from 'i18next';

const EXPERTS = '/media-center/experts';
const KNOWN_SEGMENTS = ['events', 'education-city-speaker-series', 'stories', 'education', 'research', 'community', 'media-center', 'search', 'about', 'idkt'];

export interface Crumb {
  label: string;
  href?: string;
}

/**
 * The breadcrumb of SPEC §2: none at home; Home; the first path segment's title when it is a known one
 * (and not the page itself); on expert pages the 'our experts' link; then the page title. The
 * breadcrumb component and the BreadcrumbList JSON-LD both use it.
 */
export function breadcrumbTrail(t: TFunction, lang: Lang, path: string, title: string): Crumb[] {
  const neutral = splitLang(path).path;
  if (neutral === '/') return [];
  const first = neutral.split('/')[1] ?? '';
  const crumbs: Crumb[] = [{ label: t('nav.home'), href: localePath(lang, '/') }];
  if (KNOWN_SEGMENTS.includes(first) && neutral !== `/${first}`) crumbs.push({ label: t(`breadcrumb.segments.${first}`), href: localePath(lang, `/${first}`) });
  if (neutral.startsWith(`${EXPERTS}/`)) crumbs.push({ label: t('nav.experts'), href: localePath(lang, EXPERTS) });
  crumbs.push({ label: title });
  return crumbs;
}
