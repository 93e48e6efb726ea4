import type { Translations } from '@qf/shared/i18n';

export const translations = {
  ns: 'content',
  en: {
    story: {
      published: 'Published {{date}}',
      tags: 'Topics',
      newsletterHeading: 'Stay in touch',
      verticals: { education: 'Education', research: 'Research', community: 'Community', worldcup: 'World Cup' },
    },
  },
  ar: {
    story: {
      published: 'نُشر في {{date}}',
      tags: 'المواضيع',
      newsletterHeading: 'ابقَ على تواصل',
      verticals: { education: 'التعليم', research: 'البحث', community: 'المجتمع', worldcup: 'كأس العالم' },
    },
  },
} satisfies Translations;
