import type { NewsletterList } from '../src/forms';
import { formatDate as siteDate } from '@qf/shared/dates';
import { languages, type Lang } from '@qf/shared/i18n';
import type { OutboxMessage } from './outbox';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const strings = {
  en: {
    signature: 'Qatar Foundation',
    welcomeSubject: 'Welcome to the Qatar Foundation newsletter',
    welcomeThanks: 'Thanks for subscribing.',
    welcomeBody: 'Once a month we will send you stories, events and opportunities from across Qatar Foundation.',
    welcomeUnsubscribe: 'If you did not subscribe, or no longer wish to receive our newsletter, you can unsubscribe at any time:',
    unsubscribeLink: 'Unsubscribe from the newsletter',
    registrationSubject: (title: string) => `Your registration: ${title}`,
    greeting: (name: string) => `Dear ${name},`,
    registrationThanks: 'Thank you for registering. Here are the viewing details.',
    event: 'Event',
    date: 'Date',
    time: 'Time',
    dohaTime: 'Doha time',
    attendance: 'Attendance',
    online: 'Online',
    inPerson: 'In person',
    where: 'Where',
    webinar: 'Webinar link',
    webinarLater: 'The link will be published on the event page before the event starts.',
    rangeSeparator: ' – ',
  },
  ar: {
    signature: 'مؤسسة قطر',
    welcomeSubject: 'مرحباً بك في النشرة الإخبارية لمؤسسة قطر',
    welcomeThanks: 'شكراً لاشتراكك.',
    welcomeBody: 'سنرسل إليك مرة كل شهر قصصاً وفعاليات وفرصاً من مختلف أنحاء مؤسسة قطر.',
    welcomeUnsubscribe: 'إذا لم تشترك بنفسك، أو لم تعد ترغب في تلقي نشرتنا الإخبارية، يمكنك إلغاء الاشتراك في أي وقت:',
    unsubscribeLink: 'إلغاء الاشتراك في النشرة الإخبارية',
    registrationSubject: (title: string) => `تسجيلك: ${title}`,
    greeting: (name: string) => `مرحباً ${name}،`,
    registrationThanks: 'شكراً لتسجيلك. إليك تفاصيل المشاهدة.',
    event: 'الفعالية',
    date: 'التاريخ',
    time: 'الوقت',
    dohaTime: 'بتوقيت الدوحة',
    attendance: 'طريقة الحضور',
    online: 'عبر الإنترنت',
    inPerson: 'حضورياً',
    where: 'المكان',
    webinar: 'رابط الندوة عبر الإنترنت',
    webinarLater: 'سيُنشر الرابط على صفحة الفعالية قبل بدئها.',
    rangeSeparator: ' – ',
  },
} as const;

/** A plain paragraph list as an HTML email in the visitor's language and direction. */
function htmlEmail(lang: Lang, title: string, blocks: string[]): string {
  return `<!doctype html>
<html lang="${lang}" dir="${languages[lang].dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head>
<body dir="${languages[lang].dir}" style="font-family: Arial, Tahoma, sans-serif; line-height: 1.5; color: #1a1a1a;">
${blocks.join('\n')}
</body>
</html>`;
}

/**
 * What mail apps need to offer their own unsubscribe button (RFC 2369), and to unsubscribe with one click
 * (RFC 8058), which is defined over https only.
 */
export function listUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  const headers: Record<string, string> = { 'List-Unsubscribe': `<${unsubscribeUrl}>` };
  if (unsubscribeUrl.startsWith('https://')) headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  return headers;
}

/** What the IDKT quarterly newsletter's welcome says instead of the monthly one's. */
const idktWelcome = {
  en: {
    welcomeSubject: 'Welcome to the IDKT quarterly newsletter',
    welcomeBody: 'Four times a year, Qatar Foundation’s Industry Development and Knowledge Transfer team will send you new technologies to license, calls for industry partners and funding for researchers and entrepreneurs.',
    welcomeUnsubscribe: 'If you did not subscribe, or no longer wish to receive the IDKT newsletter, you can unsubscribe at any time:',
    unsubscribeLink: 'Unsubscribe from the IDKT newsletter',
  },
  ar: {
    welcomeSubject: 'مرحباً بك في النشرة الفصلية لتنمية الصناعة ونقل المعرفة',
    welcomeBody: 'سيرسل إليك فريق تنمية الصناعة ونقل المعرفة في مؤسسة قطر أربع مرات في السنة أحدث التقنيات المتاحة للترخيص، ودعوات الشراكة مع قطاع الصناعة، وفرص التمويل للباحثين ورواد الأعمال.',
    welcomeUnsubscribe: 'إذا لم تشترك بنفسك، أو لم تعد ترغب في تلقي نشرة تنمية الصناعة ونقل المعرفة، يمكنك إلغاء الاشتراك في أي وقت:',
    unsubscribeLink: 'إلغاء الاشتراك في نشرة تنمية الصناعة ونقل المعرفة',
  },
} as const;

/** The newsletter welcome (SPEC §8 'Thanks for subscribing.' opens it), with the subscriber's own unsubscribe link. */
export function welcomeEmail(lang: Lang, to: string, unsubscribeUrl: string, list: NewsletterList = 'general'): OutboxMessage {
  const s = list === 'idkt-quarterly' ? { ...strings[lang], ...idktWelcome[lang] } : strings[lang];
  // The link on a line of its own in the text part: mail apps make it clickable, and Arabic text around
  // it cannot reorder it.
  const text = [s.welcomeThanks, s.welcomeBody, `${s.welcomeUnsubscribe}\n${unsubscribeUrl}`, s.signature].join('\n\n');
  return {
    kind: 'newsletter-welcome',
    to,
    lang,
    subject: s.welcomeSubject,
    text: `${text}\n`,
    html: htmlEmail(lang, s.welcomeSubject, [
      `<p>${escape(s.welcomeThanks)}</p>`,
      `<p>${escape(s.welcomeBody)}</p>`,
      `<p>${escape(s.welcomeUnsubscribe)} <a href="${escape(unsubscribeUrl)}">${escape(s.unsubscribeLink)}</a></p>`,
      `<p>${escape(s.signature)}</p>`,
    ]),
    headers: listUnsubscribeHeaders(unsubscribeUrl),
  };
}

export interface ViewingDetails {
  title: string;
  startDate: string;
  endDate: string;
  attendance: 'online' | 'in-person';
  location: string;
  webinarLink?: string;
}

// Doha's calendar and clock, as the event pages show them. A date the content got wrong is shown as
// written rather than failing the registration it confirms.
const formatDate = (lang: Lang, iso: string) => (Number.isNaN(Date.parse(iso)) ? iso : siteDate(lang, iso, 'full'));
const formatTime = (lang: Lang, iso: string) => (Number.isNaN(Date.parse(iso)) ? iso : siteDate(lang, iso, 'time'));

/** The registration confirmation, with the viewing details SPEC §4 promises ('An email with the viewing details will follow.'). */
export function registrationEmail(lang: Lang, to: string, name: string, event: ViewingDetails): OutboxMessage {
  const s = strings[lang];
  const startDay = formatDate(lang, event.startDate);
  const endDay = formatDate(lang, event.endDate);
  const details: [string, string][] = [
    [s.event, event.title],
    [s.date, startDay === endDay ? startDay : `${startDay}${s.rangeSeparator}${endDay}`],
    [s.time, `${formatTime(lang, event.startDate)}${s.rangeSeparator}${formatTime(lang, event.endDate)} (${s.dohaTime})`],
    [s.attendance, event.attendance === 'online' ? s.online : s.inPerson],
    event.attendance === 'online' ? [s.webinar, event.webinarLink ?? s.webinarLater] : [s.where, event.location],
  ];
  const subject = s.registrationSubject(event.title);
  const text = [s.greeting(name), s.registrationThanks, details.map(([k, v]) => `${k}: ${v}`).join('\n'), s.signature].join('\n\n');
  const value = (label: string, v: string) => (label === s.webinar && event.webinarLink && /^https?:\/\//.test(event.webinarLink) ? `<a href="${escape(v)}">${escape(v)}</a>` : escape(v));
  const html = htmlEmail(lang, subject, [
    `<p>${escape(s.greeting(name))}</p>`,
    `<p>${escape(s.registrationThanks)}</p>`,
    `<dl>\n${details.map(([k, v]) => `<dt><strong>${escape(k)}</strong></dt><dd>${value(k, v)}</dd>`).join('\n')}\n</dl>`,
    `<p>${escape(s.signature)}</p>`,
  ]);
  return { kind: 'event-registration', to, lang, subject, text: `${text}\n`, html };
}
