import { ecssQuestionErrors, ecssQuestionMessages } from '.';

const valid = { name: 'Omar Khalid', email: 'omar@example.org', question: 'How will AI change the classroom?', eventId: 'ecss-education-city-speaker-series' };

describe('speaker-series question', () => {
  it('accepts a complete question, even one that quotes code', () => {
    expect(ecssQuestionErrors(valid, 'en')).toEqual({});
    expect(ecssQuestionErrors({ ...valid, question: 'Is <script>alert(1)</script> still a risk?' }, 'en')).toEqual({});
  });

  it('gives the SPEC message next to each missing field', () => {
    expect(ecssQuestionErrors({}, 'en')).toEqual({ name: 'Please enter a valid name', email: 'Please enter a valid email address', question: 'This field is required', eventId: 'Select an option' });
    expect(ecssQuestionErrors({ ...valid, question: '   ' }, 'ar')).toEqual({ question: 'هذا الحقل مطلوب' });
  });

  it('limits the question to between 10 and 1,000 characters', () => {
    expect(ecssQuestionErrors({ ...valid, question: 'Why?' }, 'en')).toEqual({ question: 'Please write a question of at least 10 characters.' });
    expect(ecssQuestionErrors({ ...valid, question: 'q'.repeat(1000) }, 'en')).toEqual({});
    expect(ecssQuestionErrors({ ...valid, question: 'q'.repeat(10_000) }, 'en')).toEqual({ question: 'Please keep your question to 1,000 characters or fewer.' });
  });

  it('counts the characters a reader sees: 20 zero-width spaces are no question (they passed the 10-character minimum)', () => {
    expect(ecssQuestionErrors({ ...valid, question: '\u200B'.repeat(20) }, 'en')).toEqual({ question: 'This field is required' });
    expect(ecssQuestionErrors({ ...valid, question: `Why?${'\u200D'.repeat(20)}` }, 'en')).toEqual({ question: 'Please write a question of at least 10 characters.' });
    expect(ecssQuestionErrors({ ...valid, question: 'لماذا الذكاء الاصطناعي؟' }, 'ar')).toEqual({});
  });

  it('has a real Arabic message for every English one', () => {
    expect(Object.keys(ecssQuestionMessages.ar).sort()).toEqual(Object.keys(ecssQuestionMessages.en).sort());
    for (const text of Object.values(ecssQuestionMessages.ar)) expect(text).toMatch(/[\u0600-\u06FF]/);
  });
});
