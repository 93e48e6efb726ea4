import type { Lang } from '@qf/shared/i18n';
import { fillPattern, localePath } from '@qf/shared/routing';
import { routes } from '../routes';

const [listRoute, profileRoute] = routes.routes;

/** Site path of the experts list in a language. */
export const expertsListPath = (lang: Lang): string => localePath(lang, listRoute.pattern);

/** Site path of one expert's profile in a language. */
export const expertPath = (lang: Lang, slug: string): string => localePath(lang, fillPattern(profileRoute.pattern, { slug }));

/** The "Book an interview" link: the expert's address with a translated, URL-encoded subject. */
export const interviewMailto = (email: string, subject: string): string => `mailto:${email}?subject=${encodeURIComponent(subject)}`;
