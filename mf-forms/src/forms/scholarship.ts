import * as z from '@qf/shared/zod';
import type { Lang } from '@qf/shared/i18n';
import { asciiDecimal, asciiDigits, collectErrors, DOCUMENT_FILE_TYPES, fileProblem, fileTypeMessage, uploadRules, uploadMessage, uploadMessages, type FileFacts, type UploadMessageKey } from './upload-files';

/**
 * The pre-university scholarship application (SPEC §3 fields): the student, a parent's contact, the
 * current school and GPA, five documents (transcript, three recommendation letters, the 500-word essay)
 * and three different school choices, which come from the content's school entries.
 */
const choice = () => z.string({ error: 'select' }).check(z.trim(), z.minLength(1, { error: 'select' }), z.maxLength(100, { error: 'select' }));

export const scholarshipSchema = z
  .object({
    firstName: uploadRules.name(),
    lastName: uploadRules.name(),
    /** Qatar ID: 11 digits. */
    nationalId: z.string({ error: 'nationalId' }).check(z.trim(), z.overwrite(asciiDigits), z.regex(/^[0-9]{11}$/, { error: 'nationalId' })),
    dateOfBirth: z.string({ error: 'dateOfBirth' }).check(z.trim(), z.overwrite(asciiDigits), z.refine(isBirthDate, { error: 'dateOfBirth' })),
    gender: z.enum(['female', 'male'], { error: 'select' }),
    /** On a 4-point scale or as a percentage: a positive number up to 100 with at most two decimals. */
    gpa: z.string({ error: 'gpa' }).check(
      z.trim(),
      z.overwrite(asciiDecimal),
      z.regex(/^[0-9]{1,3}(\.[0-9]{1,2})?$/, { error: 'gpa' }),
      z.refine((s) => Number(s) > 0 && Number(s) <= 100, { error: 'gpa' }),
    ),
    currentSchool: uploadRules.required(200),
    studentPhone: uploadRules.phone(),
    studentEmail: uploadRules.email(),
    parentPhone: uploadRules.phone(),
    parentEmail: uploadRules.email(),
    choice1: choice(),
    choice2: choice(),
    choice3: choice(),
    terms: uploadRules.agreed(),
  })
  .check(
    z.superRefine((v, ctx) => {
      for (const field of distinctProblems(v)) ctx.addIssue({ code: 'custom', message: 'distinct', path: [field], input: v });
    }),
  );
export type ScholarshipInput = z.output<typeof scholarshipSchema>;

export const scholarshipFileFields = ['transcript', 'recommendation1', 'recommendation2', 'recommendation3', 'essay'] as const;
export type ScholarshipFileField = (typeof scholarshipFileFields)[number];
/** Every field in the order the form shows it: the first error gets the focus. */
export const scholarshipFields = [
  'firstName',
  'lastName',
  'nationalId',
  'dateOfBirth',
  'gender',
  'studentPhone',
  'studentEmail',
  'parentPhone',
  'parentEmail',
  'currentSchool',
  'gpa',
  'transcript',
  'recommendation1',
  'recommendation2',
  'recommendation3',
  'essay',
  'choice1',
  'choice2',
  'choice3',
  'terms',
] as const;
export type ScholarshipField = (typeof scholarshipFields)[number];
export const scholarshipTextFields = scholarshipFields.filter((f) => !(scholarshipFileFields as readonly string[]).includes(f));

export const scholarshipAccept: Record<ScholarshipFileField, readonly string[]> = {
  transcript: DOCUMENT_FILE_TYPES,
  recommendation1: DOCUMENT_FILE_TYPES,
  recommendation2: DOCUMENT_FILE_TYPES,
  recommendation3: DOCUMENT_FILE_TYPES,
  essay: DOCUMENT_FILE_TYPES,
};

/** SPEC §5 and §9: the essay's rules, shown as guidance next to its upload. */
export const ESSAY_WORDS = 500;

export const scholarshipOutcomes = {
  submitted: 201,
  'already-applied': 409,
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
export type ScholarshipOutcome = keyof typeof scholarshipOutcomes;

type OwnKey = 'submitted' | 'already-applied' | 'closed' | 'not-found' | 'nationalId' | 'dateOfBirth' | 'gpa' | 'distinct';

export const scholarshipMessages: Record<Lang, Record<OwnKey, string>> = {
  en: {
    submitted: 'Thank you for applying. We have received your application.',
    'already-applied': 'An application has already been submitted for this student in this cycle.',
    closed: 'Applications for this cycle are closed.',
    'not-found': 'This scholarship cycle does not exist.',
    nationalId: 'Please enter a valid national ID number (11 digits)',
    dateOfBirth: 'Please enter a valid date of birth',
    gpa: 'Please enter a valid GPA',
    distinct: 'Please choose three different schools',
  },
  ar: {
    submitted: 'شكراً لتقديم طلبك. لقد استلمنا طلبك.',
    'already-applied': 'تم تقديم طلب لهذا الطالب في هذه الدورة من قبل.',
    closed: 'انتهت فترة استقبال الطلبات في هذه الدورة.',
    'not-found': 'دورة المنحة هذه غير موجودة.',
    nationalId: 'يُرجى إدخال رقم هوية وطنية صحيح (١١ رقماً)',
    dateOfBirth: 'يُرجى إدخال تاريخ ميلاد صحيح',
    gpa: 'يُرجى إدخال معدل دراسي صحيح',
    distinct: 'يُرجى اختيار ثلاث مدارس مختلفة',
  },
};

export function scholarshipMessage(outcome: ScholarshipOutcome, lang: Lang): string {
  if (outcome in scholarshipMessages[lang]) return scholarshipMessages[lang][outcome as OwnKey];
  const key: UploadMessageKey = outcome === 'file-type' ? 'fileType' : outcome === 'too-large' ? 'tooLarge' : (outcome as UploadMessageKey);
  return key === 'fileType' ? fileTypeMessage(DOCUMENT_FILE_TYPES, lang) : uploadMessages[lang][key];
}

function isBirthDate(s: string): boolean {
  const match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(s);
  if (!match) return false;
  const date = new Date(`${s}T00:00:00Z`);
  // Rejects 2009-02-30 (which Date rolls over to March), the future, and the implausibly old.
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(s) && Number(match[1]) >= 1950 && date.getTime() <= Date.now();
}

/** The later of two equal choices is the one marked. */
function distinctProblems(v: Record<string, unknown>): ('choice2' | 'choice3')[] {
  const [a, b, c] = [v.choice1, v.choice2, v.choice3].map((x) => (typeof x === 'string' ? x.trim() : ''));
  const out: ('choice2' | 'choice3')[] = [];
  if (b && b === a) out.push('choice2');
  if (c && (c === a || c === b)) out.push('choice3');
  return out;
}

/**
 * One message per bad field in the visitor's language; empty when valid. `schools` (the ids the
 * content offers) makes an unknown choice 'Select an option'; `files` checks the five documents.
 */
export function scholarshipErrors(
  input: unknown,
  lang: Lang,
  options: { schools?: readonly string[]; files?: Partial<Record<ScholarshipFileField, FileFacts | null>> } = {},
): Partial<Record<ScholarshipField, string>> {
  const parsed = scholarshipSchema.safeParse(input);
  const issues: { path: readonly PropertyKey[]; message: string }[] = parsed.success ? [] : [...parsed.error.issues];
  const raw = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  // Object-level checks are skipped while any field is invalid: say it at once, with the other errors.
  if (!parsed.success) for (const field of distinctProblems(raw)) issues.push({ path: [field], message: 'distinct' });
  if (options.schools)
    for (const field of ['choice1', 'choice2', 'choice3'] as const) {
      const value = raw[field];
      if (typeof value === 'string' && value.trim() && !options.schools.includes(value.trim())) issues.unshift({ path: [field], message: 'select' });
    }
  const problems = options.files ? Object.fromEntries(scholarshipFileFields.map((f) => [f, fileProblem(options.files?.[f], scholarshipAccept[f])])) : {};
  return collectErrors<ScholarshipField>(issues, problems, (key, field) => {
    const own = key as string;
    if (own in scholarshipMessages.en && !['submitted', 'closed'].includes(own)) return scholarshipMessages[lang][own as OwnKey];
    if (key === 'fileType') return fileTypeMessage(scholarshipAccept[field as ScholarshipFileField] ?? DOCUMENT_FILE_TYPES, lang);
    return uploadMessage(key, lang);
  });
}
