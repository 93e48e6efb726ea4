import { typeLift, understand } from './question';

describe('understand: a question read as a person asks it (issue 38)', () => {
  it('drops the question’s own words and keeps what it is about, with what it asks for', () => {
    expect(understand('How do I apply for the pre-university scholarship?', 'en')).toEqual({ words: ['pre-university', 'scholarship'], hints: ['apply'], intents: ['apply', 'programmes'], upcoming: false });
    expect(understand('Who can I contact for media inquiries?', 'en')).toMatchObject({ words: ['media'], hints: ['contact', 'inquiries'], intents: ['contact', 'people'] });
    expect(understand('Where is the metro station?', 'en')).toMatchObject({ words: ['metro', 'station'], intents: ['places'] });
    expect(understand('Which universities teach engineering?', 'en')).toMatchObject({ words: ['universities', 'engineering'], hints: ['teach'], intents: ['programmes'] });
  });

  it('reads Arabic questions the same way, whatever their spelling', () => {
    expect(understand('كيف أتقدم للمنحة الدراسية لما قبل الجامعة؟', 'ar')).toMatchObject({ words: ['للمنحة', 'الدراسية', 'قبل', 'الجامعة'], hints: ['أتقدم'], intents: ['apply', 'programmes'] });
    expect(understand('بمن أتصل للاستفسارات الإعلامية؟', 'ar')).toMatchObject({ words: ['الإعلامية'], hints: ['أتصل', 'للاستفسارات'], intents: ['contact', 'people'] });
    expect(understand('أين تقع محطة المترو؟', 'ar')).toMatchObject({ words: ['محطة', 'المترو'], intents: ['places'] });
    expect(understand('اين تقع محطه المترو', 'ar')).toMatchObject({ words: ['محطه', 'المترو'], intents: ['places'] });
  });

  it('keeps the site’s own names only when the question is about nothing else', () => {
    expect(understand('Where can I go running in Education City?', 'en')).toMatchObject({ words: ['running'], intents: ['places'] });
    expect(understand('What is Qatar Foundation?', 'en')).toMatchObject({ words: ['Qatar', 'Foundation'], intents: ['about'] });
    expect(understand('ما هي المدينة التعليمية؟', 'ar')).toMatchObject({ words: ['المدينة', 'التعليمية'], intents: ['about'] });
    // "education" or "city" alone is a topic, not the campus's name.
    expect(understand('Healthy city lectures', 'en').words).toEqual(['Healthy', 'city', 'lectures']);
  });

  it('asks for the next events when a question names nothing but events', () => {
    expect(understand('What events are coming up?', 'en')).toMatchObject({ intents: ['events', 'about'], upcoming: true });
    expect(understand('ما الفعاليات القادمة؟', 'ar')).toMatchObject({ intents: ['events'], upcoming: true });
    expect(understand('When is the water security conference?', 'en')).toMatchObject({ words: ['water', 'security', 'conference'], upcoming: false });
  });

  it('has nothing to look for in a question of question words only', () => {
    expect(understand('How can I?', 'en')).toEqual({ words: [], hints: [], intents: [], upcoming: false });
  });
});

describe('typeLift', () => {
  it('lifts the types the first intent asks for in full and the second’s by half', () => {
    expect(typeLift(['places'])).toMatchObject({ place: 3, entity: 1.3 });
    expect(typeLift(['contact', 'people'])).toMatchObject({ spokes_people: 1.8, page: 1.5, expert_profile: 1.4, people: 1.4 });
    expect(typeLift([])).toEqual({});
  });
});
