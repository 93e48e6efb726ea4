/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import { render as renderOnServer } from '../server';
import type { EventRegistrationProps } from './EventRegistration';
import { hydrateWidget } from './test-hydrate';

type Lang = 'en' | 'ar';
const widgetKey = 'mf-forms/EventRegistration#default';
const show = (data: EventRegistrationProps, lang: Lang = 'en') => render(<SectionRoot section={section} view="EventRegistration" data={{ ...data, widgetKey }} lang={lang} bus={createBus()} host={{}} />);
const answer = (body: unknown, status = 200) => Promise.resolve({ ok: status < 300, status, json: async () => body } as Response);
const seats = (online: boolean, inPerson: boolean, seatsLeft: number) => answer({ open: true, online, inPerson, seatsLeft });

const ui = {
  en: {
    heading: 'Register for this event',
    fields: { name: 'Full name', email: 'Email address', title: 'Job title', company: 'Company or organisation', nationality: 'Nationality', countryOfResidence: 'Country of residence', heardFrom: 'How did you hear about this event?' },
    online: 'Online',
    inPerson: /^In person/,
    vaccinated: /^I confirm that I am fully vaccinated/,
    submit: 'Register',
    submitting: 'Registering…',
    summary: 'Please correct the following:',
    seatsLeft: '(5 in-person seats left)',
  },
  ar: {
    heading: 'سجّل في هذه الفعالية',
    fields: { name: 'الاسم الكامل', email: 'البريد الإلكتروني', title: 'المسمى الوظيفي', company: 'الشركة أو الجهة', nationality: 'الجنسية', countryOfResidence: 'بلد الإقامة', heardFrom: 'كيف عرفت بهذه الفعالية؟' },
    online: 'عبر الإنترنت',
    inPerson: /^حضورياً/,
    vaccinated: /^أؤكد أنني/,
    submit: 'سجّل',
    submitting: 'جارٍ التسجيل…',
    summary: 'يُرجى تصحيح ما يلي:',
    seatsLeft: '(المقاعد الحضورية المتبقية: ٥)',
  },
} as const;

/** SPEC §4, §5 and §8, word for word, and their Arabic. */
const spec = {
  en: {
    fieldErrors: [
      ['name', 'Please enter a valid name'],
      ['email', 'Please enter a valid email address'],
      ['title', 'Please enter a valid title'],
      ['company', 'Please enter a company name'],
      ['nationality', 'This field is required'],
      ['countryOfResidence', 'This field is required'],
      ['heardFrom', 'Select an option'],
      ['attendance', 'Select an option'],
      ['vaccinated', 'This field is required.'],
    ],
    registered: 'Thank you for registering.',
    emailNote: 'An email with the viewing details will follow.',
    already: 'You have already registered for this event with this email address.',
    inPersonFull: 'In-person registration is no longer available because the maximum capacity has been reached. You can still register to attend online.',
    full: 'Thank you for your interest in this event. The event is now at full capacity. Please check this page after the event to watch the recording.',
    closed: 'Registration Closed',
    notFound: 'This event does not exist.',
    error: 'An error occured. please try again',
    tooMany: 'Too many submissions from your connection. Please wait a minute and try again.',
  },
  ar: {
    fieldErrors: [
      ['name', 'يُرجى إدخال اسم صحيح'],
      ['email', 'يُرجى إدخال عنوان بريد إلكتروني صحيح'],
      ['title', 'يُرجى إدخال مسمى وظيفي صحيح'],
      ['company', 'يُرجى إدخال اسم الجهة'],
      ['nationality', 'هذا الحقل مطلوب'],
      ['countryOfResidence', 'هذا الحقل مطلوب'],
      ['heardFrom', 'يُرجى اختيار أحد الخيارات'],
      ['attendance', 'يُرجى اختيار أحد الخيارات'],
      ['vaccinated', 'هذا الحقل مطلوب.'],
    ],
    registered: 'شكراً لتسجيلك.',
    emailNote: 'ستصلك رسالة بالبريد الإلكتروني تتضمن تفاصيل المشاهدة.',
    already: 'لقد سجّلت بالفعل في هذه الفعالية بعنوان البريد الإلكتروني هذا.',
    inPersonFull: 'لم يعد التسجيل للحضور الشخصي متاحاً لبلوغ الحد الأقصى للسعة. لا يزال بإمكانك التسجيل للحضور عبر الإنترنت.',
    full: 'شكراً لاهتمامك بهذه الفعالية. لقد اكتملت السعة القصوى للفعالية. يُرجى زيارة هذه الصفحة بعد الفعالية لمشاهدة التسجيل.',
    closed: 'التسجيل مغلق',
    notFound: 'هذه الفعالية غير موجودة.',
    error: 'حدث خطأ. يُرجى المحاولة مرة أخرى',
    tooMany: 'تم إرسال عدد كبير جداً من الطلبات من اتصالك. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.',
  },
} as const;

const values = {
  en: { name: 'Layla Hassan', email: 'layla@example.org', title: 'Teacher', company: 'Qatar Academy', nationality: 'Qatari', countryOfResidence: 'Qatar' },
  ar: { name: 'ليلى حسن', email: 'layla@example.org', title: 'معلمة', company: 'أكاديمية قطر', nationality: 'قطرية', countryOfResidence: 'قطر' },
} as const;

/** Fills every field; `attendance` picks a choice (none when the only one is already checked). */
function fillAll(lang: Lang, attendance?: 'online' | 'in-person') {
  for (const [field, value] of Object.entries(values[lang])) fireEvent.change(screen.getByLabelText(ui[lang].fields[field as keyof (typeof values)['en']]), { target: { value } });
  fireEvent.change(screen.getByLabelText(ui[lang].fields.heardFrom), { target: { value: 'website' } });
  if (attendance) fireEvent.click(screen.getByLabelText(attendance === 'online' ? ui[lang].online : ui[lang].inPerson));
  fireEvent.click(screen.getByLabelText(ui[lang].vaccinated));
}
const submit = (lang: Lang) => fireEvent.click(screen.getByRole('button', { name: ui[lang].submit }));
const lastBody = () => JSON.parse((global.fetch as jest.Mock).mock.calls.at(-1)![1].body);
/** The API answers the availability request with `availability` and a registration with `reply`. */
const api = (availability: () => Promise<Response>, reply: () => Promise<Response>) =>
  (global.fetch = jest.fn((url: string) => (url.endsWith('/availability') ? availability() : reply())) as unknown as typeof fetch);

describe('EventRegistration', () => {
  afterEach(() => jest.restoreAllMocks());

  it('renders every field with its label on the server, in both languages', () => {
    for (const lang of ['en', 'ar'] as const) {
      const el = document.createElement('div');
      el.innerHTML = renderOnServer({ view: 'EventRegistration', data: { eventId: 'e', open: true, attendance: 'hybrid', widgetKey }, lang, bus: createBus(), host: {} });
      for (const [field, label] of Object.entries(ui[lang].fields)) {
        const control = el.querySelector<HTMLElement>(`[name="${field}"]`)!;
        expect(el.querySelector(`label[for="${control.id}"]`)).toHaveTextContent(label);
      }
      expect(el.querySelectorAll('input[name="attendance"]')).toHaveLength(2);
      // Each choice's label text starts with its name, as a journey matching /^In person/ needs.
      expect(el.querySelector('input[value="online"]')!.closest('label')!.textContent).toBe(ui[lang].online);
      expect(el.querySelector('input[value="in-person"]')!.closest('label')!.textContent).toMatch(ui[lang].inPerson);
      expect(el.querySelector('input[name="vaccinated"]')!.closest('label')!.textContent).toMatch(ui[lang].vaccinated);
      expect(el.querySelector('select')!.value).toBe('');
      expect(el.querySelector('button[type="submit"]')).toHaveTextContent(ui[lang].submit);
      expect(el.querySelector('h2')).toHaveTextContent(ui[lang].heading);
      // submitted before the script runs, it is a plain post to the API, never a GET with the visitor's details
      expect(el.querySelector('form')).toHaveAttribute('method', 'post');
      expect(el.querySelector('form')).toHaveAttribute('action', `/api/forms/events/e/registrations?lang=${lang}`);
    }
  });

  describe('with the seats the event page read on the server', () => {
    const serverHtml = (availability: EventRegistrationProps['availability'], lang: Lang, attendance: EventRegistrationProps['attendance'] = 'hybrid') => {
      const el = document.createElement('div');
      el.innerHTML = renderOnServer({ view: 'EventRegistration', data: { eventId: 'e', open: true, attendance, availability, widgetKey }, lang, bus: createBus(), host: {} });
      return el;
    };

    for (const lang of ['en', 'ar'] as const) {
      it(`says the event is full, with no form, when every seat is booked (${lang})`, () => {
        for (const attendance of ['in-person', 'hybrid'] as const) {
          const el = serverHtml({ open: true, online: false, inPerson: false, seatsLeft: 0 }, lang, attendance);
          expect(el.querySelector('[role="status"]')).toHaveTextContent(spec[lang].full);
          expect(el.querySelector('form')).toBeNull();
          expect(el.querySelector('button')).toBeNull();
          expect(el.querySelector('h2')).toHaveTextContent(ui[lang].heading);
        }
      });

      it(`says Registration Closed, with no form, when the forms server has closed it (${lang})`, () => {
        const el = serverHtml({ open: false, online: true, inPerson: true, seatsLeft: 3 }, lang);
        expect(el.querySelector('[role="status"]')).toHaveTextContent(spec[lang].closed);
        expect(el.querySelector('form')).toBeNull();
      });

      it(`offers online attendance only, checked, once the in-person seats are gone (${lang})`, () => {
        const el = serverHtml({ open: true, online: true, inPerson: false, seatsLeft: 0 }, lang);
        const choices = el.querySelectorAll<HTMLInputElement>('input[name="attendance"]');
        expect([...choices].map((c) => c.value)).toEqual(['online']);
        expect(choices[0]!.checked).toBe(true);
        expect(el.querySelector('fieldset')).toHaveTextContent(spec[lang].inPersonFull);
        expect(el.querySelector('form')).toHaveAttribute('method', 'post');
      });

      it(`shows the in-person seats left on the server when there are some (${lang})`, () => {
        const el = serverHtml({ open: true, online: true, inPerson: true, seatsLeft: 5 }, lang);
        expect(el.querySelectorAll('input[name="attendance"]')).toHaveLength(2);
        expect(el.textContent).toContain(ui[lang].seatsLeft);
      });
    }

    it('never offers a way of attending the event does not have, whatever the seats say', () => {
      const el = serverHtml({ open: true, online: true, inPerson: true, seatsLeft: 5 }, 'en', 'in-person');
      expect([...el.querySelectorAll<HTMLInputElement>('input[name="attendance"]')].map((c) => c.value)).toEqual(['in-person']);
    });

    it('hydrates the full state without a mismatch', async () => {
      api(() => answer({ open: true, online: false, inPerson: false, seatsLeft: 0 }), () => answer({}));
      const widget = await hydrateWidget('EventRegistration', { eventId: 'event-1', open: true, attendance: 'in-person', availability: { open: true, online: false, inPerson: false, seatsLeft: 0 }, widgetKey }, 'ar');
      try {
        expect(within(widget.el).getByRole('status')).toHaveTextContent(spec.ar.full);
        expect(widget.problems).toEqual([]);
      } finally {
        await widget.done();
      }
    });
  });

  it('hydrates its server markup without a mismatch, keeping what the visitor typed and chose before', async () => {
    api(() => seats(true, true, 5), () => answer({ outcome: 'registered', message: spec.ar.registered }, 201));
    const widget = await hydrateWidget('EventRegistration', { eventId: 'event-1', open: true, attendance: 'hybrid', widgetKey }, 'ar', (el) => {
      el.querySelector<HTMLInputElement>('input[name="name"]')!.value = 'ليلى حسن';
      el.querySelector<HTMLInputElement>('input[value="in-person"]')!.checked = true;
    });
    try {
      expect(widget.problems).toEqual([]);
      const form = within(widget.el);
      await form.findByText(ui.ar.seatsLeft);
      expect(form.getByLabelText(ui.ar.fields.name)).toHaveValue('ليلى حسن');
      expect(form.getByLabelText(ui.ar.inPerson)).toBeChecked();
      for (const [field, value] of Object.entries(values.ar).slice(1)) fireEvent.change(form.getByLabelText(ui.ar.fields[field as keyof (typeof values)['ar']]), { target: { value } });
      fireEvent.change(form.getByLabelText(ui.ar.fields.heardFrom), { target: { value: 'news' } });
      fireEvent.click(form.getByLabelText(ui.ar.vaccinated));
      fireEvent.click(form.getByRole('button', { name: ui.ar.submit }));
      await form.findByText(spec.ar.registered);
      expect(lastBody()).toMatchObject({ name: 'ليلى حسن', attendance: 'in-person', heardFrom: 'news', vaccinated: true });
      expect(widget.problems).toEqual([]);
    } finally {
      await widget.done();
    }
  });

  for (const lang of ['en', 'ar'] as const) {
    describe(lang, () => {
      it('says Registration Closed when registration is closed, with no form', () => {
        global.fetch = jest.fn() as unknown as typeof fetch;
        show({ eventId: 'e', open: false, attendance: 'hybrid' }, lang);
        expect(screen.getByRole('region', { name: ui[lang].heading })).toBeInTheDocument();
        expect(screen.getByRole('status')).toHaveTextContent(spec[lang].closed);
        expect(screen.queryByRole('button')).toBeNull();
        expect(global.fetch).not.toHaveBeenCalled();
      });

      it('shows each SPEC message next to its field and in the summary, focuses the first, and sends nothing', async () => {
        api(() => seats(true, true, 5), () => answer({}));
        show({ eventId: 'e', open: true, attendance: 'hybrid' }, lang);
        await screen.findByText(ui[lang].seatsLeft);
        submit(lang);
        await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(ui[lang].fields.name)));
        const summary = screen.getByRole('alert');
        expect(summary).toHaveTextContent(ui[lang].summary);
        const links = within(summary).getAllByRole('link');
        expect(links.map((a) => a.textContent)).toEqual(spec[lang].fieldErrors.map(([, message]) => message));
        for (const [i, [field, message]] of spec[lang].fieldErrors.entries()) {
          const control = field === 'attendance' ? screen.getByLabelText(ui[lang].online) : field === 'vaccinated' ? screen.getByLabelText(ui[lang].vaccinated) : screen.getByLabelText(ui[lang].fields[field as keyof (typeof ui)['en']['fields']]);
          expect(control).toHaveAttribute('aria-invalid', 'true');
          expect(links[i]).toHaveAttribute('href', `#${control.id}`);
          const describer = field === 'attendance' ? control.closest('fieldset')! : control;
          expect(document.getElementById(describer.getAttribute('aria-describedby')!)).toHaveTextContent(message);
        }
        expect(screen.getByLabelText(ui[lang].inPerson)).toHaveAttribute('aria-invalid', 'true');
        expect(global.fetch).toHaveBeenCalledTimes(1);
      });

      it('reads Registering… while it submits, then thanks the visitor with the email note', async () => {
        let finish: (r: Response) => void = () => undefined;
        api(
          () => seats(true, true, 5),
          () => new Promise<Response>((r) => (finish = r)),
        );
        show({ eventId: 'event-1', open: true, attendance: 'hybrid' }, lang);
        await screen.findByText(ui[lang].seatsLeft);
        fillAll(lang, 'in-person');
        submit(lang);
        expect(await screen.findByRole('button', { name: ui[lang].submitting })).toHaveAttribute('aria-disabled', 'true');
        await act(async () => finish({ ok: true, status: 201, json: async () => ({ outcome: 'registered', message: spec[lang].registered }) } as Response));
        const thanks = await screen.findByRole('status');
        expect(thanks).toHaveTextContent(spec[lang].registered);
        expect(thanks).toHaveTextContent(spec[lang].emailNote);
        expect(screen.queryByRole('button')).toBeNull();
        const [url, init] = (global.fetch as jest.Mock).mock.calls.at(-1)!;
        expect(url).toBe(`/api/forms/events/event-1/registrations?lang=${lang}`);
        expect(init.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
        expect(JSON.parse(init.body)).toEqual({ ...values[lang], heardFrom: 'website', attendance: 'in-person', vaccinated: true, website: '' });
      });

      it('offers online attendance only once the in-person seats are gone', async () => {
        api(() => seats(true, false, 0), () => answer({ outcome: 'registered', message: spec[lang].registered }, 201));
        show({ eventId: 'e', open: true, attendance: 'hybrid' }, lang);
        await screen.findByText(spec[lang].inPersonFull);
        expect(screen.queryByLabelText(ui[lang].inPerson)).toBeNull();
        expect(screen.getByLabelText(ui[lang].online)).toBeChecked();
        fillAll(lang);
        submit(lang);
        await screen.findByText(spec[lang].registered);
        expect(lastBody()).toMatchObject({ attendance: 'online' });
      });

      it('checks the only way to attend of an in-person event, so there is nothing to choose', async () => {
        api(() => seats(false, true, 3), () => answer({ outcome: 'registered', message: spec[lang].registered }, 201));
        show({ eventId: 'e', open: true, attendance: 'in-person' }, lang);
        await screen.findByText(ui[lang].seatsLeft.replace(lang === 'ar' ? '٥' : '5', lang === 'ar' ? '٣' : '3'));
        expect(screen.queryByLabelText(ui[lang].online)).toBeNull();
        expect(screen.getByLabelText(ui[lang].inPerson)).toBeChecked();
        fillAll(lang);
        submit(lang);
        await screen.findByText(spec[lang].registered);
        expect(lastBody()).toMatchObject({ attendance: 'in-person' });
      });

      it('names the last in-person seat in the singular', async () => {
        api(() => seats(true, true, 1), () => answer({}));
        show({ eventId: 'e', open: true, attendance: 'hybrid' }, lang);
        await screen.findByText(lang === 'en' ? '(1 in-person seat left)' : '(بقي مقعد حضوري واحد)');
      });

      it('tells the visitor to watch the recording when every seat is booked', async () => {
        api(() => seats(false, false, 0), () => answer({}));
        show({ eventId: 'e', open: true, attendance: 'in-person' }, lang);
        expect(await screen.findByRole('status')).toHaveTextContent(spec[lang].full);
        expect(screen.queryByRole('button')).toBeNull();
      });

      it('keeps the form with the message when the address is already registered (409)', async () => {
        api(() => seats(true, true, 5), () => answer({ outcome: 'already-registered', message: spec[lang].already }, 409));
        show({ eventId: 'e', open: true, attendance: 'hybrid' }, lang);
        await screen.findByText(ui[lang].seatsLeft);
        fillAll(lang, 'online');
        submit(lang);
        await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(spec[lang].already));
        expect(screen.getByRole('button', { name: ui[lang].submit })).toBeEnabled();
        expect(screen.getByLabelText(ui[lang].fields.name)).toHaveValue(values[lang].name);
      });

      it('leaves online attendance only when the last in-person seat went meanwhile (409), and registers online', async () => {
        let reply = () => answer({ outcome: 'in-person-full', message: spec[lang].inPersonFull }, 409);
        api(() => seats(true, true, 1), () => reply());
        show({ eventId: 'e', open: true, attendance: 'hybrid' }, lang);
        await screen.findByLabelText(ui[lang].inPerson);
        fillAll(lang, 'in-person');
        submit(lang);
        await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(spec[lang].inPersonFull));
        expect(screen.queryByLabelText(ui[lang].inPerson)).toBeNull();
        expect(screen.getByLabelText(ui[lang].online)).toBeChecked();
        reply = () => answer({ outcome: 'registered', message: spec[lang].registered }, 201);
        submit(lang);
        await screen.findByText(spec[lang].registered);
        expect(lastBody()).toMatchObject({ attendance: 'online', vaccinated: true });
      });

      it.each([
        ['every seat went meanwhile (409 full)', 'full', 'full'],
        ['registration closed meanwhile (409 closed)', 'closed', 'closed'],
      ] as const)('replaces the form when %s', async (_case, outcome, key) => {
        api(() => seats(true, true, 5), () => answer({ outcome, message: spec[lang][key] }, 409));
        show({ eventId: 'e', open: true, attendance: 'hybrid' }, lang);
        await screen.findByText(ui[lang].seatsLeft);
        fillAll(lang, 'online');
        submit(lang);
        await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(spec[lang][key]));
        expect(screen.queryByRole('button')).toBeNull();
      });

      it.each([
        ['the event does not exist (404)', () => answer({ outcome: 'not-found', message: spec[lang].notFound }, 404), spec[lang].notFound],
        ['the database fails (503)', () => answer({ outcome: 'error', message: spec[lang].error }, 503), spec[lang].error],
        ['too many submissions come from the connection (429: the API says why)', () => answer({ outcome: 'rate-limited', message: spec[lang].tooMany }, 429), spec[lang].tooMany],
        ['the network fails', () => Promise.reject(new Error('offline')), spec[lang].error],
      ])('says so in the summary when %s', async (_case, reply, message) => {
        api(() => seats(true, true, 5), reply);
        show({ eventId: 'e', open: true, attendance: 'hybrid' }, lang);
        await screen.findByText(ui[lang].seatsLeft);
        fillAll(lang, 'online');
        submit(lang);
        await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
        expect(screen.getByRole('alert')).not.toHaveTextContent(ui[lang].summary);
        expect(screen.getByRole('button', { name: ui[lang].submit })).toBeEnabled();
      });

      it('shows the errors the API finds next to their fields and focuses the first', async () => {
        const [, selectMessage] = spec[lang].fieldErrors[7];
        const [, emailMessage] = spec[lang].fieldErrors[1];
        api(() => seats(true, true, 5), () => answer({ outcome: 'invalid', message: 'x', errors: { attendance: selectMessage, email: emailMessage } }, 400));
        show({ eventId: 'e', open: true, attendance: 'hybrid' }, lang);
        await screen.findByText(ui[lang].seatsLeft);
        fillAll(lang, 'online');
        submit(lang);
        const email = screen.getByLabelText(ui[lang].fields.email);
        await waitFor(() => expect(document.activeElement).toBe(email));
        expect(email).toHaveAttribute('aria-invalid', 'true');
        expect(document.getElementById(email.getAttribute('aria-describedby')!)).toHaveTextContent(emailMessage);
        expect(within(screen.getByRole('alert')).getAllByRole('link').map((a) => a.textContent)).toEqual([emailMessage, selectMessage]);
      });
    });
  }

  it('moves the focus to a field from its link in the summary, the attendance choice included', async () => {
    api(() => seats(true, true, 5), () => answer({}));
    show({ eventId: 'e', open: true, attendance: 'hybrid' });
    await screen.findByText(ui.en.seatsLeft);
    for (const [field, value] of Object.entries(values.en)) fireEvent.change(screen.getByLabelText(ui.en.fields[field as keyof (typeof values)['en']]), { target: { value } });
    fireEvent.change(screen.getByLabelText(ui.en.fields.heardFrom), { target: { value: 'friend' } });
    submit('en');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(ui.en.online)));
    (document.activeElement as HTMLElement).blur();
    fireEvent.click(within(screen.getByRole('alert')).getByRole('link', { name: 'This field is required.' }));
    expect(document.activeElement).toBe(screen.getByLabelText(ui.en.vaccinated));
    fireEvent.click(within(screen.getByRole('alert')).getByRole('link', { name: 'Select an option' }));
    expect(document.activeElement).toBe(screen.getByLabelText(ui.en.online));
  });
});
