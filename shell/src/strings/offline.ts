/**
 * Shell strings for the service worker, offline page, prefetch and delayed-load notice. Spread into the shell namespace by ../translations.ts: use top-level
 * keys of your own (e.g. `offline: { ... }`) so no other module's keys are overwritten.
 */
export const offline = {
  en: {
    offline: {
      title: 'You are offline',
      body: 'This page has not been saved on this device, and it cannot be loaded without a connection. Pages you have already visited can still be read.',
      retry: 'Try again',
      home: 'Go to the home page',
      slowNotice: 'This page is taking longer than usual to load. Please wait…',
    },
    manifest: {
      name: 'Qatar Foundation',
      description: 'Education, research and community in Qatar: stories, events, programs and the people behind them.',
    },
  },
  ar: {
    offline: {
      title: 'أنت غير متصل بالإنترنت',
      body: 'لم تُحفظ هذه الصفحة على هذا الجهاز، ولا يمكن تحميلها من دون اتصال. لا يزال بإمكانك قراءة الصفحات التي زرتها من قبل.',
      retry: 'حاول مرة أخرى',
      home: 'الانتقال إلى الصفحة الرئيسية',
      slowNotice: 'يستغرق تحميل هذه الصفحة وقتاً أطول من المعتاد. يُرجى الانتظار…',
    },
    manifest: {
      name: 'مؤسسة قطر',
      description: 'التعليم والبحث والمجتمع في قطر: قصص وفعاليات وبرامج والأشخاص الذين يقفون وراءها.',
    },
  },
} as const;
