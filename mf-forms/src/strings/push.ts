/**
 * mf-forms strings for the push notification toggle. Spread into the forms namespace by ../translations.ts: use
 * top-level keys of your own so no other module's keys are overwritten.
 */
export const push = {
  en: {
    push: {
      heading: 'Notifications',
      intro: 'Get a notification on this device when we publish news, stories and events.',
      enable: 'Enable notifications',
      disable: 'Disable notifications',
      working: 'Please wait…',
      unsupported: 'This browser cannot receive push notifications. Try a recent version of Chrome, Edge, Firefox or Safari, or add this site to your home screen.',
      noScript: 'Notifications are switched on from this page with JavaScript, which is turned off in your browser. Turn it on to receive them.',
      // SPEC §8, verbatim.
      subscribed: 'Push subscription successful!',
      enableError: 'An error occured while enabling push notifications. please try again',
      denied: 'Notifications not allowed.',
      disabled: 'Push notifications disabled',
      disableError: 'Error occured while disabling push notifications. please try again',
      setupError: 'An error occured setting up push notification',
      // Answers of the API for requests the widget never sends.
      invalidSubscription: 'This notification subscription is not valid.',
      unknownSubscription: 'This device is not subscribed to notifications.',
    },
  },
  ar: {
    push: {
      heading: 'الإشعارات',
      intro: 'احصل على إشعار على هذا الجهاز عندما ننشر الأخبار والقصص والفعاليات.',
      enable: 'تفعيل الإشعارات',
      disable: 'إيقاف الإشعارات',
      working: 'يُرجى الانتظار…',
      unsupported: 'لا يستطيع هذا المتصفح استقبال الإشعارات الفورية. جرّب إصداراً حديثاً من Chrome أو Edge أو Firefox أو Safari، أو أضف هذا الموقع إلى شاشتك الرئيسية.',
      noScript: 'يُفعَّل استقبال الإشعارات من هذه الصفحة بواسطة JavaScript، وهي معطّلة في متصفحك. فعّلها لتصلك الإشعارات.',
      subscribed: 'تم الاشتراك في الإشعارات بنجاح!',
      enableError: 'حدث خطأ أثناء تفعيل الإشعارات الفورية. يُرجى المحاولة مرة أخرى',
      denied: 'الإشعارات غير مسموح بها.',
      disabled: 'تم إيقاف الإشعارات الفورية',
      disableError: 'حدث خطأ أثناء إيقاف الإشعارات الفورية. يُرجى المحاولة مرة أخرى',
      setupError: 'حدث خطأ أثناء إعداد الإشعارات الفورية',
      invalidSubscription: 'اشتراك الإشعارات هذا غير صالح.',
      unknownSubscription: 'هذا الجهاز غير مشترك في الإشعارات.',
    },
  },
} as const;
