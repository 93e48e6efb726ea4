import * as z from '@qf/shared/zod';
import type { Lang } from '@qf/shared/i18n';

/**
 * The newsletters a visitor can subscribe to: the foundation's monthly one (SPEC §4, the default) and
 * IDKT's quarterly one (`/idkt/newsletter`). An address subscribes to each on its own.
 */
export const NEWSLETTER_LISTS = ['general', 'idkt-quarterly'] as const;
export type NewsletterList = (typeof NEWSLETTER_LISTS)[number];

/**
 * The newsletter form (SPEC §3: email; the list it subscribes to, the monthly one unless said). The same
 * schema validates in the browser and on the server; issue messages are keys into `newsletterMessages`.
 */
export const newsletterSchema = z.object({
  email: z.pipe(
    z.string({ error: 'emailRequired' }).check(z.trim(), z.minLength(1, { error: 'emailRequired' }), z.maxLength(254, { error: 'emailInvalid' })),
    z.email({ error: 'emailInvalid' }),
  ),
  list: z.optional(z.enum(NEWSLETTER_LISTS, { error: 'emailInvalid' })),
});
export type NewsletterInput = z.infer<typeof newsletterSchema>;

/** The four outcomes of SPEC §4, with the HTTP status the API answers each with. */
export const newsletterOutcomes = {
  subscribed: 201,
  'already-subscribed': 409,
  'invalid-email': 400,
  error: 503,
} as const;
export type NewsletterOutcome = keyof typeof newsletterOutcomes;

export const newsletterResponseSchema = z.object({
  outcome: z.enum(['subscribed', 'already-subscribed', 'invalid-email', 'error']),
  message: z.string(),
});
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;

/** SPEC §5 and §8 messages, word for word, and their Arabic translations. */
export const newsletterMessages: Record<Lang, Record<NewsletterOutcome | 'emailRequired' | 'emailInvalid', string>> = {
  en: {
    subscribed: 'Thanks for subscribing.',
    'already-subscribed': 'You have already subscribed to our monthly newsletter.',
    'invalid-email': 'Invalid email adress.',
    error: 'An error occured. please try again',
    emailRequired: 'please enter the email address',
    emailInvalid: 'the email is invalid',
  },
  ar: {
    subscribed: 'شكراً لاشتراكك.',
    'already-subscribed': 'أنت مشترك بالفعل في نشرتنا الإخبارية الشهرية.',
    'invalid-email': 'عنوان البريد الإلكتروني غير صالح.',
    error: 'حدث خطأ. يُرجى المحاولة مرة أخرى',
    emailRequired: 'يُرجى إدخال عنوان البريد الإلكتروني',
    emailInvalid: 'البريد الإلكتروني غير صالح',
  },
};

/** The already-subscribed message of each list (the monthly one is SPEC §5's, word for word). */
export const alreadySubscribedMessages: Record<Lang, Record<NewsletterList, string>> = {
  en: { general: newsletterMessages.en['already-subscribed'], 'idkt-quarterly': 'You have already subscribed to the quarterly IDKT newsletter.' },
  ar: { general: newsletterMessages.ar['already-subscribed'], 'idkt-quarterly': 'أنت مشترك بالفعل في النشرة الفصلية لتنمية الصناعة ونقل المعرفة.' },
};

/** An outcome's message for a list: only already-subscribed differs between lists. */
export const newsletterMessageFor = (lang: Lang, outcome: NewsletterOutcome, list: NewsletterList = 'general'): string =>
  outcome === 'already-subscribed' ? alreadySubscribedMessages[lang][list] : newsletterMessages[lang][outcome];

/** The first validation message for an input, or null when it is valid. */
export function newsletterError(input: unknown, lang: Lang): string | null {
  const parsed = newsletterSchema.safeParse(input);
  if (parsed.success) return null;
  const key = parsed.error.issues[0]?.message as keyof (typeof newsletterMessages)['en'] | undefined;
  return newsletterMessages[lang][key && key in newsletterMessages[lang] ? key : 'emailInvalid'];
}
