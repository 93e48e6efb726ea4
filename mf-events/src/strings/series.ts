/**
 * mf-events strings of the speaker-series overview (`/education-city-speaker-series`) and of the link
 * from a session's event page to it. Spread into the events namespace by ../translations.ts under the
 * top-level key `series`.
 */
export const series = {
  en: {
    series: {
      next: {
        heading: 'Next session',
        none: 'There is no upcoming session in the series at the moment. Past sessions are listed below.',
        startsOn: '{{title}} starts on {{date}} at {{time}}, Doha time.',
        started: '{{title}} has started.',
      },
      countdown: {
        label: 'Time left until the next session',
        days_one: 'Day',
        days_other: 'Days',
        hours_one: 'Hour',
        hours_other: 'Hours',
        minutes_one: 'Minute',
        minutes_other: 'Minutes',
        seconds_one: 'Second',
        seconds_other: 'Seconds',
        pause: 'Pause the countdown',
        resume: 'Resume the countdown',
      },
      zones: {
        heading: 'Start time around the world',
        doha: 'Doha',
        london: 'London',
        newYork: 'New York',
      },
      upcoming: 'Upcoming sessions',
      past: 'Past sessions',
      noUpcoming: 'No further sessions are scheduled yet. Please check back soon.',
      noPast: 'There are no past sessions yet.',
      speakers: 'Speakers:',
      allSpeakers: 'Meet the speakers of the series',
      allEvents: 'All events',
      fromEvent: {
        partOf: 'This session is part of the {{title}}.',
        link: 'See every session and send the speakers your question',
      },
    },
  },
  ar: {
    series: {
      next: {
        heading: 'الجلسة القادمة',
        none: 'لا توجد جلسة قادمة في السلسلة حاليًا. الجلسات السابقة مدرجة أدناه.',
        startsOn: 'تبدأ جلسة {{title}} يوم {{date}} الساعة {{time}} بتوقيت الدوحة.',
        started: 'بدأت جلسة {{title}}.',
      },
      countdown: {
        label: 'الوقت المتبقي حتى الجلسة القادمة',
        // Arabic counts by six plural forms: ٠ يوم، ١ يوم، ٢ يومان، ٣–١٠ أيام، ١١–٩٩ يوماً، ١٠٠ يوم.
        days_zero: 'يوم',
        days_one: 'يوم',
        days_two: 'يومان',
        days_few: 'أيام',
        days_many: 'يومًا',
        days_other: 'يوم',
        hours_zero: 'ساعة',
        hours_one: 'ساعة',
        hours_two: 'ساعتان',
        hours_few: 'ساعات',
        hours_many: 'ساعة',
        hours_other: 'ساعة',
        minutes_zero: 'دقيقة',
        minutes_one: 'دقيقة',
        minutes_two: 'دقيقتان',
        minutes_few: 'دقائق',
        minutes_many: 'دقيقة',
        minutes_other: 'دقيقة',
        seconds_zero: 'ثانية',
        seconds_one: 'ثانية',
        seconds_two: 'ثانيتان',
        seconds_few: 'ثوانٍ',
        seconds_many: 'ثانية',
        seconds_other: 'ثانية',
        pause: 'إيقاف العد التنازلي مؤقتًا',
        resume: 'استئناف العد التنازلي',
      },
      zones: {
        heading: 'موعد البدء حول العالم',
        doha: 'الدوحة',
        london: 'لندن',
        newYork: 'نيويورك',
      },
      upcoming: 'الجلسات القادمة',
      past: 'الجلسات السابقة',
      noUpcoming: 'لم تُحدَّد جلسات أخرى بعد. يُرجى العودة لاحقًا.',
      noPast: 'لا توجد جلسات سابقة بعد.',
      speakers: 'المتحدثون:',
      allSpeakers: 'تعرّف على المتحدثين في السلسلة',
      allEvents: 'جميع الفعاليات',
      fromEvent: {
        partOf: 'هذه الجلسة جزء من {{title}}.',
        link: 'اطّلع على جميع الجلسات وأرسل سؤالك إلى المتحدثين',
      },
    },
  },
};
