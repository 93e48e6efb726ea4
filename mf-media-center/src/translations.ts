import type { Translations } from '@qf/shared/i18n';
import { media } from './strings/media';
import { landing } from './strings/landing';

export const translations = {
  ns: 'mediaCenter',
  en: {
    ...media.en,
    ...landing.en,
    experts: {
      title: 'Our experts',
      intro:
        'Are you a journalist looking for comment? Our experts are available for media commentary and interviews on education, research and community topics. Choose an expert to see their areas of expertise and book an interview.',
      description: 'Find experts from across the foundation who are available to journalists for media commentary and interviews.',
      listLabel: 'Experts',
      expertiseLabel: 'Areas of expertise of {{name}}',
      empty: 'No experts are listed at the moment. Please check back soon.',
    },
    expert: {
      description: '{{role}}, {{affiliation}}',
      expertise: 'Expertise',
      languages: 'Languages',
      biography: 'Biography',
      publications: 'Publications',
      projects: 'Projects',
      bookInterview: 'Book an interview',
      bookHint: 'Journalists can request an interview with {{name}} by email.',
      interviewSubject: 'Interview request: {{name}}',
      allExperts: 'All experts',
    },
  },
  ar: {
    ...media.ar,
    ...landing.ar,
    experts: {
      title: 'خبراؤنا',
      intro:
        'هل أنتم صحفيون تبحثون عن تعليق؟ خبراؤنا متاحون للتعليق الإعلامي وإجراء المقابلات في قضايا التعليم والبحث والمجتمع. اختاروا خبيرًا للاطلاع على مجالات خبرته وحجز مقابلة معه.',
      description: 'تعرّفوا على خبراء من مختلف أقسام المؤسسة متاحين للصحفيين للتعليق الإعلامي وإجراء المقابلات.',
      listLabel: 'الخبراء',
      expertiseLabel: 'مجالات خبرة {{name}}',
      empty: 'لا يوجد خبراء مدرجون حاليًا. يُرجى العودة لاحقًا.',
    },
    expert: {
      description: '{{role}}، {{affiliation}}',
      expertise: 'مجالات الخبرة',
      languages: 'اللغات',
      biography: 'السيرة الذاتية',
      publications: 'المنشورات',
      projects: 'المشاريع',
      bookInterview: 'احجز مقابلة',
      bookHint: 'يمكن للصحفيين طلب مقابلة مع {{name}} عبر البريد الإلكتروني.',
      interviewSubject: 'طلب مقابلة إعلامية: {{name}}',
      allExperts: 'جميع الخبراء',
    },
  },
} satisfies Translations;
