/** Strings of the galleries, press releases and media mentions; spread into the `mediaCenter` namespace. */
export const media = {
  en: {
    media: {
      galleries: { title: 'Media galleries', description: 'Photographs from events, celebrations and everyday life across Qatar Foundation.', empty: 'No galleries yet.' },
      news: { title: 'Press releases', description: 'Official announcements from Qatar Foundation for journalists and the public.', empty: 'No press releases yet.' },
      mentions: { title: 'Media mentions', description: 'What newspapers, magazines and websites say about Qatar Foundation.', empty: 'No media mentions yet.' },
      photos_one: '{{count}} photo',
      photos_other: '{{count}} photos',
      photos_zero: 'No photos',
      photos_two: '{{count}} photos',
      photos_few: '{{count}} photos',
      photos_many: '{{count}} photos',
      published: 'Published {{date}}',
      external: '{{title}} ({{source}}, opens the outlet’s website)',
      allGalleries: 'All media galleries',
      allNews: 'All press releases',
      photosLabel: 'Photos',
    },
  },
  ar: {
    media: {
      galleries: { title: 'معارض الوسائط', description: 'صور من الفعاليات والاحتفالات والحياة اليومية في مؤسسة قطر.', empty: 'لا توجد معارض بعد.' },
      news: { title: 'البيانات الصحفية', description: 'إعلانات رسمية من مؤسسة قطر للصحفيين والجمهور.', empty: 'لا توجد بيانات صحفية بعد.' },
      mentions: { title: 'التغطيات الإعلامية', description: 'ما تقوله الصحف والمجلات والمواقع الإلكترونية عن مؤسسة قطر.', empty: 'لا توجد تغطيات إعلامية بعد.' },
      photos_one: 'صورة واحدة',
      photos_other: '{{count}} صورة',
      photos_zero: 'لا توجد صور',
      photos_two: 'صورتان',
      photos_few: '{{count}} صور',
      photos_many: '{{count}} صورة',
      published: 'نُشر في {{date}}',
      external: '{{title}} ({{source}}، يفتح موقع الوسيلة الإعلامية)',
      allGalleries: 'جميع معارض الوسائط',
      allNews: 'جميع البيانات الصحفية',
      photosLabel: 'الصور',
    },
  },
} as const;
