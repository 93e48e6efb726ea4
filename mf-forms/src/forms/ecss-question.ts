import * as z from '@qf/shared/zod';
import type { Lang } from '@qf/shared/i18n';
import { specFieldMessages } from './spec-messages';
import { fieldErrors, NAME_PATTERN, visibleLength } from './field-errors';

export const ECSS_QUESTION_MIN = 10;
export const ECSS_QUESTION_MAX = 1000;
/** A content entry id: the speaker series or one of its sessions. */
export const CONTENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** A question for the speakers of the Education City Speaker Series (SPEC §7: forwarded to a workflow). */
export const ecssQuestionSchema = z.object({
  name: z.string({ error: 'name' }).check(z.trim(), z.minLength(2, { error: 'name' }), z.maxLength(120, { error: 'name' }), z.regex(NAME_PATTERN, { error: 'name' })),
  email: z.pipe(z.string({ error: 'email' }).check(z.trim(), z.maxLength(254, { error: 'email' })), z.email({ error: 'email' })),
  question: z
    .string({ error: 'required' })
    .check(
      z.trim(),
      // Counted as a reader sees it: twenty zero-width spaces are not a question of ten characters.
      z.refine((q) => visibleLength(q) >= 1, { error: 'required', abort: true }),
      z.refine((q) => visibleLength(q) >= ECSS_QUESTION_MIN, { error: 'tooShort' }),
      z.maxLength(ECSS_QUESTION_MAX, { error: 'tooLong' }),
    ),
  eventId: z.string({ error: 'select' }).check(z.trim(), z.regex(CONTENT_ID_PATTERN, { error: 'select' })),
});
export type EcssQuestionInput = z.infer<typeof ecssQuestionSchema>;
export type EcssQuestionField = keyof EcssQuestionInput;
export const ecssQuestionFields = ['name', 'email', 'question', 'eventId'] as const satisfies readonly EcssQuestionField[];

export const ecssQuestionOutcomes = {
  received: 201,
  'not-found': 404,
  invalid: 400,
  error: 503,
} as const;
export type EcssQuestionOutcome = keyof typeof ecssQuestionOutcomes;

export const ecssQuestionResponseSchema = z.object({
  outcome: z.enum(['received', 'not-found', 'invalid', 'error']),
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.string())),
});
export type EcssQuestionResponse = z.infer<typeof ecssQuestionResponseSchema>;

type MessageKey = EcssQuestionOutcome | 'name' | 'email' | 'required' | 'tooShort' | 'tooLong' | 'select';

export const ecssQuestionMessages: Record<Lang, Record<MessageKey, string>> = {
  en: {
    ...specFieldMessages.en,
    received: 'Thank you. Your question has been received and will be shared with the speakers.',
    'not-found': 'This speaker series session does not exist.',
    invalid: 'Please correct the fields marked below.',
    error: 'An error occured. please try again',
    tooShort: 'Please write a question of at least 10 characters.',
    tooLong: 'Please keep your question to 1,000 characters or fewer.',
  },
  ar: {
    ...specFieldMessages.ar,
    received: 'شكراً لك. تم استلام سؤالك وستتم مشاركته مع المتحدثين.',
    'not-found': 'جلسة سلسلة المحاضرات هذه غير موجودة.',
    invalid: 'يُرجى تصحيح الحقول المشار إليها أدناه.',
    error: 'حدث خطأ. يُرجى المحاولة مرة أخرى',
    tooShort: 'يُرجى كتابة سؤال لا يقل عن ١٠ أحرف.',
    tooLong: 'يُرجى ألا يتجاوز سؤالك ١٠٠٠ حرف.',
  },
};

const fallback = (field: EcssQuestionField): MessageKey => (field === 'eventId' ? 'select' : field === 'question' ? 'required' : field);

export const ecssQuestionErrors = (input: unknown, lang: Lang): Partial<Record<EcssQuestionField, string>> => fieldErrors(ecssQuestionSchema, input, ecssQuestionMessages, lang, fallback);
