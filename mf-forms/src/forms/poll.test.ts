import { pollErrors, pollMessages, pollResultLines, pollVoteSchema } from '.';

describe('poll vote', () => {
  it('accepts an option id and an optional voter id', () => {
    expect(pollErrors({ optionId: 'libraries' }, 'en')).toEqual({});
    expect(pollVoteSchema.parse({ optionId: 'libraries', voterId: 'a1b2c3d4-e5f6-4711-8899-aabbccddeeff' }).voterId).toBe('a1b2c3d4-e5f6-4711-8899-aabbccddeeff');
  });

  it.each([[{}], [{ optionId: '' }], [{ optionId: 7 }], [{ optionId: "x' OR 1=1" }], [{ optionId: 'a'.repeat(10_000) }]])('asks to select an option for %p', (input) => {
    expect(pollErrors(input, 'en')).toEqual({ optionId: 'Select an option' });
    expect(pollErrors(input, 'ar')).toEqual({ optionId: 'يُرجى اختيار أحد الخيارات' });
  });

  it('refuses a voter id that is not a random token', () => {
    expect(pollErrors({ optionId: 'a', voterId: '<script>' }, 'en')).toEqual({ voterId: pollMessages.en.voter });
  });

  it('has a real Arabic message for every English one', () => {
    expect(Object.keys(pollMessages.ar).sort()).toEqual(Object.keys(pollMessages.en).sort());
    for (const text of Object.values(pollMessages.ar)) expect(text).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('poll result lines', () => {
  it('read as the widget shows them, in both languages, with the visitor’s vote marked', () => {
    const results = { pollId: 'p', question: 'Q', open: true, total: 3, votedFor: 'b', options: [{ id: 'a', label: 'Lectures', votes: 1 }, { id: 'b', label: 'Parks', votes: 2 }] };
    expect(pollResultLines(results, 'en')).toEqual(['Lectures: Votes: 1 · 33%', 'Parks (Your vote): Votes: 2 · 67%', 'Total votes: 3']);
    expect(pollResultLines({ ...results, votedFor: null }, 'ar')).toEqual(['Lectures: الأصوات: ١ · ٣٣٪', 'Parks: الأصوات: ٢ · ٦٧٪', 'مجموع الأصوات: ٣']);
    expect(pollResultLines({ ...results, total: 0, options: [{ id: 'a', label: 'A', votes: 0 }] }, 'en')).toEqual(['A: Votes: 0 · 0%', 'Total votes: 0']);
  });
});
