import type { Lang } from '@qf/shared/i18n';
import { analyze, normalize } from './analyze';

// A visitor's question to the "Ask" assistant, read the way a person asks it: the question's own words
// (how, where, can I, أين, كيف…) say what kind of answer is wanted and are not looked for in the pages;
// what remains is what the question is about. Issue 38: the whole question went to search as one query
// that had to match every word, and "How do I apply for the pre-university scholarship?" found nothing.

/** What a question asks for: each lifts the kinds of page that answer it. */
export type Intent = 'apply' | 'contact' | 'events' | 'places' | 'people' | 'programmes' | 'about';

/**
 * The words of each intent, as people ask (matched on their analysed terms, so plurals, the Arabic
 * article and proclitics, hamza and taa marbuta forms count). `marker` words only say what is asked
 * ("where", "upcoming"): they are dropped from the words looked for; the others are also a topic
 * ("events", "scholarship") and stay.
 */
const INTENTS: Record<Lang, Record<Intent, { marker: string[]; topic: string[] }>> = {
  en: {
    apply: { marker: ['apply', 'applying', 'application', 'applications', 'enrol', 'enroll', 'enrolment', 'enrollment', 'admission', 'admissions', 'eligible', 'eligibility', 'deadline'], topic: ['scholarship', 'scholarships', 'register', 'registration', 'submit'] },
    contact: { marker: ['contact', 'contacts', 'reach', 'call', 'phone', 'email', 'inquiry', 'inquiries', 'enquiry', 'enquiries', 'touch', 'speak', 'talk', 'report'], topic: ['press', 'media', 'journalist', 'journalists', 'spokesperson', 'spokespeople', 'interview'] },
    events: { marker: ['upcoming', 'coming', 'happening', 'next', 'soon', 'attend', 'when'], topic: ['event', 'events', 'workshop', 'workshops', 'lecture', 'lectures', 'conference', 'festival', 'symposium', 'webinar', 'talk', 'talks', 'forum'] },
    places: { marker: ['where', 'located', 'location', 'address', 'directions', 'reach', 'visit', 'map', 'nearest'], topic: ['station', 'building', 'campus', 'park', 'mosque', 'stadium', 'library'] },
    people: { marker: ['whom', 'someone', 'person'], topic: ['expert', 'experts', 'researcher', 'researchers', 'professor', 'scientist', 'specialist', 'speaker', 'spokesperson'] },
    programmes: { marker: ['teach', 'teaches', 'taught', 'offer', 'offers'], topic: ['study', 'studying', 'learn', 'degree', 'degrees', 'programme', 'programmes', 'program', 'programs', 'course', 'courses', 'major', 'bachelor', 'master', 'masters', 'phd', 'doctorate', 'diploma', 'certificate', 'university', 'universities'] },
    about: { marker: ['what', 'tell', 'explain', 'mean', 'means', 'purpose', 'mission'], topic: ['about', 'history', 'founded', 'founder', 'established'] },
  },
  ar: {
    apply: { marker: ['أتقدم', 'اتقدم', 'التقديم', 'التقدم', 'تقديم', 'أقدم', 'القبول', 'قبول', 'شروط', 'الشروط', 'موعد', 'أسجل', 'اسجل'], topic: ['منحة', 'منح', 'المنحة', 'التسجيل', 'تسجيل', 'طلب'] },
    contact: { marker: ['أتصل', 'اتصل', 'الاتصال', 'اتصال', 'أتواصل', 'اتواصل', 'التواصل', 'تواصل', 'هاتف', 'بريد', 'الاستفسارات', 'استفسارات', 'استفسار', 'للاستفسارات', 'للاستفسار', 'أتحدث', 'اتحدث', 'التحدث', 'أبلغ', 'ابلغ', 'الإبلاغ'], topic: ['الإعلام', 'الإعلامية', 'الصحافة', 'صحفي', 'صحفية', 'الصحفيين', 'صحفيون', 'متحدث', 'المتحدثين', 'مقابلة'] },
    events: { marker: ['القادمة', 'قادمة', 'المقبلة', 'مقبلة', 'قريبا', 'قريباً', 'متى', 'أحضر', 'احضر', 'حضور'], topic: ['فعالية', 'فعاليات', 'الفعاليات', 'ورشة', 'ورش', 'محاضرة', 'محاضرات', 'مؤتمر', 'مهرجان', 'ندوة', 'منتدى'] },
    places: { marker: ['أين', 'اين', 'تقع', 'يقع', 'موقع', 'مكان', 'عنوان', 'الوصول', 'أصل', 'اصل', 'خريطة', 'أقرب'], topic: ['محطة', 'مبنى', 'حديقة', 'مسجد', 'استاد', 'مكتبة', 'حرم'] },
    people: { marker: ['من هو', 'من هي', 'شخص'], topic: ['خبير', 'خبراء', 'الخبراء', 'خبيرة', 'باحث', 'باحثة', 'باحثين', 'أستاذ', 'عالم', 'متخصص', 'متحدث'] },
    programmes: { marker: ['تدرّس', 'تقدم'], topic: ['أدرس', 'ادرس', 'تدرس', 'يدرس', 'دراسة', 'تعلم', 'أتعلم', 'شهادة', 'برنامج', 'برامج', 'البرامج', 'تخصص', 'بكالوريوس', 'ماجستير', 'دكتوراه', 'دبلوم', 'جامعة', 'الجامعات', 'جامعات'] },
    about: { marker: ['ما هي', 'ما هو', 'ماهي', 'ماهو', 'عرفني', 'أخبرني', 'اخبرني'], topic: ['نبذة', 'تاريخ', 'أسس', 'أسست', 'تأسست', 'تأسيس', 'رسالة'] },
  },
};

/**
 * How much each intent lifts a page of each type (1: no change). A question about events prefers
 * events, about contact the media contacts and audience pages, and so on; a page of another type still
 * answers when its words fit best.
 */
export const INTENT_TYPES: Record<Intent, Record<string, number>> = {
  apply: { page: 1.6, program: 1.3, university: 1.2, school: 1.2, event: 1.1 },
  contact: { spokes_people: 1.8, page: 1.5, entity: 1.2, expert_profile: 1.2 },
  events: { event: 2, gallery: 1.1 },
  places: { place: 3, entity: 1.3, school: 1.2, university: 1.2 },
  people: { expert_profile: 1.8, people: 1.8, spokes_people: 1.5 },
  programmes: { program: 1.8, university: 1.7, school: 1.4 },
  about: { entity: 1.6, page: 1.5, university: 1.3, campaign: 1.2 },
};

/**
 * Words that only carry the question (how, can I, please, أريد…): never looked for. The search's stop
 * words are dropped as well (analyze() gives them no term).
 */
const QUESTION_WORDS: Record<Lang, string[]> = {
  en: 'how what whats where when who whom whose which why is are was were do does did done can could would should will may might must i im me my mine we us our ours you your yours there here any anything some something tell know find get got want wanted wanna need needs like would please help more information info go going looking look see show list give am be been being have has had more most much many one ones thing things kind type way ways out up there their these those it its just also get hi hello thanks thank become'.split(' '),
  ar: ['كيف', 'ماذا', 'ما', 'ماهي', 'ماهو', 'من', 'بمن', 'لمن', 'متى', 'هل', 'لماذا', 'لما', 'كم', 'أي', 'اي', 'أين', 'اين', 'أريد', 'اريد', 'أود', 'اود', 'أبحث', 'ابحث', 'يمكنني', 'يمكنه', 'يمكنها', 'يمكن', 'أستطيع', 'استطيع', 'يستطيع', 'ممكن', 'لي', 'لنا', 'لدى', 'لدي', 'أنا', 'انا', 'نحن', 'مع', 'هناك', 'أعرف', 'اعرف', 'معرفة', 'معلومات', 'عن', 'إلى', 'الى', 'على', 'في', 'هي', 'هو', 'التي', 'الذي', 'أجد', 'اجد', 'أحصل', 'احصل', 'يوجد', 'توجد', 'لو', 'سمحت', 'فضلك', 'شكرا', 'أصبح', 'اصبح', 'لأصبح', 'لاصبح', 'أكون', 'اكون'],
};

/**
 * The site's own names (the foundation, its campus, the country): on nearly every page, so they tell
 * pages apart only when a question is about nothing else ("What is Qatar Foundation?", "What is
 * Education City?"). Two-word names count only as a pair: "education" or "city" alone is a topic.
 */
const SITE_NAMES: Record<Lang, string[]> = {
  en: ['qatar foundation', 'education city', 'qatar', 'qf'],
  ar: ['مؤسسة قطر', 'المدينة التعليمية', 'قطر'],
};

/** A question that opens with "who" asks for a person (as much as a marker word: "who do I contact" asks for contact). */
const WHO_FIRST: Record<Lang, RegExp> = { en: /^\s*who\b/i, ar: /^\s*(من|بمن|لمن)\s/ };

/** A phrase (several words) of a lexicon, normalised, as one string to look for in the question. */
const phrase = (words: string): string => normalize(words).replace(/\s+/g, ' ').trim();
/** The terms each lexicon word stands for (its analysis, or its normalised form for a stop word such as أين). */
const termsOf = (word: string): string[] => {
  const terms = analyze(word);
  return terms.length ? terms : [normalize(word)];
};

interface Lexicon {
  questionTerms: Set<string>;
  /** Each site name as its words' terms. */
  siteNames: string[][];
  intents: { intent: Intent; marker: Set<string>; topic: Set<string>; phrases: string[] }[];
}

const lexicons: Record<Lang, Lexicon> = { en: lexicon('en'), ar: lexicon('ar') };
function lexicon(lang: Lang): Lexicon {
  return {
    questionTerms: new Set(QUESTION_WORDS[lang].flatMap(termsOf)),
    siteNames: SITE_NAMES[lang].map((name) => name.split(' ').map((w) => termsOf(w).join(' '))),
    intents: (Object.keys(INTENTS[lang]) as Intent[]).map((intent) => {
      const { marker, topic } = INTENTS[lang][intent];
      return {
        intent,
        marker: new Set(marker.filter((w) => !w.includes(' ')).flatMap(termsOf)),
        topic: new Set(topic.flatMap(termsOf)),
        phrases: marker.filter((w) => w.includes(' ')).map(phrase),
      };
    }),
  };
}

/** Words that name the events themselves ("What events are coming up?"): answered by the next ones. */
const EVENT_NAMES: Record<Lang, string[]> = {
  en: ['event', 'events', 'activity', 'activities', 'happening', 'happenings'],
  ar: ['فعالية', 'فعاليات', 'الفعاليات', 'نشاط', 'أنشطة', 'الأنشطة'],
};
const eventTerms: Record<Lang, Set<string>> = { en: new Set(EVENT_NAMES.en.flatMap(termsOf)), ar: new Set(EVENT_NAMES.ar.flatMap(termsOf)) };

export interface Understood {
  /** The words to look for, as the visitor wrote them (in order, once each). */
  words: string[];
  /** Words that say what is asked (apply, contact, أتصل…): a page that has them is a little more likely the answer. */
  hints: string[];
  /** What the question asks for, most likely first. */
  intents: Intent[];
  /** The question asks for the next events and names nothing else ("What events are coming up?"). */
  upcoming: boolean;
}

/** The words a question is about and what it asks for. */
export function understand(question: string, lang: Lang): Understood {
  const lex = lexicons[lang];
  const text = ` ${phrase(question.replace(/[؟?!.,،:;"«»“”()]/g, ' '))} `;
  const found = new Map<Intent, number>();
  const words: string[] = [];
  const hints: string[] = [];
  const site: string[] = [];
  const seen = new Set<string>();
  if (WHO_FIRST[lang].test(question)) found.set('people', 2);
  for (const { intent, phrases } of lex.intents) for (const p of phrases) if (text.includes(` ${p} `)) found.set(intent, (found.get(intent) ?? 0) + 2);
  const raws = question.match(/[\p{L}\p{M}\p{N}\u0640-]+/gu) ?? [];
  const keys = raws.map((raw) => termsOf(raw).join(' '));
  for (let i = 0; i < raws.length; i++) {
    const raw = raws[i]!;
    const terms = termsOf(raw);
    const key = keys[i]!;
    const name = lex.siteNames.find((words) => words.every((w, k) => keys[i + k] === w));
    if (name) {
      site.push(...raws.slice(i, i + name.length));
      i += name.length - 1;
      continue;
    }
    if (seen.has(key)) continue;
    seen.add(key);
    let marker = false;
    for (const { intent, marker: markers, topic } of lex.intents) {
      if (terms.some((t) => markers.has(t))) {
        found.set(intent, (found.get(intent) ?? 0) + 2);
        marker = true;
      } else if (terms.some((t) => topic.has(t))) found.set(intent, (found.get(intent) ?? 0) + 1);
    }
    if (terms.every((t) => lex.questionTerms.has(t)) || analyze(raw).length === 0) continue;
    if (marker) hints.push(raw);
    else words.push(raw);
  }
  const intents = [...found.entries()].sort((a, b) => b[1] - a[1]).map(([intent]) => intent);
  const upcoming = intents[0] === 'events' && words.every((w) => termsOf(w).every((t) => eventTerms[lang].has(t)));
  // A question about the site itself: its name is then what it is about.
  return { words: words.length ? words : site, hints, intents, upcoming };
}

/** The lift of each type for these intents: the first intent's in full, the second's by half. */
export function typeLift(intents: Intent[]): Record<string, number> {
  const lift: Record<string, number> = {};
  intents.slice(0, 2).forEach((intent, i) => {
    for (const [type, factor] of Object.entries(INTENT_TYPES[intent])) lift[type] = Math.max(lift[type] ?? 1, i === 0 ? factor : 1 + (factor - 1) / 2);
  });
  return lift;
}
