/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';

// Every form is a chunk of its own (a lazy view): loaded first, as the parcel and the server do.
beforeAll(() => section.loadAll());

const SURVEY = { surveyId: 'survey-1', title: 'Tell us about your visit', question: 'How satisfied are you with this website?', open: true };
const answer = (body: unknown, status = 200) => Promise.resolve({ ok: status < 300, status, json: async () => body } as Response);
const show = (view: 'SurveyPopup' | 'BrandSurveyPrompt', data: Record<string, unknown>, lang: 'en' | 'ar' = 'en') =>
  render(
    <>
      <button type="button">Before</button>
      <SectionRoot section={section} view={view} data={data} lang={lang} bus={createBus()} host={{}} />
    </>,
  );

describe('SurveyPopup', () => {
  beforeEach(() => {
    localStorage.clear();
    global.fetch = jest.fn((_url: string, init?: RequestInit) => (init?.method === 'POST' ? answer({ outcome: 'received', message: 'Thank you for your feedback.' }, 201) : answer(SURVEY))) as unknown as typeof fetch;
  });
  afterEach(() => jest.restoreAllMocks());

  it('opens after its delay as a modal dialog with the focus inside, and Escape closes it for good', async () => {
    jest.useFakeTimers();
    const first = show('SurveyPopup', { surveyId: 'survey-1', delayMs: 1000 });
    screen.getByRole('button', { name: 'Before' }).focus();
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    jest.useRealTimers();
    const dialog = await screen.findByRole('dialog', { name: 'Tell us about your visit' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Before' }));
    expect(localStorage.getItem('qf-survey:survey-1')).toBe('dismissed');
    first.unmount();

    jest.useFakeTimers();
    show('SurveyPopup', { surveyId: 'survey-1', delayMs: 1000 });
    await act(async () => {
      jest.advanceTimersByTime(60_000);
    });
    jest.useRealTimers();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((global.fetch as jest.Mock).mock.calls).toHaveLength(1);
  });

  it('opens at once when it arrives on a page the visitor has already scrolled far enough', async () => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 3000 });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 1000 });
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 1500 });
    try {
      show('SurveyPopup', { surveyId: 'survey-1', delayMs: 60_000, scrollRatio: 0.6 });
      expect(await screen.findByRole('dialog', { name: 'Tell us about your visit' })).toBeInTheDocument();
    } finally {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
      Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 0 });
    }
  });

  it('never interrupts a visitor who is filling in a form on the page', async () => {
    jest.useFakeTimers();
    render(
      <>
        <form>
          <label htmlFor="email">Email address</label>
          <input id="email" />
        </form>
        <SectionRoot section={section} view="SurveyPopup" data={{ surveyId: 'survey-1', delayMs: 1000 }} lang="en" bus={createBus()} host={{}} />
      </>,
    );
    screen.getByLabelText('Email address').focus();
    screen.getByLabelText('Email address').blur();
    await act(async () => {
      jest.advanceTimersByTime(60_000);
    });
    jest.useRealTimers();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(global.fetch).not.toHaveBeenCalled();
    expect(localStorage.getItem('qf-survey:survey-1')).toBeNull();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    show('SurveyPopup', { surveyId: 'survey-1', delayMs: 0 });
    const dialog = await screen.findByRole('dialog');
    const close = screen.getByRole('button', { name: 'Close' });
    const notNow = screen.getByRole('button', { name: 'Not now' });
    notNow.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(notNow);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('asks for a score, sends the answer and thanks the visitor in Arabic', async () => {
    (global.fetch as jest.Mock).mockImplementation((_url: string, init?: RequestInit) =>
      init?.method === 'POST' ? answer({ outcome: 'received', message: 'شكراً لملاحظاتك.' }, 201) : answer({ ...SURVEY, title: 'أخبرنا عن زيارتك', question: 'ما مدى رضاك؟' }),
    );
    show('SurveyPopup', { surveyId: 'survey-1', delayMs: 0 }, 'ar');
    await screen.findByRole('dialog', { name: 'أخبرنا عن زيارتك' });
    fireEvent.click(screen.getByRole('button', { name: 'أرسل' }));
    expect(await screen.findByText('يُرجى اختيار أحد الخيارات', { selector: 'p' })).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('4 – راضٍ'));
    fireEvent.change(screen.getByLabelText('هل هناك ما تودّ إخبارنا به أيضاً؟ (اختياري)'), { target: { value: 'موقع واضح' } });
    fireEvent.click(screen.getByRole('button', { name: 'أرسل' }));
    expect(await screen.findByText('شكراً لملاحظاتك.')).toBeInTheDocument();
    const [url, init] = (global.fetch as jest.Mock).mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(url).toBe('/api/forms/surveys/survey-1/responses?lang=ar');
    expect(JSON.parse(init.body)).toEqual({ satisfaction: 4, comment: 'موقع واضح' });
    expect(localStorage.getItem('qf-survey:survey-1')).toBe('answered');
    fireEvent.click(screen.getAllByRole('button', { name: 'إغلاق' }).at(-1)!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('qf-survey:survey-1')).toBe('answered');
  });

  it('moves the focus to the first field in error, clears a message once put right, and says so while it sends', async () => {
    let release: (r: Response) => void = () => {};
    (global.fetch as jest.Mock).mockImplementation((_url: string, init?: RequestInit) =>
      init?.method === 'POST' ? new Promise<Response>((resolve) => (release = resolve)) : answer(SURVEY),
    );
    show('SurveyPopup', { surveyId: 'survey-1', delayMs: 0 });
    await screen.findByRole('dialog', { name: 'Tell us about your visit' });
    const comment = screen.getByLabelText(/anything else/i);
    fireEvent.change(comment, { target: { value: 'x'.repeat(2000) } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    // both fields are wrong: the summary lists them in order, the focus is on the first choice
    await screen.findByText('Select an option', { selector: 'p' });
    expect(document.activeElement).toBe(screen.getByLabelText(/^1 –/));
    expect(screen.getByRole('alert').querySelectorAll('li')).toHaveLength(2);
    // each change checks again: the choice made, its message goes and the comment's stays
    fireEvent.click(screen.getByLabelText(/^5 –/));
    await waitFor(() => expect(screen.queryByText('Select an option', { selector: 'p' })).toBeNull());
    expect(comment).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(comment, { target: { value: 'Clear and quick' } });
    await waitFor(() => expect(comment).not.toHaveAttribute('aria-invalid'));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const sending = await screen.findByRole('button', { name: 'Sending…' });
    expect(sending).toHaveAttribute('aria-disabled', 'true');
    await act(async () => release(await answer({ outcome: 'received', message: 'Thank you for your feedback.' }, 201)));
    expect(await screen.findByText('Thank you for your feedback.')).toBeInTheDocument();
    expect(localStorage.getItem('qf-survey:survey-1')).toBe('answered');
  });

  it('opens once the visitor has scrolled half the page', async () => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 3000 });
    show('SurveyPopup', { surveyId: 'survey-1', delayMs: 600_000 });
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 1500 });
    fireEvent.scroll(window);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});

describe('BrandSurveyPrompt', () => {
  beforeEach(() => {
    localStorage.clear();
    global.fetch = jest.fn(() => answer(SURVEY)) as unknown as typeof fetch;
  });

  it('leads to the survey in a dialog; closing it dismisses the prompt', async () => {
    show('BrandSurveyPrompt', { surveyId: 'survey-1' });
    const prompt = await screen.findByRole('complementary', { name: 'Brand survey' });
    expect(prompt).toHaveTextContent('How do you see Qatar Foundation? Tell us in a one-minute survey.');
    const take = screen.getByRole('button', { name: 'Take the survey' });
    take.focus();
    fireEvent.click(take);
    expect(await screen.findByRole('dialog', { name: 'Tell us about your visit' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'How satisfied are you with this website?' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(localStorage.getItem('qf-survey:survey-1')).toBe('dismissed');
  });

  it('stays away once dismissed', async () => {
    const first = show('BrandSurveyPrompt', { surveyId: 'survey-1' }, 'ar');
    fireEvent.click(await screen.findByRole('button', { name: 'تجاهل' }));
    expect(screen.queryByRole('complementary')).toBeNull();
    first.unmount();
    show('BrandSurveyPrompt', { surveyId: 'survey-1' }, 'ar');
    await act(async () => undefined);
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});
