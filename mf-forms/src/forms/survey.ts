import * as z from '@qf/shared/zod';
import type { Lang } from '@qf/shared/i18n';
import { specFieldMessages } from './spec-messages';
import { fieldErrors } from './field-errors';

export const SURVEY_COMMENT_MAX = 1000;
export const surveyScores = [1, 2, 3, 4, 5] as const;

/**
 * A short survey (the survey popup and the brand survey): satisfaction from 1 to 5 and an optional
 * comment. The score is a number: a form's text ('4') is read by `surveyFromForm` first, where the
 * values come from a form, never silently by the schema.
 */
export const surveyResponseSchema = z.object({
  satisfaction: z.number({ error: 'select' }).check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= 5, { error: 'select' })),
  comment: z.optional(z.string({ error: 'comment' }).check(z.trim(), z.maxLength(SURVEY_COMMENT_MAX, { error: 'comment' }))),
});

/**
 * A form's values (the widget's FormData, a plain form post without script) as the schema reads them:
 * a form sends every value as text, so a score written '1' to '5' is that number; anything else is left
 * as it is for the schema to refuse. JSON bodies skip this: their score must already be a number.
 */
export function surveyFromForm(values: Record<string, unknown>): Record<string, unknown> {
  const score = values.satisfaction;
  return typeof score === 'string' && /^[1-5]$/.test(score.trim()) ? { ...values, satisfaction: Number(score.trim()) } : values;
}
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
    comment: 'يُرجى ألا يتجاوز تعليقك ١٠٠٠ حرف.',
  },
};

export const surveyErrors = (input: unknown, lang: Lang): Partial<Record<SurveyField, string>> =>
  fieldErrors<SurveyField, MessageKey>(surveyResponseSchema, input, surveyMessages, lang, (field) => (field === 'comment' ? 'comment' : 'select'));
