import * as z from '@qf/shared/zod';
import { localDigits, type Lang } from '@qf/shared/i18n';
import { specFieldMessages } from './spec-messages';
import { fieldErrors } from './field-errors';
import { pollResultStrings } from './poll-strings';

/** A browser's voter id: random, kept in its storage (and a cookie), never derived from the person. */
export const VOTER_ID_PATTERN = /^[A-Za-z0-9-]{16,64}$/;
/** A poll option's id, as the poll's content entry names it. */
export const POLL_OPTION_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A vote (SPEC §2: a poll with four options and Vote/Votes). */
export const pollVoteSchema = z.object({
  optionId: z.string({ error: 'select' }).check(z.trim(), z.maxLength(64, { error: 'select' }), z.regex(POLL_OPTION_PATTERN, { error: 'select' })),
  voterId: z.optional(z.string({ error: 'voter' }).check(z.regex(VOTER_ID_PATTERN, { error: 'voter' }))),
});
export type PollVote = z.infer<typeof pollVoteSchema>;
export type PollField = 'optionId';

/** The outcomes of a vote, with the status the API answers each with. */
export const pollOutcomes = {
  voted: 201,
  'already-voted': 409,
  closed: 409,
  'not-found': 404,
  invalid: 400,
  error: 503,
} as const;
export type PollOutcome = keyof typeof pollOutcomes;

/** A poll's results: each option's votes, in the poll's order. */
export const pollResultsSchema = z.object({
  pollId: z.string(),
  open: z.boolean(),
  total: z.number(),
  options: z.array(z.object({ id: z.string(), label: z.string(), votes: z.number() })),
  question: z.string(),
  /** The option this browser voted for, when it has voted. */
  votedFor: z.nullable(z.string()),
});
export type PollResults = z.infer<typeof pollResultsSchema>;

export const pollResponseSchema = z.object({
  outcome: z.enum(['voted', 'already-voted', 'closed', 'not-found', 'invalid', 'error']),
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.string())),
  results: z.optional(pollResultsSchema),
});
export type PollResponse = z.infer<typeof pollResponseSchema>;

type MessageKey = PollOutcome | 'select' | 'voter' | 'address-voted';

export const pollMessages: Record<Lang, Record<MessageKey, string>> = {
  en: {
    ...specFieldMessages.en,
    voted: 'Thank you for voting.',
    'already-voted': 'You have already voted in this poll.',
    'address-voted': 'A vote in this poll has already been counted from your connection.',
    closed: 'This poll is closed.',
    'not-found': 'This poll does not exist.',
    invalid: 'Please correct the fields marked below.',
    error: 'An error occured. please try again',
    voter: 'Your browser could not be recognised. Please reload the page and try again.',
  },
  ar: {
    ...specFieldMessages.ar,
    voted: 'شكراً لتصويتك.',
    'already-voted': 'لقد صوّتَّ بالفعل في هذا الاستطلاع.',
    'address-voted': 'سبق احتساب صوت في هذا الاستطلاع من اتصالك.',
    closed: 'هذا الاستطلاع مغلق.',
    'not-found': 'هذا الاستطلاع غير موجود.',
    invalid: 'يُرجى تصحيح الحقول المشار إليها أدناه.',
    error: 'حدث خطأ. يُرجى المحاولة مرة أخرى',
    voter: 'تعذّر التعرّف على متصفحك. يُرجى إعادة تحميل الصفحة والمحاولة مرة أخرى.',
  },
};

export const pollErrors = (input: unknown, lang: Lang): Partial<Record<PollField | 'voterId', string>> =>
  fieldErrors<PollField | 'voterId', MessageKey>(pollVoteSchema, input, pollMessages, lang, (field) => (field === 'voterId' ? 'voter' : 'select'));

export { pollResultStrings };

/** Each option's line ("Green spaces (Your vote): Votes: 1 · 100%") and the total, as the widget shows them. */
export function pollResultLines(results: PollResults, lang: Lang): string[] {
  const s = pollResultStrings[lang];
  const fill = (text: string, values: Record<string, number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => (values[key] === undefined ? '' : localDigits(lang, values[key])));
  const lines = results.options.map((o) => {
    const percent = results.total ? Math.round((o.votes / results.total) * 100) : 0;
    const label = o.id === results.votedFor ? `${o.label} (${s.yourChoice})` : o.label;
    return `${label}: ${fill(s.votes, { count: o.votes })} · ${fill(s.percent, { percent })}`;
  });
  return [...lines, fill(s.total, { count: results.total })];
}
