import { registrationErrors, registrationMessages, registrationSchema } from '.';

const valid = { name: 'Layla Hassan', email: 'layla@example.org', title: 'Teacher', company: 'Qatar Academy', nationality: 'Qatari', countryOfResidence: 'Qatar', heardFrom: 'website', attendance: 'in-person', vaccinated: true };

describe('event registration form', () => {
  it('accepts a complete registration', () => {
    expect(registrationErrors(valid, 'en')).toEqual({});
    expect(registrationSchema.parse({ ...valid, name: '  Layla Hassan ' }).name).toBe('Layla Hassan');
  });

  it('gives the SPEC message next to each field', () => {
    expect(registrationErrors({}, 'en')).toEqual({
      name: 'Please enter a valid name',
      email: 'Please enter a valid email address',
      title: 'Please enter a valid title',
      company: 'Please enter a company name',
      nationality: 'This field is required',
      countryOfResidence: 'This field is required',
      heardFrom: 'Select an option',
      attendance: 'Select an option',
      vaccinated: 'This field is required.',
    });
    expect(registrationErrors({ ...valid, vaccinated: false, attendance: 'by-post' }, 'ar')).toEqual({ vaccinated: 'هذا الحقل مطلوب.', attendance: 'يُرجى اختيار أحد الخيارات' });
  });

  it('refuses bidi controls and zero-width characters in a name, a title or a company (they were stored)', () => {
    expect(registrationErrors({ ...valid, name: 'Layla\u202EnassaH', title: 'Tea\u200Bcher', company: 'Acme\u2066 Ltd' }, 'en')).toEqual({
      name: 'Please enter a valid name',
      title: 'Please enter a valid title',
      company: 'Please enter a company name',
    });
    expect(registrationErrors({ ...valid, name: 'ليلى حسن' }, 'ar')).toEqual({});
  });

  it('refuses markup in the text fields but keeps apostrophes and other punctuation of real names', () => {
    expect(registrationErrors({ ...valid, name: '<script>alert(1)</script>', company: 'Acme <b>', title: '<img src=x onerror=alert(1)>' }, 'en')).toEqual({
      name: 'Please enter a valid name',
      title: 'Please enter a valid title',
      company: 'Please enter a company name',
    });
    expect(registrationErrors({ ...valid, name: "Seán O'Brien-Al Thani", company: 'Smith & Sons (Qatar), W.L.L.' }, 'en')).toEqual({});
  });

  it('keeps the SPEC capacity messages word for word, with Arabic for every message', () => {
    expect(registrationMessages.en.full).toBe('Thank you for your interest in this event. The event is now at full capacity. Please check this page after the event to watch the recording.');
    expect(registrationMessages.en.closed).toBe('Registration Closed');
    expect(Object.keys(registrationMessages.ar).sort()).toEqual(Object.keys(registrationMessages.en).sort());
  });
});
