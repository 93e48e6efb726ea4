import { normalizePath } from './paths';

/**
 * Where each kind of content lives: the route builder of SPEC §2 for every section, so that any section
 * (search, menus, related links) links to another section's page without knowing its code. Entity and
 * page kinds sit at the root level (an empty segment).
 */
export const contentRoutes = {
  article: '/stories',
  pageArticle: '',
  press_release: '/media-center/news',
  gallery: '/media-center/media-galleries',
  event: '/events',
  ecss: '',
  expert_profile: '/media-center/experts',
  spokes_people: '/education-city-speaker-series/experts',
  entity: '',
  page: '',
  pagePlace: '/place',
  place: '/place',
  program: '/program',
  university: '/education/education-city',
  school: '/education/schools',
  people: '/people',
  campaign: '/campaign',
  idkt_technology: '/idkt/technologies',
  idkt_info_bank: '/idkt/info-bank',
  tap_story: '/stories/tap',
} as const;

export type RoutedContentType = keyof typeof contentRoutes;

/**
 * The language-neutral path of a content entry; IDKT pages keep their /idkt home. `parent` is the route
 * builder's optional parent segment (SPEC §2): a root-level page that lives under an area or under
 * /about (`/about/profile`, `/education/qatar-music-academy`) names it in its `parent` field.
 */
export function contentPath(type: RoutedContentType, slug: string, parent?: string): string {
  if (parent && (type === 'page' || type === 'entity')) return normalizePath(`/${parent}/${slug}`);
  if (type === 'page' && slug.startsWith('idkt-')) return normalizePath(`/idkt/${slug.slice('idkt-'.length)}`);
  if (type === 'page' && ['road-to-technology-transfer', 'for-industry', 'for-researchers', 'for-entrepreneurs'].includes(slug)) return `/idkt/${slug}`;
  if (type === 'page' && slug === 'idkt') return '/idkt';
  return normalizePath(`${contentRoutes[type]}/${slug}`);
}
