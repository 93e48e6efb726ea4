/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import { render as renderOnServer } from '../server';
import { hydrateWidget } from './test-hydrate';

type Lang = 'en' | 'ar';
const widgetKey = 'mf-forms/NewsletterSignup#default';
const showWidget = (lang: Lang) => render(<SectionRoot section={section} view="NewsletterSignup" data={{ widgetKey }} lang={lang} bus={createBus()} host={{}} />);
const answer = (body: unknown, status: number) => Promise.resolve({ ok: status < 300, status, json: async () => body } as Response);

const ui = {
  en: { label: 'Email address', submit: 'Subscribe', submitting: 'Subscribing…', summary: 'Please correct the following:' },
  ar: { label: 'البريد الإلكتروني', submit: 'اشترك', submitting: 'جارٍ الاشتراك…', summary: 'يُرجى تصحيح ما يلي:' },
} as const;

/** SPEC §5 and §8, word for word, and their Arabic. */
const spec = {
  en: {
    required: 'please enter the email address',
    invalid: 'the email is invalid',
    subscribed: 'Thanks for subscribing.',
    already: 'You have already subscribed to our monthly newsletter.',
    invalidEmail: 'Invalid email adress.',
    error: 'An error occured. please try again',
    tooMany: 'Too many submissions from your connection. Please wait a minute and try again.',
  },
  ar: {
    required: 'يُرجى إدخال عنوان البريد الإلكتروني',
    invalid: 'البريد الإلكتروني غير صالح',
    subscribed: 'شكراً لاشتراكك.',
    already: 'أنت مشترك بالفعل في نشرتنا الإخبارية الشهرية.',
    invalidEmail: 'عنوان البريد الإلكتروني غير صالح.',
    error: 'حدث خطأ. يُرجى المحاولة مرة أخرى',
    tooMany: 'تم إرسال عدد كبير جداً من الطلبات من اتصالك. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.',
  },
} as const;

const submit = (lang: Lang, email?: string) => {
  if (email !== undefined) fireEvent.change(screen.getByLabelText(ui[lang].label), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: ui[lang].submit }));
};

/** The message stands next to the field, described by it, in the summary, and the field has the focus. */
async function expectFieldError(lang: Lang, message: string) {
  const input = screen.getByLabelText(ui[lang].label);
  await waitFor(() => expect(document.activeElement).toBe(input));
  expect(input).toHaveAttribute('aria-invalid', 'true');
  const describedBy = input.getAttribute('aria-describedby')!;
  expect(describedBy).toMatch(/-email-error$/);
  expect(document.getElementById(describedBy)).toHaveTextContent(message);
  const summary = screen.getByRole('alert');
  expect(summary).toHaveTextContent(ui[lang].summary);
  expect(within(summary).getByRole('link', { name: message })).toHaveAttribute('href', `#${input.id}`);
  expect(screen.getByRole('status')).toHaveTextContent('');
}

describe('NewsletterSignup', () => {
  afterEach(() => jest.restoreAllMocks());

  it('renders a plain form post on the server that works without JavaScript, in the visitor’s language', () => {
    for (const lang of ['en', 'ar'] as const) {
      const html = renderOnServer({ view: 'NewsletterSignup', data: { widgetKey }, lang, bus: createBus(), host: {} });
      const doc = document.createElement('div');
      doc.innerHTML = html;
      const form = doc.querySelector('form')!;
      expect(form.getAttribute('method')).toBe('post');
      expect(form.getAttribute('action')).toBe(`/api/forms/newsletter?lang=${lang}`);
      const email = form.querySelector<HTMLInputElement>('input[name="email"]')!;
      expect(doc.querySelector(`label[for="${email.id}"]`)).toHaveTextContent(ui[lang].label);
      expect(form.querySelector('input[name="website"]')).not.toBeNull();
      expect(form.querySelector('button[type="submit"]')).toHaveTextContent(ui[lang].submit);
      expect(email.id).toMatch(/^mf-forms-NewsletterSignup-default/);
    }
    expect(renderOnServer({ view: 'NewsletterSignup', data: {}, lang: 'ar', bus: createBus(), host: {} })).toContain('اشترك في نشرتنا الإخبارية');
  });

  it('hydrates its server markup without a mismatch and keeps what was typed before it hydrated', async () => {
    global.fetch = jest.fn(() => answer({ outcome: 'subscribed', message: spec.ar.subscribed }, 201)) as unknown as typeof fetch;
    const widget = await hydrateWidget('NewsletterSignup', { widgetKey }, 'ar', (el) => {
      el.querySelector<HTMLInputElement>('input[name="email"]')!.value = 'early@example.org';
    });
    try {
      expect(widget.problems).toEqual([]);
      expect(widget.el.innerHTML).toBe(widget.serverHtml);
      fireEvent.click(within(widget.el).getByRole('button', { name: 'اشترك' }));
      await waitFor(() => expect(within(widget.el).getByRole('status')).toHaveTextContent(spec.ar.subscribed));
      expect(JSON.parse((global.fetch as jest.Mock).mock.calls[0][1].body)).toEqual({ email: 'early@example.org', website: '' });
      expect(widget.problems).toEqual([]);
    } finally {
      await widget.done();
    }
  });

  it('would report a hydration mismatch (the check above can fail)', async () => {
    const widget = await hydrateWidget('NewsletterSignup', { widgetKey }, 'en', (el) => {
      el.querySelector('h2')!.textContent = 'Something else';
    });
    await widget.done();
    expect(widget.problems.join('\n')).toMatch(/hydrat/i);
  });

  for (const lang of ['en', 'ar'] as const) {
    describe(lang, () => {
      it('says the address is missing next to the field and in the summary, focuses it, and sends nothing', async () => {
        global.fetch = jest.fn() as unknown as typeof fetch;
        showWidget(lang);
        submit(lang);
        await expectFieldError(lang, spec[lang].required);
        expect(global.fetch).not.toHaveBeenCalled();
      });

      it('rejects a malformed address with the SPEC message, and clears it once corrected', async () => {
        global.fetch = jest.fn() as unknown as typeof fetch;
        showWidget(lang);
        submit(lang, 'not-an-email');
        await expectFieldError(lang, spec[lang].invalid);
        fireEvent.change(screen.getByLabelText(ui[lang].label), { target: { value: 'reader@example.org' } });
        await waitFor(() => expect(screen.getByLabelText(ui[lang].label)).not.toHaveAttribute('aria-invalid'));
        expect(screen.queryByText(spec[lang].invalid)).toBeNull();
        expect(global.fetch).not.toHaveBeenCalled();
      });

      it('thanks a new subscriber in a status region, reading Subscribing… while it sends', async () => {
        let finish: (r: Response) => void = () => undefined;
        global.fetch = jest.fn(() => new Promise<Response>((r) => (finish = r))) as unknown as typeof fetch;
        showWidget(lang);
        submit(lang, ' reader@example.org ');
        // Busy, not disabled: a disabled button loses focus (a keyboard submit left focus on <body>).
        const sending = await screen.findByRole('button', { name: ui[lang].submitting });
        expect(sending).toBeEnabled();
        expect(sending).toHaveAttribute('aria-disabled', 'true');
        // A second press, or Enter in the field, sends nothing more.
        fireEvent.click(sending);
        fireEvent.submit(sending.closest('form')!);
        expect(global.fetch).toHaveBeenCalledTimes(1);
        await act(async () => finish({ ok: true, status: 201, json: async () => ({ outcome: 'subscribed', message: spec[lang].subscribed }) } as Response));
        await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(spec[lang].subscribed));
        expect(screen.getByRole('button', { name: ui[lang].submit })).toBeEnabled();
        expect(screen.getByRole('alert')).toHaveTextContent('');
        const [url, init] = (global.fetch as jest.Mock).mock.calls[0]!;
        expect(url).toBe(`/api/forms/newsletter?lang=${lang}`);
        expect(init).toMatchObject({ method: 'POST', body: JSON.stringify({ email: 'reader@example.org', website: '' }) });
        expect(init.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
      });

      it('says the address is already subscribed (409) in a status region', async () => {
        global.fetch = jest.fn(() => answer({ outcome: 'already-subscribed', message: spec[lang].already }, 409)) as unknown as typeof fetch;
        showWidget(lang);
        submit(lang, 'reader@example.org');
        await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(spec[lang].already));
        expect(screen.getByRole('alert')).toHaveTextContent('');
      });

      it('shows the API’s invalid-address answer (400) next to the field and in the summary', async () => {
        global.fetch = jest.fn(() => answer({ outcome: 'invalid-email', message: spec[lang].invalidEmail }, 400)) as unknown as typeof fetch;
        showWidget(lang);
        submit(lang, 'reader@example.org');
        await expectFieldError(lang, spec[lang].invalidEmail);
      });

      it.each([
        ['the database fails (503)', () => answer({ outcome: 'error', message: spec[lang].error }, 503), spec[lang].error],
        ['the network fails', () => Promise.reject(new Error('offline')), spec[lang].error],
        ['a proxy answers with its own page', () => Promise.resolve(new Response('<h1>Bad gateway</h1>', { status: 502 })), spec[lang].error],
        ['too many submissions come from the connection (429: the API says why)', () => answer({ outcome: 'rate-limited', message: spec[lang].tooMany }, 429), spec[lang].tooMany],
      ])('gives an alert when %s', async (_case, reply, expected) => {
        global.fetch = jest.fn(reply) as unknown as typeof fetch;
        showWidget(lang);
        submit(lang, 'reader@example.org');
        await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(expected));
        expect(screen.getByRole('alert')).not.toHaveTextContent(ui[lang].summary);
        expect(screen.getByRole('status')).toHaveTextContent('');
        expect(screen.getByLabelText(ui[lang].label)).not.toHaveAttribute('aria-invalid');
      });
    });
  }

  it('replaces an earlier outcome with the new one', async () => {
    global.fetch = jest.fn(() => answer({ outcome: 'already-subscribed', message: spec.ar.already }, 409)) as unknown as typeof fetch;
    showWidget('ar');
    submit('ar', 'reader@example.org');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(spec.ar.already));
    submit('ar', 'not-an-email');
    await expectFieldError('ar', spec.ar.invalid);
  });

  it('sends the hidden honeypot field as filled, so the server can tell a robot', async () => {
    global.fetch = jest.fn(() => answer({ outcome: 'subscribed', message: spec.en.subscribed }, 201)) as unknown as typeof fetch;
    const { container } = showWidget('en');
    fireEvent.change(container.querySelector('input[name="website"]')!, { target: { value: 'https://spam.example' } });
    submit('en', 'robot@example.org');
    await waitFor(() => expect(global.fetch).toHaveBeenCalled());
    expect(JSON.parse((global.fetch as jest.Mock).mock.calls[0][1].body)).toEqual({ email: 'robot@example.org', website: 'https://spam.example' });
  });

  it('subscribes to the list the page names, said in its heading and sent with and without JavaScript', async () => {
    global.fetch = jest.fn(() => answer({ outcome: 'subscribed', message: spec.ar.subscribed }, 201)) as unknown as typeof fetch;
    const { container } = render(<SectionRoot section={section} view="NewsletterSignup" data={{ widgetKey, list: 'idkt-quarterly' }} lang="ar" bus={createBus()} host={{}} />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('اشترك في النشرة الفصلية لتنمية الصناعة ونقل المعرفة');
    // The plain form (no JavaScript) posts the list too.
    expect(container.querySelector('input[type="hidden"][name="list"]')).toHaveAttribute('value', 'idkt-quarterly');
    submit('ar', 'reader@example.org');
    await waitFor(() => expect(global.fetch).toHaveBeenCalled());
    expect(JSON.parse((global.fetch as jest.Mock).mock.calls[0][1].body)).toEqual({ email: 'reader@example.org', list: 'idkt-quarterly', website: '' });
  });

  it('keeps to the monthly newsletter for a list that does not exist', () => {
    const { container } = render(<SectionRoot section={section} view="NewsletterSignup" data={{ widgetKey, list: 'weekly' }} lang="en" bus={createBus()} host={{}} />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Subscribe to our newsletter');
    expect(container.querySelector('input[name="list"]')).toBeNull();
  });
});
