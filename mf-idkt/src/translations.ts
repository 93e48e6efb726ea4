import type { Translations } from '@qf/shared/i18n';

export const translations = {
  ns: 'idkt',
  en: {
    subpage: { home: 'Industry Development and Knowledge Transfer' },
    landing: {
      statsLabel: 'IDKT in numbers',
      audiencesLabel: 'Who we work with',
      learnMore: 'Learn more',
      learnMoreAbout: 'Learn more: {{heading}}',
      technologies: {
        heading: 'Technology database',
        body: 'Browse technologies developed across Education City that are available for licensing and partnership.',
        link: 'Explore the technology database',
      },
      newsletterLabel: 'IDKT newsletter',
    },
  },
  ar: {
    subpage: { home: 'تنمية الصناعة ونقل المعرفة' },
    landing: {
      statsLabel: 'تنمية الصناعة ونقل المعرفة بالأرقام',
      audiencesLabel: 'مع من نعمل',
      learnMore: 'اعرف المزيد',
      learnMoreAbout: 'اعرف المزيد: {{heading}}',
      technologies: {
        heading: 'قاعدة بيانات التقنيات',
        body: 'تصفّحوا التقنيات المطوّرة في المدينة التعليمية والمتاحة للترخيص والشراكة.',
        link: 'استكشف قاعدة بيانات التقنيات',
      },
      newsletterLabel: 'النشرة الإخبارية لتنمية الصناعة ونقل المعرفة',
    },
  },
} satisfies Translations;
