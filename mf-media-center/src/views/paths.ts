import type { Lang } from '@qf/shared/i18n';
import { routes } from '../routes';

/** Site path of the experts list in a language. */
export const expertsListPath = (lang: Lang): string => routes.href(lang, 'experts');

/** Site path of one expert's profile in a language. */
export const expertPath = (lang: Lang, slug: string): string => routes.href(lang, 'expert', { slug });

/** The "Book an interview" link: the expert's address with a translated, URL-encoded subject. */
export const interviewMailto = (email: string, subject: string): string => `mailto:${email}?subject=${encodeURIComponent(subject)}`;
