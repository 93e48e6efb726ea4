/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import type { ArtEntryProps } from './ArtEntry';
import type { ScholarshipProps } from './Scholarship';

// Every form is a chunk of its own (a lazy view): loaded first, as the parcel and the server do.
beforeAll(() => section.loadAll());

const MB = 1024 * 1024;
const open = { windowId: 'w-art', title: 'Art contest', opensAt: '2020-01-01T00:00:00Z', closesAt: '2099-01-01T00:00:00Z' };
const closed = { ...open, closesAt: '2020-06-01T00:00:00Z' };
const schools = [
  { id: 's-a', title: 'Academy A' },
  { id: 's-b', title: 'Academy B' },
  { id: 's-c', title: 'Academy C' },
];

const showArt = (data: ArtEntryProps, lang: 'en' | 'ar' = 'en') => render(<SectionRoot section={section} view="ArtEntry" data={data} lang={lang} bus={createBus()} host={{}} />);
const showScholarship = (data: ScholarshipProps, lang: 'en' | 'ar' = 'en') => render(<SectionRoot section={section} view="Scholarship" data={data} lang={lang} bus={createBus()} host={{}} />);
const fileOf = (name: string, size: number) => {
  const file = new File(['%PDF-1.4'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const choose = (label: string | RegExp, file: File) => fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });

describe('ArtEntry', () => {
  afterEach(() => jest.restoreAllMocks());

  it('says submissions are closed outside the contest’s window, in both languages', () => {
    showArt(closed);
    expect(screen.getByRole('status')).toHaveTextContent('Submissions for this contest are closed.');
    expect(screen.queryByRole('button')).toBeNull();
    showArt(closed, 'ar');
    expect(screen.getByText('انتهت فترة استقبال المشاركات في هذه المسابقة.')).toBeInTheDocument();
  });

  it('shows each SPEC message next to its field, summarises them with links and focuses the first', async () => {
    showArt(open);
    fireEvent.click(screen.getByRole('button', { name: 'Submit artwork' }));
    const summary = await screen.findByRole('alert');
    expect(await within(summary).findByText('Please correct the following:')).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Please enter a valid name' })).toHaveAttribute('href', `#${screen.getByLabelText('Full name').id}`);
    expect(within(summary).getAllByRole('link')).toHaveLength(10);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Full name')));
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please enter a valid phone number', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getAllByText('This field is required', { selector: 'p' })).toHaveLength(6);
    fireEvent.click(within(summary).getByRole('link', { name: 'Please enter a valid phone number' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Phone number'));
  });

  it('refuses a file over 10 MB or of another type before uploading it', async () => {
    global.fetch = jest.fn() as unknown as typeof fetch;
    showArt(open, 'ar');
    expect(screen.getByLabelText('صورة العمل الفني')).toHaveAttribute('accept', '.zip,.jpg,.jpeg,.png,.pdf');
    expect(screen.getByText('ملف واحد: .zip, .jpg, .jpeg, .png, .pdf. الحد الأقصى ١٠ ميغابايت.')).toBeInTheDocument();
    choose('صورة العمل الفني', fileOf('big.png', 11 * MB));
    fireEvent.click(screen.getByRole('button', { name: 'أرسل العمل الفني' }));
    expect(await screen.findByText('تم تجاوز الحد الأقصى لحجم الملف. (١٠ ميغابايت كحد أقصى)', { selector: 'p' })).toBeInTheDocument();
    choose('صورة العمل الفني', fileOf('setup.exe', 100));
    fireEvent.click(screen.getByRole('button', { name: 'أرسل العمل الفني' }));
    expect(await screen.findByText('نوع هذا الملف غير مقبول. الأنواع المقبولة: .zip، .jpg، .jpeg، .png، .pdf', { selector: 'p' })).toBeInTheDocument();
    expect(global.fetch).not.toHaveBeenCalled();
  });

  async function fillArt() {
    for (const [label, value] of [
      ['Full name', 'Maryam Al-Kuwari'],
      ['Email address', 'maryam@example.org'],
      ['Phone number', '+974 5555 1234'],
      ['Title of artwork', 'Dunes'],
      ['Artist’s statement', 'Light over the desert.'],
      ['Artist’s biography', 'A painter from Doha.'],
      ['Dimensions', '60 × 90 cm'],
      ['Material', 'Oil on canvas'],
    ] as const)
      type(label, value);
    choose('Image of the artwork', fileOf('dunes.jpg', 2 * MB));
    fireEvent.click(screen.getByLabelText(/I have read and agree/));
  }

  it('reads Submitting… while the file uploads, then thanks the participant', async () => {
    let finish: (r: Response) => void = () => undefined;
    global.fetch = jest.fn(() => new Promise<Response>((r) => (finish = r))) as unknown as typeof fetch;
    showArt(open);
    await fillArt();
    fireEvent.click(screen.getByRole('button', { name: 'Submit artwork' }));
    expect(await screen.findByRole('button', { name: 'Submitting…' })).toHaveAttribute('aria-disabled', 'true');
    const [url, init] = (global.fetch as jest.Mock).mock.calls[0]!;
    expect(url).toBe('/api/forms/art-entries?window=w-art&lang=en');
    expect(init.headers['idempotency-key']).toMatch(/^[A-Za-z0-9-]{8,100}$/);
    expect((init.body as FormData).get('email')).toBe('maryam@example.org');
    finish({ ok: true, status: 201, json: async () => ({ outcome: 'submitted', message: 'Thank you for your submission. We have received your artwork.' }) } as Response);
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your submission. We have received your artwork.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows what the server refused, next to the field and in the summary', async () => {
    global.fetch = jest.fn(() =>
      Promise.resolve({ ok: false, status: 413, json: async () => ({ outcome: 'too-large', message: 'File size limit exceeded. (10MB max)', errors: { image: 'File size limit exceeded. (10MB max)' } }) } as Response),
    ) as unknown as typeof fetch;
    showArt(open);
    await fillArt();
    fireEvent.click(screen.getByRole('button', { name: 'Submit artwork' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(within(summary).getByRole('link', { name: 'File size limit exceeded. (10MB max)' })).toBeInTheDocument());
    expect(screen.getByText('File size limit exceeded. (10MB max)', { selector: 'p[id$="-error"]' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit artwork' })).toBeEnabled();
  });
});

describe('Scholarship', () => {
  afterEach(() => jest.restoreAllMocks());
  const cycle: ScholarshipProps = { ...open, windowId: 'w-s', title: 'Pre-university scholarship', resultsAt: '2099-02-01T09:00:00+03:00', schools };

  it('shows the applications-closed state after the close date', () => {
    showScholarship({ ...cycle, closesAt: '2020-11-22T23:59:59+03:00' }, 'ar');
    expect(screen.getByRole('status')).toHaveTextContent('انتهت فترة استقبال الطلبات في هذه الدورة.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers the content’s schools, the essay guidance, and requires three different choices', async () => {
    showScholarship(cycle);
    expect(screen.getByText(/An essay of 500 words, double spaced, 12pt font, 1 inch margins\./)).toBeInTheDocument();
    expect(within(screen.getByLabelText('First school choice')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose…', 'Academy A', 'Academy B', 'Academy C']);
    fireEvent.change(screen.getByLabelText('First school choice'), { target: { value: 's-a' } });
    fireEvent.change(screen.getByLabelText('Second school choice'), { target: { value: 's-a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText('Please choose three different schools', { selector: 'p' })).toBeInTheDocument();
    expect(within(screen.getByRole('alert')).getAllByRole('link')).toHaveLength(19);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First name')));
  });

  it('sends a complete application and thanks the student with the results date', async () => {
    global.fetch = jest.fn(() => Promise.resolve({ ok: true, status: 201, json: async () => ({ outcome: 'submitted', message: 'شكراً لتقديم طلبك. لقد استلمنا طلبك.' }) } as Response)) as unknown as typeof fetch;
    showScholarship(cycle, 'ar');
    for (const [label, value] of [
      ['الاسم الأول', 'نور'],
      ['اسم العائلة', 'حمد'],
      [/^رقم الهوية الوطنية/, '30012345678'],
      ['تاريخ الميلاد', '2009-04-12'],
      ['رقم هاتف الطالب', '+974 5555 0001'],
      ['البريد الإلكتروني للطالب', 'noor@example.org'],
      ['رقم هاتف ولي الأمر', '+974 5555 0002'],
      ['البريد الإلكتروني لولي الأمر', 'parent@example.org'],
      ['المدرسة الحالية', 'مدرسة البيان'],
      [/^المعدل الدراسي/, '3.9'],
    ] as const)
      type(label, value);
    fireEvent.change(screen.getByLabelText('الجنس'), { target: { value: 'female' } });
    for (const [label, id] of [['المدرسة المفضلة الأولى', 's-a'], ['المدرسة المفضلة الثانية', 's-b'], ['المدرسة المفضلة الثالثة', 's-c']]) fireEvent.change(screen.getByLabelText(label!), { target: { value: id } });
    for (const label of ['كشف الدرجات الحالي', 'رسالة التوصية الأولى', 'رسالة التوصية الثانية', 'رسالة التوصية الثالثة', 'المقال']) choose(label, fileOf('doc.pdf', 1000));
    fireEvent.click(screen.getByLabelText(/لقد قرأت الشروط/));
    fireEvent.click(screen.getByRole('button', { name: 'أرسل الطلب' }));
    expect(await screen.findByRole('status')).toHaveTextContent('شكراً لتقديم طلبك. لقد استلمنا طلبك. ستُعلن النتائج في ١ فبراير ٢٠٩٩.');
    expect((global.fetch as jest.Mock).mock.calls[0]![0]).toBe('/api/forms/scholarships?window=w-s&lang=ar');
  });
});
