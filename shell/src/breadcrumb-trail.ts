import { localePath, splitLang } from '@qf/shared/routing';
import type { Lang } from '@qf/shared/i18n';
import type { TFunction } from 'i18next';

const EXPERTS = '/media-center/experts';
const IDKT = '/idkt';
const IDKT_ABOUT = '/idkt/about';
/** First path segments with a title of their own (SPEC §2). */
export const KNOWN_SEGMENTS = ['events', 'education-city-speaker-series', 'stories', 'education', 'research', 'community', 'media-center', 'search', 'about'] as const;

export interface Crumb {
  label: string;
  href?: string;
}

/**
 * The breadcrumb of SPEC §2: none at home; Home; under /idkt the IDKT link; the first path segment's
 * title when it is a known one (and not the page itself); on expert pages the 'our experts' link; then
 * the page title. With a deep path under /idkt (more than one segment below it) the first crumb is
 * the IDKT section's home, /idkt/about. The breadcrumb component and the BreadcrumbList JSON-LD both
 * use it.
 */
export function breadcrumbTrail(t: TFunction, lang: Lang, path: string, title: string): Crumb[] {
  const neutral = splitLang(path).path;
  if (neutral === '/') return [];
  const segments = neutral.split('/').slice(1);
  const first = segments[0] ?? '';
  const underIdkt = first === 'idkt';
  const deepIdkt = underIdkt && segments.length > 2;
  const crumbs: Crumb[] = [deepIdkt ? { label: t('footers.breadcrumb.idktHome'), href: localePath(lang, IDKT_ABOUT) } : { label: t('nav.home'), href: localePath(lang, '/') }];
  if (underIdkt && neutral !== IDKT) crumbs.push({ label: t('nav.idkt'), href: localePath(lang, IDKT) });
  if ((KNOWN_SEGMENTS as readonly string[]).includes(first) && neutral !== `/${first}`) crumbs.push({ label: t(`breadcrumb.segments.${first}`), href: localePath(lang, `/${first}`) });
  if (neutral.startsWith(`${EXPERTS}/`)) crumbs.push({ label: t('nav.experts'), href: localePath(lang, EXPERTS) });
  crumbs.push({ label: title });
  return crumbs;
}
