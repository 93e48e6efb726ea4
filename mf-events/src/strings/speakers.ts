/**
 * mf-events strings of the speaker-series speakers (`/education-city-speaker-series/experts` and one page
 * per speaker). Spread into the events namespace by ../translations.ts under the top-level key `speakers`.
 */
export const speakers = {
  en: {
    speakers: {
      // Short: the breadcrumb shows it after "Education City Speaker Series".
      title: 'Speakers',
      description: 'The speakers of the Education City Speaker Series: researchers, educators and thinkers in open public conversations in Doha.',
      intro: 'Researchers, educators and thinkers who take the stage in open public conversations.',
      seriesName: 'Education City Speaker Series',
      partOf: 'Part of the {{title}}.',
      seriesLink: 'See every session of the series',
      none: 'No speakers are listed yet.',
      sessions: 'Sessions',
      noSessions: 'No sessions are listed for this speaker yet.',
      allSpeakers: 'All speakers',
    },
  },
  ar: {
    speakers: {
      title: 'المتحدثون',
      description: 'المتحدثون في سلسلة محاضرات المدينة التعليمية: باحثون ومعلمون ومفكرون في حوارات عامة ومفتوحة في الدوحة.',
      intro: 'باحثون ومعلمون ومفكرون يعتلون المنصة في حوارات عامة ومفتوحة.',
      seriesName: 'سلسلة محاضرات المدينة التعليمية',
      partOf: 'ضمن {{title}}.',
      seriesLink: 'اطّلع على جميع جلسات السلسلة',
      none: 'لم يُدرَج أي متحدث بعد.',
      sessions: 'الجلسات',
      noSessions: 'لم تُدرَج جلسات لهذا المتحدث بعد.',
      allSpeakers: 'جميع المتحدثين',
    },
  },
};
