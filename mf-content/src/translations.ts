import type { Translations } from '@qf/shared/i18n';

export const translations = {
  ns: 'content',
  en: {
    home: {
      title: 'Qatar Foundation',
      description: 'Education, research and community development in Qatar: stories, events, programmes and people of Qatar Foundation.',
      intro: 'Unlocking human potential through education, research and community development.',
      latest: 'Latest stories',
      explore: 'Explore the foundation your way',
      areas: 'Our work',
      allStories: 'All stories',
    },
    story: {
      published: 'Published {{date}}',
      tags: 'Topics',
      newsletterHeading: 'Stay in touch',
      verticals: { education: 'Education', research: 'Research', community: 'Community', worldcup: 'World Cup' },
    },
  },
  ar: {
    home: {
      title: 'مؤسسة قطر',
      description: 'التعليم والبحث وتنمية المجتمع في قطر: قصص مؤسسة قطر وفعالياتها وبرامجها وأهلها.',
      intro: 'إطلاق قدرات الإنسان من خلال التعليم والبحث وتنمية المجتمع.',
      latest: 'أحدث القصص',
      explore: 'استكشف المؤسسة بطريقتك',
      areas: 'مجالات عملنا',
      allStories: 'جميع القصص',
    },
    story: {
      published: 'نُشر في {{date}}',
      tags: 'المواضيع',
      newsletterHeading: 'ابقَ على تواصل',
      verticals: { education: 'التعليم', research: 'البحث', community: 'المجتمع', worldcup: 'كأس العالم' },
    },
  },
} satisfies Translations;
