/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import type { EventRegistrationProps } from './EventRegistration';

const show = (data: EventRegistrationProps, lang: 'en' | 'ar' = 'en') => render(<SectionRoot section={section} view="EventRegistration" data={data} lang={lang} bus={createBus()} host={{}} />);
const answer = (body: unknown, status = 200) => Promise.resolve({ ok: status < 300, status, json: async () => body } as Response);

describe('EventRegistration', () => {
  afterEach(() => jest.restoreAllMocks());

  it('says Registration Closed when registration is closed', () => {
    show({ eventId: 'e', open: false, attendance: 'hybrid' });
    expect(screen.getByRole('status')).toHaveTextContent('Registration Closed');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows each SPEC message next to its field, summarises them and focuses the first', async () => {
    global.fetch = jest.fn(() => answer({ open: true, online: true, inPerson: true, seatsLeft: 12 })) as unknown as typeof fetch;
    show({ eventId: 'e', open: true, attendance: 'hybrid' });
    await screen.findByText('(12 in-person seats left)', { exact: false });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Please enter a valid name', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('Please enter a company name', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('This field is required.', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the following:');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Full name')));
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers online attendance only once the in-person seats are gone', async () => {
    global.fetch = jest.fn(() => answer({ open: true, online: true, inPerson: false, seatsLeft: 0 })) as unknown as typeof fetch;
    show({ eventId: 'e', open: true, attendance: 'hybrid' });
    await screen.findByText(/In-person registration is no longer available/);
    expect(screen.queryByLabelText('In person')).toBeNull();
    expect(screen.getByLabelText('Online')).toBeChecked();
  });

  it('tells the visitor to watch the recording when every seat is booked', async () => {
    global.fetch = jest.fn(() => answer({ open: true, online: false, inPerson: false, seatsLeft: 0 })) as unknown as typeof fetch;
    show({ eventId: 'e', open: true, attendance: 'in-person' });
    expect(await screen.findByText('Thank you for your interest in this event. The event is now at full capacity. Please check this page after the event to watch the recording.')).toBeInTheDocument();
  });

  it('reads Registering… while it submits, then thanks the visitor in Arabic', async () => {
    let finish: (r: Response) => void = () => undefined;
    global.fetch = jest.fn((url: string) =>
      url.endsWith('/availability') ? answer({ open: true, online: true, inPerson: true, seatsLeft: 5 }) : new Promise<Response>((r) => (finish = r)),
    ) as unknown as typeof fetch;
    show({ eventId: 'event-1', open: true, attendance: 'hybrid' }, 'ar');
    await screen.findByText(/المقاعد الحضورية المتبقية/);
    for (const [label, value] of [['الاسم الكامل', 'ليلى حسن'], ['البريد الإلكتروني', 'layla@example.org'], ['المسمى الوظيفي', 'معلمة'], ['الشركة أو الجهة', 'أكاديمية قطر'], ['الجنسية', 'قطرية'], ['بلد الإقامة', 'قطر']] as const)
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fireEvent.change(screen.getByLabelText('كيف عرفت بهذه الفعالية؟'), { target: { value: 'website' } });
    fireEvent.click(screen.getByLabelText(/^حضورياً/));
    fireEvent.click(screen.getByLabelText(/أؤكد أنني/));
    fireEvent.click(screen.getByRole('button', { name: 'سجّل' }));
    expect(await screen.findByRole('button', { name: 'جارٍ التسجيل…' })).toBeDisabled();
    finish({ ok: true, status: 201, json: async () => ({ outcome: 'registered', message: 'x' }) } as Response);
    expect(await screen.findByText('شكراً لتسجيلك.')).toBeInTheDocument();
    expect(screen.getByText('ستصلك رسالة بالبريد الإلكتروني تتضمن تفاصيل المشاهدة.')).toBeInTheDocument();
    const [url, init] = (global.fetch as jest.Mock).mock.calls.at(-1)!;
    expect(url).toBe('/api/forms/events/event-1/registrations?lang=ar');
    expect(JSON.parse(init.body)).toMatchObject({ attendance: 'in-person', vaccinated: true, heardFrom: 'website' });
  });
});
