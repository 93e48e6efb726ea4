import * as z from '@qf/shared/zod';
import type { Lang } from '@qf/shared/i18n';
import { specFieldMessages } from './spec-messages';
import { fieldErrors } from './field-errors';

export const SURVEY_COMMENT_MAX = 1000;
export const surveyScores = [1, 2, 3, 4, 5] as const;

/** A short survey (the survey popup and the brand survey): satisfaction from 1 to 5 and an optional comment. */
export const surveyResponseSchema = z.object({
  satisfaction: z
    .pipe(z.union([z.number({ error: 'select' }), z.string({ error: 'select' }).check(z.trim(), z.regex(/^[1-5]$/, { error: 'select' }))], { error: 'select' }), z.transform(Number))
    .check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= 5, { error: 'select' })),
  comment: z.optional(z.string({ error: 'comment' }).check(z.trim(), z.maxLength(SURVEY_COMMENT_MAX, { error: 'comment' }))),
});
export type SurveyInput = z.input<typeof surveyResponseSchema>;
export type SurveyResponseInput = z.output<typeof surveyResponseSchema>;
export type SurveyField = keyof SurveyResponseInput;
export const surveyFields = ['satisfaction', 'comment'] as const satisfies readonly SurveyField[];

export const surveyOutcomes = {
  received: 201,
  closed: 409,
  'not-found': 404,
  invalid: 400,
  error: 503,
} as const;
export type SurveyOutcome = keyof typeof surveyOutcomes;

export const surveyAnswerSchema = z.object({
  outcome: z.enum(['received', 'closed', 'not-found', 'invalid', 'error']),
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.string())),
});
export type SurveyAnswer = z.infer<typeof surveyAnswerSchema>;

type MessageKey = SurveyOutcome | 'select' | 'comment';

export const surveyMessages: Record<Lang, Record<MessageKey, string>> = {
  en: {
    ...specFieldMessages.en,
    received: 'Thank you for your feedback.',
    closed: 'This survey is closed.',
    'not-found': 'This survey does not exist.',
    invalid: 'Please correct the fields marked below.',
    error: 'An error occured. please try again',
    comment: 'Please keep your comment to 1,000 characters or fewer.',
  },
  ar: {
    ...specFieldMessages.ar,
    received: 'شكراً لملاحظاتك.',
    closed: 'هذا الاستبيان مغلق.',
    'not-found': 'هذا الاستبيان غير موجود.',
    invalid: 'يُرجى تصحيح الحقول المشار إليها أدناه.',
    error: 'حدث خطأ. يُرجى المحاولة مرة أخرى',
    comment: 'يُرجى ألا يتجاوز تعليقك 1000 حرف.',
  },
};

export const surveyErrors = (input: unknown, lang: Lang): Partial<Record<SurveyField, string>> =>
  fieldErrors<SurveyField, MessageKey>(surveyResponseSchema, input, surveyMessages, lang, (field) => (field === 'comment' ? 'comment' : 'select'));
