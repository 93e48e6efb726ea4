import type { Lang } from '@qf/shared/i18n';

/**
 * The field messages of SPEC §5 that every form shares, word for word, with their Arabic. Each form's
 * message table spreads these and adds its own, so one wording (and one translation) serves all forms.
 */
export const specFieldMessages = {
  en: {
    name: 'Please enter a valid name',
    email: 'Please enter a valid email address',
    phone: 'Please enter a valid phone number',
    url: 'Please enter a valid url',
    required: 'This field is required',
    select: 'Select an option',
  },
  ar: {
    name: 'يُرجى إدخال اسم صحيح',
    email: 'يُرجى إدخال عنوان بريد إلكتروني صحيح',
    phone: 'يُرجى إدخال رقم هاتف صحيح',
    url: 'يُرجى إدخال رابط صحيح',
    required: 'هذا الحقل مطلوب',
    select: 'يُرجى اختيار أحد الخيارات',
  },
} as const satisfies Record<Lang, Record<string, string>>;
