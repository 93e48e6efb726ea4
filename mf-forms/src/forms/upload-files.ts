import { NO_HIDDEN_CHARACTERS } from './field-errors';
import * as z from '@qf/shared/zod';
import type { Lang } from '@qf/shared/i18n';
import { specFieldMessages } from './spec-messages';

/**
 * What the two upload forms (art entry, scholarship) share: the file rules (one limit for every upload,
 * SPEC decisions: 10 MB), the field rules for names, phones, emails and links, and their SPEC §5
 * messages in both languages.
 */

/** 10 MB: the SPEC's hint and message; the "1 MB" message is a stray (SPEC decisions). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The file kinds the server recognises by their first bytes. */
export type FileKind = 'png' | 'jpeg' | 'pdf' | 'zip';

const kindOfExtension: Record<string, FileKind> = { '.png': 'png', '.jpg': 'jpeg', '.jpeg': 'jpeg', '.pdf': 'pdf', '.zip': 'zip' };

/** SPEC §5: the artwork may be any of these. */
export const ART_FILE_TYPES = ['.zip', '.jpg', '.jpeg', '.png', '.pdf'] as const;
/** Scholarship documents (transcript, letters, essay): scans or PDFs. */
export const DOCUMENT_FILE_TYPES = ['.pdf', '.jpg', '.jpeg', '.png'] as const;

/** The extension of a file name, lower-cased with its dot ('' when it has none). */
export function extensionOf(name: string): string {
  const match = /\.[A-Za-z0-9]+$/.exec(name.trim());
  return match ? match[0].toLowerCase() : '';
}

/**
 * The kind a file must turn out to be, judged by its name; null when the name's type is not accepted,
 * or when the name hides what it is with bidi or zero-width characters (`photo\u202Egnp.exe.png` shows
 * its letters in another order than they are; it was kept as is).
 */
export function expectedKind(name: string, accept: readonly string[]): FileKind | null {
  if (!NO_HIDDEN_CHARACTERS.test(name)) return null;
  const ext = extensionOf(name);
  return accept.includes(ext) ? (kindOfExtension[ext] ?? null) : null;
}

export interface FileFacts {
  name: string;
  size: number;
}

export type FileProblem = 'required' | 'fileType' | 'tooLarge';

/** What is wrong with a chosen file, or null: missing, of a type not accepted, or over 10 MB. */
export function fileProblem(file: FileFacts | null | undefined, accept: readonly string[]): FileProblem | null {
  if (!file || (!file.name && file.size === 0)) return 'required';
  if (!expectedKind(file.name, accept)) return 'fileType';
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge';
  if (file.size === 0) return 'required';
  return null;
}

const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
/** Arabic-Indic and Persian digits as ASCII digits, so visitors may type either. */
export const asciiDigits = (s: string): string =>
  s.replace(ARABIC_DIGITS, (d) => {
    const cp = d.codePointAt(0)!;
    return String(cp >= 0x06f0 ? cp - 0x06f0 : cp - 0x0660);
  });

/**
 * A decimal number as typed in either language, in ASCII: Arabic-Indic or Persian digits, and the Arabic
 * decimal separator (٫, U+066B) or a comma, as a point.
 */
export const asciiDecimal = (s: string): string => asciiDigits(s).replace(/[\u066B,]/g, '.');

export const countWords = (s: string): number => s.trim().split(/\s+/u).filter(Boolean).length;

/** Field rules; each issue message is a key of `uploadMessages`. */
export const uploadRules = {
  name: () => z.string({ error: 'name' }).check(z.trim(), z.minLength(2, { error: 'name' }), z.maxLength(80, { error: 'name' }), z.regex(/^[\p{L}\p{M}][\p{L}\p{M}' .’-]*$/u, { error: 'name' })),
  email: () => z.pipe(z.string({ error: 'email' }).check(z.trim(), z.maxLength(254, { error: 'email' })), z.email({ error: 'email' })),
  phone: () =>
    z.string({ error: 'phone' }).check(
      z.trim(),
      z.overwrite(asciiDigits),
      z.regex(/^\+?[0-9][0-9 ()-]{5,22}$/, { error: 'phone' }),
      z.refine((s) => s.replace(/\D/g, '').length >= 7 && s.replace(/\D/g, '').length <= 15, { error: 'phone' }),
    ),
  url: () => z.string({ error: 'url' }).check(z.trim(), z.maxLength(500, { error: 'url' }), z.refine(isWebUrl, { error: 'url' })),
  required: (max: number) => z.string({ error: 'required' }).check(z.trim(), z.minLength(1, { error: 'required' }), z.maxLength(max, { error: 'tooLong' })),
  words: (max: number) =>
    z.string({ error: 'required' }).check(
      z.trim(),
      z.minLength(1, { error: 'required' }),
      z.maxLength(max * 15, { error: 'words' }),
      z.refine((s) => countWords(s) <= max, { error: 'words' }),
    ),
  /** A ticked checkbox: `true`, or the browser's `on` of a plain form post. */
  agreed: () => z.pipe(z.union([z.boolean(), z.string()], { error: 'required' }), z.transform((v) => v === true || v === 'on' || v === 'true')).check(z.refine((v) => v, { error: 'required' })),
};

function isWebUrl(s: string): boolean {
  try {
    const url = new URL(s);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export type UploadMessageKey =
  | 'name'
  | 'email'
  | 'phone'
  | 'url'
  | 'required'
  | 'select'
  | 'title'
  | 'tooLong'
  | 'words'
  | 'fileType'
  | 'tooLarge'
  | 'invalid'
  | 'unsupported'
  | 'malformed'
  | 'busy'
  | 'full'
  | 'error';

/** SPEC §5 messages word for word (and §8's generic error), with the few the SPEC leaves to us. */
export const uploadMessages: Record<Lang, Record<UploadMessageKey, string>> = {
  en: {
    ...specFieldMessages.en,
    title: 'Please enter a valid title',
    tooLong: 'This text is too long.',
    words: 'Please use no more than 100 words.',
    fileType: 'This file type is not accepted.',
    tooLarge: 'File size limit exceeded. (10MB max)',
    invalid: 'Please correct the fields marked below.',
    unsupported: 'Please send the form with its files (multipart/form-data).',
    malformed: 'The form could not be read. Please try again.',
    busy: 'We are receiving too many files right now. Please try again later.',
    full: 'We cannot accept files at the moment. Please try again later.',
    error: 'An error occured. please try again',
  },
  ar: {
    ...specFieldMessages.ar,
    title: 'يُرجى إدخال عنوان صحيح',
    tooLong: 'هذا النص طويل جداً.',
    words: 'يُرجى ألا يتجاوز النص ١٠٠ كلمة.',
    fileType: 'نوع هذا الملف غير مقبول.',
    tooLarge: 'تم تجاوز الحد الأقصى لحجم الملف. (١٠ ميغابايت كحد أقصى)',
    invalid: 'يُرجى تصحيح الحقول المشار إليها أدناه.',
    unsupported: 'يُرجى إرسال النموذج مع ملفاته (multipart/form-data).',
    malformed: 'تعذّرت قراءة النموذج. يُرجى المحاولة مرة أخرى.',
    busy: 'نستقبل عدداً كبيراً من الملفات في الوقت الحالي. يُرجى المحاولة مرة أخرى لاحقاً.',
    full: 'لا يمكننا استقبال الملفات في الوقت الحالي. يُرجى المحاولة مرة أخرى لاحقاً.',
    error: 'حدث خطأ. يُرجى المحاولة مرة أخرى',
  },
};

/** A key's message; an issue zod raised itself (no key of ours) reads 'This field is required'. */
export const uploadMessage = (key: string, lang: Lang): string => uploadMessages[lang][(key in uploadMessages.en ? key : 'required') as UploadMessageKey];

/** The file-type message with the accepted types spelled out, in the visitor's language. */
export function fileTypeMessage(accept: readonly string[], lang: Lang): string {
  const list = accept.join(lang === 'ar' ? '، ' : ', ');
  return lang === 'ar' ? `${uploadMessages.ar.fileType} الأنواع المقبولة: ${list}` : `${uploadMessages.en.fileType} Accepted types: ${list}`;
}

/** The answer of both upload endpoints. */
export const uploadResponseSchema = z.object({
  outcome: z.string(),
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.string())),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/**
 * Turns schema issues and file problems into one message per field (the first wins). `message(key,
 * field)` words a key in the visitor's language (a form's own keys, the file-type list).
 */
export function collectErrors<F extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fileProblems: Partial<Record<F, FileProblem | null>>,
  message: (key: string, field: F) => string,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0] as F | undefined;
    if (field === undefined || errors[field]) continue;
    errors[field] = message(issue.message, field);
  }
  for (const [field, problem] of Object.entries(fileProblems) as [F, FileProblem | null][]) {
    if (problem && !errors[field]) errors[field] = message(problem, field);
  }
  return errors;
}
