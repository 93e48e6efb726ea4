import * as z from '@qf/shared/zod';
import type { Lang } from '@qf/shared/i18n';
import { specFieldMessages } from './spec-messages';
import { NO_HIDDEN_CHARACTERS } from './field-errors';

/** Angle brackets belong to markup, never to a name, a job title or a company: such a value is refused. */
const NO_MARKUP = /^[^<>]*$/;

/** SPEC §3 event registration fields; messages are keys into `registrationMessages`. */
export const registrationSchema = z.object({
  name: z.string({ error: 'name' }).check(z.trim(), z.minLength(2, { error: 'name' }), z.maxLength(120, { error: 'name' }), z.regex(NO_MARKUP, { error: 'name' }), z.regex(NO_HIDDEN_CHARACTERS, { error: 'name' })),
  email: z.pipe(z.string({ error: 'email' }).check(z.trim(), z.maxLength(254, { error: 'email' })), z.email({ error: 'email' })),
  title: z.string({ error: 'title' }).check(z.trim(), z.minLength(2, { error: 'title' }), z.maxLength(120, { error: 'title' }), z.regex(NO_MARKUP, { error: 'title' }), z.regex(NO_HIDDEN_CHARACTERS, { error: 'title' })),
  company: z.string({ error: 'company' }).check(z.trim(), z.minLength(2, { error: 'company' }), z.maxLength(160, { error: 'company' }), z.regex(NO_MARKUP, { error: 'company' }), z.regex(NO_HIDDEN_CHARACTERS, { error: 'company' })),
  // Typed, not chosen from a list: the SPEC's 'This field is required', not 'Select an option'.
  nationality: z.string({ error: 'required' }).check(z.trim(), z.minLength(2, { error: 'required' }), z.maxLength(80, { error: 'required' }), z.regex(NO_MARKUP, { error: 'required' }), z.regex(NO_HIDDEN_CHARACTERS, { error: 'required' })),
  countryOfResidence: z
    .string({ error: 'required' })
    .check(z.trim(), z.minLength(2, { error: 'required' }), z.maxLength(80, { error: 'required' }), z.regex(NO_MARKUP, { error: 'required' }), z.regex(NO_HIDDEN_CHARACTERS, { error: 'required' })),
  heardFrom: z.enum(['website', 'social-media', 'email', 'friend', 'news', 'other'], { error: 'select' }),
  attendance: z.enum(['online', 'in-person'], { error: 'select' }),
  vaccinated: z.literal(true, { error: 'vaccinated' }),
});
export type RegistrationInput = z.infer<typeof registrationSchema>;
export type RegistrationField = keyof RegistrationInput;
export const registrationFields = ['name', 'email', 'title', 'company', 'nationality', 'countryOfResidence', 'heardFrom', 'attendance', 'vaccinated'] as const satisfies readonly RegistrationField[];

/** The outcomes of a registration, with the status the API answers each with. */
export const registrationOutcomes = {
  registered: 201,
  'already-registered': 409,
  'in-person-full': 409,
  full: 409,
  closed: 409,
  'not-found': 404,
  invalid: 400,
  error: 503,
} as const;
export type RegistrationOutcome = keyof typeof registrationOutcomes;

export const registrationResponseSchema = z.object({
  outcome: z.enum(['registered', 'already-registered', 'in-person-full', 'full', 'closed', 'not-found', 'invalid', 'error']),
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.string())),
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

type MessageKey = RegistrationOutcome | 'name' | 'email' | 'title' | 'company' | 'required' | 'select' | 'vaccinated' | 'emailNote';

/** SPEC §4, §5 and §8 messages, word for word where the SPEC gives them, and their Arabic. */
export const registrationMessages: Record<Lang, Record<MessageKey, string>> = {
  en: {
    ...specFieldMessages.en,
    registered: 'Thank you for registering.',
    emailNote: 'An email with the viewing details will follow.',
    'already-registered': 'You have already registered for this event with this email address.',
    'in-person-full': 'In-person registration is no longer available because the maximum capacity has been reached. You can still register to attend online.',
    full: 'Thank you for your interest in this event. The event is now at full capacity. Please check this page after the event to watch the recording.',
    closed: 'Registration Closed',
    'not-found': 'This event does not exist.',
    invalid: 'Please correct the fields marked below.',
    error: 'An error occured. please try again',
    title: 'Please enter a valid title',
    company: 'Please enter a company name',
    vaccinated: 'This field is required.',
  },
  ar: {
    ...specFieldMessages.ar,
    registered: 'شكراً لتسجيلك.',
    emailNote: 'ستصلك رسالة بالبريد الإلكتروني تتضمن تفاصيل المشاهدة.',
    'already-registered': 'لقد سجّلت بالفعل في هذه الفعالية بعنوان البريد الإلكتروني هذا.',
    'in-person-full': 'لم يعد التسجيل للحضور الشخصي متاحاً لبلوغ الحد الأقصى للسعة. لا يزال بإمكانك التسجيل للحضور عبر الإنترنت.',
    full: 'شكراً لاهتمامك بهذه الفعالية. لقد اكتملت السعة القصوى للفعالية. يُرجى زيارة هذه الصفحة بعد الفعالية لمشاهدة التسجيل.',
    closed: 'التسجيل مغلق',
    'not-found': 'هذه الفعالية غير موجودة.',
    invalid: 'يُرجى تصحيح الحقول المشار إليها أدناه.',
    error: 'حدث خطأ. يُرجى المحاولة مرة أخرى',
    title: 'يُرجى إدخال مسمى وظيفي صحيح',
    company: 'يُرجى إدخال اسم الجهة',
    vaccinated: 'هذا الحقل مطلوب.',
  },
};

/** Field errors of an input, each the SPEC message in the visitor's language; empty when valid. */
export function registrationErrors(input: unknown, lang: Lang): Partial<Record<RegistrationField, string>> {
  const parsed = registrationSchema.safeParse(input);
  if (parsed.success) return {};
  const errors: Partial<Record<RegistrationField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as RegistrationField | undefined;
    if (!field || errors[field]) continue;
    const key = (issue.message in registrationMessages.en ? issue.message : field === 'vaccinated' ? 'vaccinated' : 'select') as MessageKey;
    errors[field] = registrationMessages[lang][key];
  }
  return errors;
}
