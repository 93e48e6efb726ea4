import { newsletterError, newsletterMessages, newsletterSchema } from '.';

describe('newsletter form', () => {
  it('keeps the SPEC §8 messages word for word', () => {
    expect(newsletterMessages.en).toMatchObject({
      subscribed: 'Thanks for subscribing.',
      'already-subscribed': 'You have already subscribed to our monthly newsletter.',
      'invalid-email': 'Invalid email adress.',
      error: 'An error occured. please try again',
      emailRequired: 'please enter the email address',
      emailInvalid: 'the email is invalid',
    });
  });

  it('has an Arabic message for every English one', () => {
    expect(Object.keys(newsletterMessages.ar).sort()).toEqual(Object.keys(newsletterMessages.en).sort());
    for (const text of Object.values(newsletterMessages.ar)) expect(text).toMatch(/[\u0600-\u06FF]/);
  });

  it('validates the email', () => {
    expect(newsletterError({ email: '' }, 'en')).toBe('please enter the email address');
    expect(newsletterError({ email: '   ' }, 'ar')).toBe('يُرجى إدخال عنوان البريد الإلكتروني');
    expect(newsletterError({}, 'en')).toBe('please enter the email address');
    expect(newsletterError({ email: 'a@b' }, 'en')).toBe('the email is invalid');
    expect(newsletterError({ email: `${'a'.repeat(250)}@example.org` }, 'en')).toBe('the email is invalid');
    expect(newsletterError({ email: ' reader@example.org ' }, 'en')).toBeNull();
    expect(newsletterSchema.parse({ email: ' reader@example.org ' })).toEqual({ email: 'reader@example.org' });
  });
});
