/** @jest-environment jsdom */
import { captureWidgets, capturedHtml } from './slots';

describe('the server HTML of widget slots', () => {
  const newsletter = { key: 'mf-forms/NewsletterSignup#default', id: 'mf-forms/NewsletterSignup' as const, hydration: 'visible' as const };
  const page = () => {
    const slot = document.createElement('div');
    slot.innerHTML = `
      <div data-qf-widget="mf-forms/NewsletterSignup" data-qf-key="mf-forms/NewsletterSignup#default"><form><label>Email</label></form></div>
      <div data-qf-widget="mf-forms/Poll" data-qf-key="mf-forms/Poll#default"><p>A poll the state does not describe</p></div>`;
    return slot;
  };

  it('is given back for the language and props the server rendered it with, whatever the order of the props', () => {
    const captured = captureWidgets(page(), 'en', [{ ...newsletter, props: { list: 'general', widgetKey: newsletter.key } }]);
    expect(capturedHtml(captured, newsletter.key, 'en', { widgetKey: newsletter.key, list: 'general' })).toBe('<form><label>Email</label></form>');
    // A caller that cannot say the props gets it for the language alone.
    expect(capturedHtml(captured, newsletter.key, 'en')).toBe('<form><label>Email</label></form>');
  });

  it('is not given to a later page that places the same widget in the other language or with other props', () => {
    const captured = captureWidgets(page(), 'en', [{ ...newsletter, props: { list: 'general', widgetKey: newsletter.key } }]);
    expect(capturedHtml(captured, newsletter.key, 'ar', { list: 'general', widgetKey: newsletter.key })).toBeUndefined();
    expect(capturedHtml(captured, newsletter.key, 'ar')).toBeUndefined();
    expect(capturedHtml(captured, newsletter.key, 'en', { list: 'idkt-quarterly', widgetKey: newsletter.key })).toBeUndefined();
  });

  it('leaves out a slot the state does not describe, and knows no other key', () => {
    const captured = captureWidgets(page(), 'en', [{ ...newsletter, props: { widgetKey: newsletter.key } }]);
    expect([...captured.keys()]).toEqual([newsletter.key]);
    expect(capturedHtml(captured, 'mf-forms/Poll#default', 'en')).toBeUndefined();
    expect(capturedHtml(captured, 'mf-events/Countdown#default', 'en')).toBeUndefined();
  });
});
