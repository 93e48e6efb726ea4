import * as z from '@qf/shared/zod';
import type { Lang } from '@qf/shared/i18n';
import { ART_FILE_TYPES, collectErrors, fileProblem, fileTypeMessage, uploadRules, uploadMessage, uploadMessages, type FileFacts, type UploadMessageKey } from './upload-files';

/**
 * The art-contest entry (SPEC §3 fields, §5 rules): the participant's name and email (one artwork per
 * participant and contest is enforced on the email), phone, the artwork's title, statement and
 * biography (100 words at most each), dimensions, material, an optional link, the terms, and one file.
 */
export const artEntrySchema = z.object({
  name: uploadRules.name(),
  email: uploadRules.email(),
  phone: uploadRules.phone(),
  title: z.string({ error: 'title' }).check(z.trim(), z.minLength(1, { error: 'title' }), z.maxLength(200, { error: 'title' })),
  statement: uploadRules.words(100),
  biography: uploadRules.words(100),
  dimensions: uploadRules.required(100),
  material: uploadRules.required(200),
  /** A link to the artist's portfolio or the work online; optional, but a real web address when given. */
  link: z.optional(z.union([z.literal(''), uploadRules.url()], { error: 'url' })),
  terms: uploadRules.agreed(),
});
export type ArtEntryInput = z.output<typeof artEntrySchema>;

export const artEntryTextFields = ['name', 'email', 'phone', 'title', 'statement', 'biography', 'dimensions', 'material', 'link', 'terms'] as const;
export const artEntryFileFields = ['image'] as const;
/** Every field in the order the form shows it: the first error gets the focus. */
export const artEntryFields = ['name', 'email', 'phone', 'title', 'statement', 'biography', 'dimensions', 'material', 'image', 'link', 'terms'] as const;
export type ArtEntryField = (typeof artEntryFields)[number];
export type ArtEntryFileField = (typeof artEntryFileFields)[number];

export const artEntryAccept: Record<ArtEntryFileField, readonly string[]> = { image: ART_FILE_TYPES };

/** The outcomes of a submission, with the status the API answers each with. */
export const artEntryOutcomes = {
  submitted: 201,
  'already-submitted': 409,
  closed: 409,
  'not-found': 404,
  invalid: 400,
  'file-type': 415,
  'too-large': 413,
  unsupported: 415,
  malformed: 400,
  /** The hour's upload budget of the form is spent (UPLOAD_BYTES_PER_HOUR). */
  busy: 429,
  /** The store of uploads is at its quota (UPLOAD_STORE_QUOTA_BYTES). */
  full: 507,
  error: 503,
} as const;
export type ArtEntryOutcome = keyof typeof artEntryOutcomes;

export const artEntryMessages: Record<Lang, Record<'submitted' | 'already-submitted' | 'closed' | 'not-found', string>> = {
  en: {
    submitted: 'Thank you for your submission. We have received your artwork.',
    'already-submitted': 'An artwork has already been submitted with this email address. Each participant may submit one artwork.',
    closed: 'Submissions for this contest are closed.',
    'not-found': 'This contest does not exist.',
  },
  ar: {
    submitted: 'شكراً لمشاركتك. لقد استلمنا عملك الفني.',
    'already-submitted': 'تم تقديم عمل فني بعنوان البريد الإلكتروني هذا من قبل. يحق لكل مشارك تقديم عمل فني واحد فقط.',
    closed: 'انتهت فترة استقبال المشاركات في هذه المسابقة.',
    'not-found': 'هذه المسابقة غير موجودة.',
  },
};

/** The message an outcome is answered with, in the visitor's language. */
export function artEntryMessage(outcome: ArtEntryOutcome, lang: Lang): string {
  if (outcome in artEntryMessages[lang]) return artEntryMessages[lang][outcome as keyof (typeof artEntryMessages)['en']];
  const key: UploadMessageKey = outcome === 'file-type' ? 'fileType' : outcome === 'too-large' ? 'tooLarge' : (outcome as UploadMessageKey);
  return key === 'fileType' ? fileTypeMessage(ART_FILE_TYPES, lang) : uploadMessages[lang][key];
}

const fieldMessage = (lang: Lang) => (key: string, field: ArtEntryField) =>
  key === 'fileType' ? fileTypeMessage(artEntryAccept[field as ArtEntryFileField] ?? ART_FILE_TYPES, lang) : uploadMessage(key, lang);

/**
 * One message per bad field, each the SPEC message in the visitor's language; empty when valid.
 * `files` gives the chosen file's name and size (the browser's File, or what the server streamed);
 * leave it out to check the text fields only.
 */
export function artEntryErrors(input: unknown, lang: Lang, files?: Partial<Record<ArtEntryFileField, FileFacts | null>>): Partial<Record<ArtEntryField, string>> {
  const parsed = artEntrySchema.safeParse(input);
  const problems = files ? { image: fileProblem(files.image, artEntryAccept.image) } : {};
  return collectErrors<ArtEntryField>(parsed.success ? [] : parsed.error.issues, problems, fieldMessage(lang));
}
