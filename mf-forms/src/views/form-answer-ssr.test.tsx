import { createBus } from '@qf/shared/bus';
import type { FormAnswer } from '@qf/shared/contracts';
import { render } from '../server';

/**
 * A form posted before or without its script comes back in its page (the shell renders the page with
 * the form-answer contract's `answer` prop): the server HTML alone must show what the visitor typed,
 * each message by its field and in the summary, and, for files, that they must be chosen again.
 */
describe('a form sent back, rendered on the server', () => {
  const html = (view: string, data: unknown, lang: 'en' | 'ar' = 'en') => render({ view, data, lang, bus: createBus(), host: {} });
  const window = { windowId: 'w', title: 'Pre-university scholarship', opensAt: '2020-01-01T00:00:00Z', closesAt: '2099-01-01T00:00:00Z' };
  /** The attributes of the element whose id ends with `-{field}`. */
  const control = (markup: string, field: string) => new RegExp(`<(input|select|textarea)[^>]* id="[^"]*-${field}"[^>]*>`).exec(markup)?.[0] ?? '';
  /** The input tag that has `attribute` (`value="online"`). */
  const input = (markup: string, attribute: string) => (markup.match(/<input[^>]*>/g) ?? []).find((tag) => tag.includes(attribute)) ?? '';

  it('refills a registration, says each message by its field and in the summary, in both languages', () => {
    const answer: FormAnswer = {
      widget: 'mf-forms/EventRegistration',
      outcome: 'invalid',
      message: 'Please correct the fields marked below.',
      errors: { email: 'Please enter a valid email address', vaccinated: 'This field is required.' },
      values: { name: 'Layla "L" Hassan', email: 'layla@', title: 'Teacher', company: 'Qatar Academy', nationality: 'Qatari', countryOfResidence: 'Qatar', heardFrom: 'friend', attendance: 'in-person' },
    };
    const markup = html('EventRegistration', { eventId: 'e', open: true, attendance: 'hybrid', answer, widgetKey: 'mf-forms/EventRegistration#default' });
    expect(control(markup, 'name')).toContain('value="Layla &quot;L&quot; Hassan"');
    expect(control(markup, 'email')).toContain('value="layla@"');
    expect(control(markup, 'email')).toContain('aria-invalid="true"');
    expect(control(markup, 'name')).not.toContain('aria-invalid');
    expect(markup).toMatch(/<option value="friend" selected="">/);
    expect(input(markup, 'value="in-person"')).toContain('checked=""');
    expect(input(markup, 'value="online"')).not.toContain('checked=');
    // By the field, and in the summary with a link to it.
    expect(markup).toMatch(/id="[^"]*-email-error"[^>]*>Please enter a valid email address</);
    expect(markup).toMatch(/<a href="#[^"]*-vaccinated">This field is required.<\/a>/);
    // Its page named, the form sent again says where it is (without a script the address is the form's).
    expect(markup).toContain('action="/api/forms/events/e/registrations?lang=en"');
    expect(html('EventRegistration', { eventId: 'e', open: true, attendance: 'hybrid', answer: { ...answer, page: '/events/e' } })).toContain('action="/api/forms/events/e/registrations?lang=en&amp;qf-page=%2Fevents%2Fe"');
    const arabic = html('EventRegistration', { eventId: 'e', open: true, attendance: 'hybrid', answer: { ...answer, errors: { name: 'يرجى إدخال اسم صحيح' } } }, 'ar');
    expect(arabic).toMatch(/id="[^"]*-name-error"[^>]*>يرجى إدخال اسم صحيح</);
  });

  it('shows the thank-you of a registration that went through, and the full event as full', () => {
    const ok = html('EventRegistration', { eventId: 'e', open: true, attendance: 'online', answer: { widget: 'mf-forms/EventRegistration', outcome: 'registered', message: 'Thank you', values: {} } });
    expect(ok).toContain('Thank you for registering.');
    expect(ok).not.toContain('<form');
    const full = html('EventRegistration', { eventId: 'e', open: true, attendance: 'in-person', answer: { widget: 'mf-forms/EventRegistration', outcome: 'full', message: 'Full', values: {} } });
    expect(full).not.toContain('<form');
  });

  it('refills a scholarship application except its files, and says plainly to choose the files again', () => {
    const answer: FormAnswer = {
      widget: 'mf-forms/Scholarship',
      outcome: 'invalid',
      message: 'Please correct the fields marked below.',
      errors: { gpa: 'Please enter a GPA between 0 and 4' },
      values: { firstName: 'نور', lastName: 'حمد', gpa: '٣٫٥', gender: 'female', choice1: 's-b', terms: 'true', studentEmail: 'noor@example.org' },
      filesDropped: true,
    };
    const schools = [
      { id: 's-a', title: 'Academy A' },
      { id: 's-b', title: 'Academy B' },
    ];
    const markup = html('Scholarship', { ...window, schools, answer }, 'ar');
    expect(control(markup, 'firstName')).toContain('value="نور"');
    expect(control(markup, 'gpa')).toContain('value="٣٫٥"');
    expect(control(markup, 'gpa')).toContain('aria-invalid="true"');
    expect(markup).toMatch(/<option value="female" selected="">/);
    expect(markup).toMatch(/<option value="s-b" selected="">Academy B/);
    expect(input(markup, 'name="terms"')).toContain('checked=""');
    expect(control(markup, 'transcript')).not.toContain('value=');
    expect(markup).toContain('لا نحتفظ بالملفات عند إعادة النموذج إليك: اختر ملفاتك مرة أخرى قبل الإرسال.');
    expect(markup).toContain('Please correct the fields marked below.');
    expect(html('Scholarship', { ...window, schools, answer: { ...answer, page: '/pre-university-scholarship' } })).toContain('&amp;qf-page=%2Fpre-university-scholarship"');
    // A form that was not sent back says nothing of files.
    expect(html('Scholarship', { ...window, schools })).not.toContain('choose your files again');
    expect(html('ArtEntry', { ...window, answer: { widget: 'mf-forms/ArtEntry', outcome: 'invalid', message: 'Please correct the fields marked below.', values: { statement: 'Line one\nline two' }, filesDropped: true } })).toContain(
      'Files are not kept when a form comes back to you: choose your files again before you send it.',
    );
  });
});
