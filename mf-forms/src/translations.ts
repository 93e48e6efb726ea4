import type { Translations } from '@qf/shared/i18n';

export const translations = {
  ns: 'forms',
  en: {
    newsletter: {
      heading: 'Subscribe to our newsletter',
      intro: 'Stories, events and opportunities from across the foundation, once a month.',
      emailLabel: 'Email address',
      submit: 'Subscribe',
      submitting: 'Subscribing…',
    },
  },
  ar: {
    newsletter: {
      heading: 'اشترك في نشرتنا الإخبارية',
      intro: 'قصص وفعاليات وفرص من مختلف أرجاء المؤسسة، مرة كل شهر.',
      emailLabel: 'البريد الإلكتروني',
      submit: 'اشترك',
      submitting: 'جارٍ الاشتراك…',
    },
  },
} satisfies Translations;
