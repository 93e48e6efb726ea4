/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import type { EcssQuestionProps } from './EcssQuestion';

// Every form is a chunk of its own (a lazy view): loaded first, as the parcel and the server do.
beforeAll(() => section.loadAll());

const show = (data: EcssQuestionProps, lang: 'en' | 'ar' = 'en') => render(<SectionRoot section={section} view="EcssQuestion" data={data} lang={lang} bus={createBus()} host={{}} />);
const answer = (body: unknown, status = 201) => Promise.resolve({ ok: status < 300, status, json: async () => body } as Response);

describe('EcssQuestion', () => {
  afterEach(() => jest.restoreAllMocks());

  it('explains what is wrong with each field and focuses the first', async () => {
    global.fetch = jest.fn() as unknown as typeof fetch;
    show({ seriesId: 'ecss-1' });
    fireEvent.change(screen.getByLabelText('Your question'), { target: { value: 'Why?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send my question' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Your name')));
    expect(screen.getByText('Please enter a valid name', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('Please write a question of at least 10 characters.', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('sends the question for the chosen session and thanks the visitor in Arabic', async () => {
    global.fetch = jest.fn(() => answer({ outcome: 'received', message: 'شكراً لك. تم استلام سؤالك وستتم مشاركته مع المتحدثين.' })) as unknown as typeof fetch;
    show({ seriesId: 'ecss-1', sessions: [{ id: 'event-6', title: 'مستقبل التعلّم' }] }, 'ar');
    fireEvent.change(screen.getByLabelText('اسمك'), { target: { value: 'عمر خالد' } });
    fireEvent.change(screen.getByLabelText('البريد الإلكتروني'), { target: { value: 'omar@example.org' } });
    fireEvent.change(screen.getByLabelText('لأي جلسة سؤالك؟'), { target: { value: 'event-6' } });
    fireEvent.change(screen.getByLabelText('سؤالك'), { target: { value: 'كيف سيغيّر الذكاء الاصطناعي التعليم؟' } });
    fireEvent.click(screen.getByRole('button', { name: 'أرسل سؤالي' }));
    expect(await screen.findByRole('status')).toHaveTextContent('شكراً لك. تم استلام سؤالك وستتم مشاركته مع المتحدثين.');
    const [url, init] = (global.fetch as jest.Mock).mock.calls[0]!;
    expect(url).toBe('/api/forms/ecss/questions?lang=ar');
    expect(JSON.parse(init.body)).toEqual({ name: 'عمر خالد', email: 'omar@example.org', question: 'كيف سيغيّر الذكاء الاصطناعي التعليم؟', eventId: 'event-6', website: '' });
  });

  it('sends the question for the session the page is about', async () => {
    global.fetch = jest.fn(() => answer({ outcome: 'received', message: 'Thank you. Your question has been received and will be shared with the speakers.' })) as unknown as typeof fetch;
    show({ seriesId: 'ecss-1', eventId: 'event-1' });
    expect(screen.queryByRole('combobox')).toBeNull();
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Omar' } });
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'omar@example.org' } });
    fireEvent.change(screen.getByLabelText('Your question'), { target: { value: 'What comes after the lecture?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send my question' }));
    await screen.findByRole('status');
    expect(JSON.parse((global.fetch as jest.Mock).mock.calls[0]![1].body).eventId).toBe('event-1');
  });

  it('shows the server’s field messages next to their fields', async () => {
    global.fetch = jest.fn(() => answer({ outcome: 'invalid', message: 'Please correct the fields marked below.', errors: { email: 'Please enter a valid email address' } }, 400)) as unknown as typeof fetch;
    show({ seriesId: 'ecss-1' });
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Omar' } });
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'omar@example.org' } });
    fireEvent.change(screen.getByLabelText('Your question'), { target: { value: 'What comes after the lecture?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send my question' }));
    expect(await screen.findByText('Please enter a valid email address', { selector: 'p' })).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email address')));
  });
});
