import { alumniErrors, alumniMessages, alumniSchema } from '.';

const valid = { firstName: 'Layla', lastName: 'Al-Hassan', email: 'layla@example.org', institution: 'hbku', graduationYear: '2019', consent: true };

describe('alumni-portal sign-up form', () => {
  it('accepts a complete sign-up, trimming and turning the year into a number', () => {
    expect(alumniErrors(valid, 'en')).toEqual({});
    expect(alumniSchema.parse({ ...valid, firstName: ' ليلى ', graduationYear: 2019 })).toMatchObject({ firstName: 'ليلى', graduationYear: 2019 });
  });

  it('gives the SPEC message next to each missing field, in both languages', () => {
    expect(alumniErrors({}, 'en')).toEqual({
      firstName: 'Please enter a valid name',
      lastName: 'Please enter a valid name',
      email: 'Please enter a valid email address',
      institution: 'Select an option',
      graduationYear: 'This field is required',
      consent: 'This field is required',
    });
    expect(alumniErrors({ ...valid, institution: 'mars', consent: false }, 'ar')).toEqual({ institution: 'يُرجى اختيار أحد الخيارات', consent: 'هذا الحقل مطلوب' });
  });

  it.each([['abcd'], ['1979'], [String(new Date().getFullYear() + 1)], [2019.5], ['20 19']])('refuses the graduation year %p', (year) => {
    expect(alumniErrors({ ...valid, graduationYear: year }, 'en')).toEqual({ graduationYear: 'Please enter a valid graduation year' });
  });

  it.each([['<script>alert(1)</script>'], ["Robert'); DROP TABLE alumni;--"], ['x'.repeat(10_000)], ['42']])('refuses the name %p', (firstName) => {
    expect(alumniErrors({ ...valid, firstName }, 'en')).toEqual({ firstName: 'Please enter a valid name' });
  });

  it('has a real Arabic message for every English one', () => {
    expect(Object.keys(alumniMessages.ar).sort()).toEqual(Object.keys(alumniMessages.en).sort());
    for (const text of Object.values(alumniMessages.ar)) expect(text).toMatch(/[\u0600-\u06FF]/);
  });
});
