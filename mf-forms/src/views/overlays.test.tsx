/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import { CONSENT_KEY, openOverlay, watchOverlays } from './overlays';

// Every form is a chunk of its own (a lazy view): loaded first, as the parcel and the server do.
beforeAll(() => section.loadAll());

/** The overlays rule: a prompt never covers an open dialog or menu (nor the cookie banner) and waits until it closes. */

const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));

function banner(state?: string, hidden = true) {
  const el = document.createElement('section');
  el.setAttribute('data-qf-cookies', '');
  el.hidden = hidden;
  if (state) el.dataset.state = state;
  el.innerHTML = '<p>Cookies</p><button type="button">Accept and close</button>';
  document.body.append(el);
  return el;
}

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-qf-scroll-locked');
  localStorage.clear();
});

describe('openOverlay', () => {
  it('is null on a page with nothing open', () => {
    expect(openOverlay()).toBeNull();
  });

  it('names the cookie banner while it is due, shown or leaving, and not once it has gone or consent is stored', () => {
    const el = banner();
    expect(openOverlay()).toBe('cookie-banner'); // due: the shell shows it 2 s after load
    el.hidden = false;
    el.dataset.state = 'shown';
    expect(openOverlay()).toBe('cookie-banner');
    el.dataset.state = 'leaving';
    expect(openOverlay()).toBe('cookie-banner');
    el.hidden = true;
    el.dataset.state = 'gone';
    expect(openOverlay()).toBeNull();
    delete el.dataset.state;
    localStorage.setItem(CONSENT_KEY, '1');
    expect(openOverlay()).toBeNull();
  });

  it('names an open menu (the shell locks the page scroll) and an open modal dialog, not a hidden one', () => {
    document.documentElement.setAttribute('data-qf-scroll-locked', '');
    expect(openOverlay()).toBe('menu');
    document.documentElement.removeAttribute('data-qf-scroll-locked');
    const drawer = document.createElement('div');
    drawer.setAttribute('role', 'dialog');
    drawer.setAttribute('aria-modal', 'true');
    drawer.hidden = true;
    document.body.append(drawer);
    expect(openOverlay()).toBeNull();
    drawer.hidden = false;
    expect(openOverlay()).toBe('dialog');
    expect(openOverlay(document, (el) => el === drawer)).toBeNull();
  });
});

describe('watchOverlays', () => {
  it('says when the page becomes clear and when something opens again', async () => {
    const el = banner('shown', false);
    const seen: boolean[] = [];
    const stop = watchOverlays((clear) => seen.push(clear));
    el.dataset.state = 'gone';
    el.hidden = true;
    await flush();
    document.documentElement.setAttribute('data-qf-scroll-locked', '');
    await flush();
    document.documentElement.removeAttribute('data-qf-scroll-locked');
    await flush();
    stop();
    document.documentElement.setAttribute('data-qf-scroll-locked', '');
    await flush();
    expect(seen).toEqual([false, true, false, true]);
  });

  it("hears a popover dialog open and close (the shell's search panel and mobile drawer): no attribute of theirs changes", async () => {
    const panel = document.createElement('div');
    panel.setAttribute('role', 'dialog');
    panel.setAttribute('aria-modal', 'true');
    panel.setAttribute('popover', 'auto');
    document.body.append(panel);
    const seen: boolean[] = [];
    const stop = watchOverlays((clear) => seen.push(clear));
    panel.showPopover();
    await flush();
    panel.hidePopover();
    await flush();
    stop();
    expect(seen).toEqual([true, false, true]);
  });
});

describe('the brand-survey prompt', () => {
  const show = (lang: 'en' | 'ar') =>
    render(<SectionRoot section={section} view="BrandSurveyPrompt" data={{ surveyId: 'brand', widgetKey: 'mf-forms/BrandSurveyPrompt#default' }} lang={lang} bus={createBus()} host={{}} />);
  const name = { en: 'Brand survey', ar: 'استبيان العلامة المؤسسية' };

  it.each(['en', 'ar'] as const)('waits for the cookie banner to go, then appears; hides while a menu is open (%s)', async (lang) => {
    const el = banner('shown', false);
    show(lang);
    await flush();
    expect(screen.queryByRole('complementary')).toBeNull();
    // Accept and close: the banner slides out, then is gone.
    localStorage.setItem(CONSENT_KEY, '1');
    el.dataset.state = 'leaving';
    await flush();
    expect(screen.queryByRole('complementary')).toBeNull();
    el.hidden = true;
    el.dataset.state = 'gone';
    await flush();
    expect(screen.getByRole('complementary', { name: name[lang] })).toBeInTheDocument();
    document.documentElement.setAttribute('data-qf-scroll-locked', '');
    await flush();
    expect(screen.queryByRole('complementary')).toBeNull();
    document.documentElement.removeAttribute('data-qf-scroll-locked');
    await flush();
    expect(screen.getByRole('complementary', { name: name[lang] })).toBeInTheDocument();
  });
});
