import type { Translations } from '@qf/shared/i18n';
import { series } from './strings/series';
import { speakers } from './strings/speakers';

export const translations = {
  ns: 'events',
  en: {
    ...series.en,
    ...speakers.en,
    common: {
      attendance: { online: 'Online', 'in-person': 'In person', hybrid: 'Hybrid (in person and online)' },
      dohaTime: 'Doha time',
      rangeSeparator: ' – ',
    },
    list: {
      title: 'Events',
      description: 'Upcoming and past events of the foundation: talks, workshops, festivals and webinars, online and in person.',
      intro: 'Talks, workshops, festivals and webinars across the foundation, online and in person.',
      upcoming: 'Upcoming events',
      past: 'Past events',
      noUpcoming: 'There are no upcoming events at the moment. Please check back soon.',
      noPast: 'There are no past events to show.',
    },
    event: {
      details: 'Event details',
      date: 'Date',
      time: 'Time',
      where: 'Where',
      organizedBy: 'Organized by',
      webinarLink: 'Webinar link',
      joinSession: 'Join the session',
      newTab: '(opens in a new tab)',
      registrationOpen: 'Registration is open',
      registrationClosed: 'Registration Closed',
      ended: 'This event has ended',
      allEvents: 'Back to all events',
    },
  },
  ar: {
    ...series.ar,
    ...speakers.ar,
    common: {
      attendance: { online: 'عبر الإنترنت', 'in-person': 'حضوريًا', hybrid: 'مدمج (حضوريًا وعبر الإنترنت)' },
      dohaTime: 'بتوقيت الدوحة',
      rangeSeparator: ' – ',
    },
    list: {
      title: 'الفعاليات',
      description: 'الفعاليات القادمة والسابقة للمؤسسة: محاضرات وورش عمل ومهرجانات وندوات إلكترونية، حضوريًا وعبر الإنترنت.',
      intro: 'محاضرات وورش عمل ومهرجانات وندوات إلكترونية في أرجاء المؤسسة، حضوريًا وعبر الإنترنت.',
      upcoming: 'الفعاليات القادمة',
      past: 'الفعاليات السابقة',
      noUpcoming: 'لا توجد فعاليات قادمة في الوقت الحالي. يُرجى العودة لاحقًا.',
      noPast: 'لا توجد فعاليات سابقة لعرضها.',
    },
    event: {
      details: 'تفاصيل الفعالية',
      date: 'التاريخ',
      time: 'الوقت',
      where: 'المكان',
      organizedBy: 'الجهة المنظمة',
      webinarLink: 'رابط الندوة الإلكترونية',
      joinSession: 'انضم إلى الجلسة',
      newTab: '(يُفتح في علامة تبويب جديدة)',
      registrationOpen: 'التسجيل مفتوح',
      registrationClosed: 'أُغلق باب التسجيل',
      ended: 'انتهت هذه الفعالية',
      allEvents: 'العودة إلى جميع الفعاليات',
    },
  },
} satisfies Translations;
