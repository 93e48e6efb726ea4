/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';

// Every form is a chunk of its own (a lazy view): loaded first, as the parcel and the server do.
beforeAll(() => section.loadAll());

const show = (lang: 'en' | 'ar' = 'en') => render(<SectionRoot section={section} view="AlumniSignup" data={{}} lang={lang} bus={createBus()} host={{}} />);
const answer = (body: unknown, status = 201) => Promise.resolve({ ok: status < 300, status, json: async () => body } as Response);

describe('AlumniSignup', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the SPEC messages next to the fields, summarises them and focuses the first, without sending', async () => {
    global.fetch = jest.fn() as unknown as typeof fetch;
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First name')));
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the following:');
    expect(screen.getAllByText('Please enter a valid name', { selector: 'p' })).toHaveLength(2);
    expect(screen.getByText('Please enter a valid email address', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('Select an option', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getAllByText('This field is required', { selector: 'p' })).toHaveLength(2);
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email address').getAttribute('aria-describedby')).toMatch(/-email-error$/);
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('sends a complete sign-up in Arabic and thanks the visitor', async () => {
    global.fetch = jest.fn(() => answer({ outcome: 'signed-up', message: 'شكراً لتسجيلك. سنبلغك فور إطلاق بوابة الخريجين.' })) as unknown as typeof fetch;
    show('ar');
    fireEvent.change(screen.getByLabelText('الاسم الأول'), { target: { value: 'ليلى' } });
    fireEvent.change(screen.getByLabelText('اسم العائلة'), { target: { value: 'حسن' } });
    fireEvent.change(screen.getByLabelText('البريد الإلكتروني'), { target: { value: 'layla@example.org' } });
    fireEvent.change(screen.getByLabelText('جهة التخرّج'), { target: { value: 'hbku' } });
    fireEvent.change(screen.getByLabelText('سنة التخرّج'), { target: { value: '2019' } });
    fireEvent.click(screen.getByLabelText(/أوافق على/));
    fireEvent.click(screen.getByRole('button', { name: 'سجّل' }));
    expect(await screen.findByRole('status')).toHaveTextContent('شكراً لتسجيلك. سنبلغك فور إطلاق بوابة الخريجين.');
    const [url, init] = (global.fetch as jest.Mock).mock.calls[0]!;
    expect(url).toBe('/api/forms/alumni?lang=ar');
    expect(init.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(init.body)).toEqual({ firstName: 'ليلى', lastName: 'حسن', email: 'layla@example.org', institution: 'hbku', graduationYear: 2019, consent: true, website: '' });
  });

  it('says so when the address is already signed up, and keeps the form', async () => {
    global.fetch = jest.fn(() => answer({ outcome: 'already-signed-up', message: 'This email address is already signed up for the alumni portal.' }, 409)) as unknown as typeof fetch;
    show();
    for (const [label, value] of [['First name', 'Layla'], ['Last name', 'Hassan'], ['Email address', 'layla@example.org'], ['Graduation year', '2019']] as const)
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fireEvent.change(screen.getByLabelText('Graduating institution'), { target: { value: 'cmu-q' } });
    fireEvent.click(screen.getByLabelText(/I agree/));
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('This email address is already signed up for the alumni portal.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
  });
});
