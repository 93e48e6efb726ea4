import * as z from '@qf/shared/zod';
import type { Lang } from '@qf/shared/i18n';
import { specFieldMessages } from './spec-messages';
import { fieldErrors, NAME_PATTERN } from './field-errors';

/** Where an alumnus graduated: the universities and schools of Education City, or elsewhere in QF. */
export const alumniInstitutions = ['hbku', 'wcm-q', 'tamu-q', 'cmu-q', 'gu-q', 'nu-q', 'vcuarts-q', 'hec-paris-q', 'qf-schools', 'other'] as const;
export type AlumniInstitution = (typeof alumniInstitutions)[number];

/** The earliest graduation year the portal accepts; the latest is the current year. */
export const ALUMNI_FIRST_YEAR = 1980;

const name = z.string({ error: 'name' }).check(z.trim(), z.minLength(1, { error: 'name' }), z.maxLength(80, { error: 'name' }), z.regex(NAME_PATTERN, { error: 'name' }));

/** The alumni-portal launch sign-up (SPEC decisions: first and last name, email, institution, graduation year, consent). */
export const alumniSchema = z.object({
  firstName: name,
  lastName: name,
  email: z.pipe(z.string({ error: 'email' }).check(z.trim(), z.maxLength(254, { error: 'email' })), z.email({ error: 'email' })),
  institution: z.enum(alumniInstitutions, { error: 'select' }),
  graduationYear: z
    .pipe(
      z.union([z.number({ error: 'year' }), z.string({ error: 'required' }).check(z.trim(), z.minLength(1, { error: 'required' }), z.regex(/^\d{4}$/, { error: 'year' }))], { error: 'required' }),
      z.transform(Number),
    )
    .check(z.refine((year) => Number.isInteger(year) && year >= ALUMNI_FIRST_YEAR && year <= new Date().getFullYear(), { error: 'year' })),
  consent: z.literal(true, { error: 'required' }),
});
export type AlumniInput = z.input<typeof alumniSchema>;
export type AlumniSignup = z.output<typeof alumniSchema>;
export type AlumniField = keyof AlumniSignup;
export const alumniFields = ['firstName', 'lastName', 'email', 'institution', 'graduationYear', 'consent'] as const satisfies readonly AlumniField[];

/** The outcomes of a sign-up, with the status the API answers each with. */
export const alumniOutcomes = {
  'signed-up': 201,
  'already-signed-up': 409,
  invalid: 400,
  error: 503,
} as const;
export type AlumniOutcome = keyof typeof alumniOutcomes;

export const alumniResponseSchema = z.object({
  outcome: z.enum(['signed-up', 'already-signed-up', 'invalid', 'error']),
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.string())),
});
export type AlumniResponse = z.infer<typeof alumniResponseSchema>;

type MessageKey = AlumniOutcome | 'name' | 'email' | 'select' | 'required' | 'year';

/** SPEC §5 messages word for word ('Please enter a valid name', …), our own where it is silent, and their Arabic. */
export const alumniMessages: Record<Lang, Record<MessageKey, string>> = {
  en: {
    ...specFieldMessages.en,
    'signed-up': 'Thank you for signing up. We will let you know as soon as the alumni portal opens.',
    'already-signed-up': 'This email address is already signed up for the alumni portal.',
    invalid: 'Please correct the fields marked below.',
    error: 'An error occured. please try again',
    year: 'Please enter a valid graduation year',
  },
  ar: {
    ...specFieldMessages.ar,
    'signed-up': 'شكراً لتسجيلك. سنبلغك فور إطلاق بوابة الخريجين.',
    'already-signed-up': 'عنوان البريد الإلكتروني هذا مسجّل بالفعل في بوابة الخريجين.',
    invalid: 'يُرجى تصحيح الحقول المشار إليها أدناه.',
    error: 'حدث خطأ. يُرجى المحاولة مرة أخرى',
    year: 'يُرجى إدخال سنة تخرّج صحيحة',
  },
};

const fallback = (field: AlumniField): MessageKey => (field === 'firstName' || field === 'lastName' ? 'name' : field === 'email' ? 'email' : field === 'institution' ? 'select' : 'required');

/** Field errors of a sign-up, each in the visitor's language; empty when valid. */
export const alumniErrors = (input: unknown, lang: Lang): Partial<Record<AlumniField, string>> => fieldErrors(alumniSchema, input, alumniMessages, lang, fallback);
