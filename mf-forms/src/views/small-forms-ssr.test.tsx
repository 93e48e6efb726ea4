import { createBus } from '@qf/shared/bus';
import { render } from '../server';

/** The shell renders placed widgets on the server: each must render there, with no browser at hand. */
describe('server rendering of the alumni, poll, survey and speaker-series widgets', () => {
  const html = (view: string, data: unknown, lang: 'en' | 'ar' = 'en') => render({ view, data, lang, bus: createBus(), host: {} });

  it('renders the forms with their labels, in both languages', () => {
    expect(html('AlumniSignup', {})).toContain('Graduating institution');
    expect(html('AlumniSignup', {}, 'ar')).toContain('جهة التخرّج');
    expect(html('EcssQuestion', { seriesId: 'ecss-1', eventId: 'event-1' })).toContain('Ask the speakers a question');
    const poll = html('Poll', { pollId: 'p', question: 'Which one?', options: [{ id: 'a', label: 'Option A' }] });
    expect(poll).toContain('Which one?');
    expect(poll).toContain('Option A');
  });

  it('gives each placed widget its own element ids, though each is a separate React root', () => {
    const ids = (markup: string) => [...markup.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    const alumni = ids(html('AlumniSignup', { widgetKey: 'mf-forms/AlumniSignup#page' }));
    const ecss = ids(html('EcssQuestion', { seriesId: 's', widgetKey: 'mf-forms/EcssQuestion#ecss' }));
    expect(alumni[0]).toMatch(/^mf-forms-AlumniSignup-page/);
    expect(alumni.filter((id) => ecss.includes(id))).toEqual([]);
    const newsletter = ids(html('NewsletterSignup', { widgetKey: 'mf-forms/NewsletterSignup#default' }));
    const registration = ids(html('EventRegistration', { eventId: 'e', open: true, attendance: 'hybrid', widgetKey: 'mf-forms/EventRegistration#default' }));
    expect(newsletter[0]).toMatch(/^mf-forms-NewsletterSignup-default/);
    expect(registration[0]).toMatch(/^mf-forms-EventRegistration-default/);
    expect(newsletter.filter((id) => registration.includes(id) || alumni.includes(id))).toEqual([]);
  });

  it('renders nothing for the survey popup and prompt: the browser’s storage decides', () => {
    expect(html('SurveyPopup', { surveyId: 's' })).toBe('');
    expect(html('BrandSurveyPrompt', { surveyId: 's' })).toBe('');
  });
});
