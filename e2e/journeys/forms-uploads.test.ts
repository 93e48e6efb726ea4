import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { type Site, startJourney, stopJourney } from '../site';
import { sampleFile } from '@qf/shared/testing';

jest.setTimeout(300_000);

let site: Site;
let browser: Browser;

beforeAll(async () => ({ site, browser } = await startJourney()));
afterAll(() => stopJourney(site, browser));

const jpeg = sampleFile('jpeg', 4000);
const pdf = sampleFile('pdf', 600);
const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2000, 3)]);
const file = (name: string, buffer: Buffer, mimeType = 'application/octet-stream') => ({ name, mimeType, buffer });

async function openPage(): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  // What these forms can break: a script error, or a failed call to the forms API (a refused file, 415,
  // is a documented answer). Chrome-wide console noise is the other journeys' business.
  page.on('console', (m) => {
    if (m.type() === 'error' && m.text().includes('/api/forms/') && !m.text().includes('status of 415')) problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('requestfailed', (r) => {
    if (r.url().includes('/api/forms/')) problems.push(`request failed: ${r.url()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return { context, page, problems };
}

async function expectAccessible(page: Page, widget: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).include(`[data-qf-widget="${widget}"]`).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function reach(page: Page, path: string, heading: string): Promise<Locator> {
  await page.goto(site.url + path);
  const region = page.getByRole('region', { name: heading });
  await region.scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  return region;
}

async function fill(form: Locator, values: [label: string, value: string][]): Promise<void> {
  for (const [label, value] of values) await form.getByLabel(label, { exact: true }).fill(value);
}

describe.each([
  {
    lang: 'en',
    path: '/art-contest',
    heading: 'Submit your artwork',
    submit: 'Submit artwork',
    messages: ['Please enter a valid name', 'Please enter a valid email address', 'Please enter a valid phone number', 'Please enter a valid title', 'This field is required'],
    wrongType: 'This file type is not accepted. Accepted types: .zip, .jpg, .jpeg, .png, .pdf',
    values: [
      ['Full name', 'Maryam Al-Kuwari'],
      ['Email address', 'maryam.e2e@example.org'],
      ['Phone number', '+974 5555 1234'],
      ['Title of artwork', 'Dunes at dusk'],
      ['Artist’s statement', 'Light over the desert at the end of the day.'],
      ['Artist’s biography', 'A painter born in Doha.'],
      ['Dimensions', '60 × 90 cm'],
      ['Material', 'Oil on canvas'],
    ] as [string, string][],
    image: 'Image of the artwork',
    terms: 'I have read and agree to the terms and conditions.',
    thanks: 'Thank you for your submission. We have received your artwork.',
  },
  {
    lang: 'ar',
    path: '/ar/art-contest',
    heading: 'قدّم عملك الفني',
    submit: 'أرسل العمل الفني',
    messages: ['يُرجى إدخال اسم صحيح', 'يُرجى إدخال عنوان بريد إلكتروني صحيح', 'يُرجى إدخال رقم هاتف صحيح', 'يُرجى إدخال عنوان صحيح', 'هذا الحقل مطلوب'],
    wrongType: 'نوع هذا الملف غير مقبول. الأنواع المقبولة: .zip، .jpg، .jpeg، .png، .pdf',
    values: [
      ['الاسم الكامل', 'مريم الكواري'],
      ['البريد الإلكتروني', 'maryam.ar.e2e@example.org'],
      ['رقم الهاتف', '+974 5555 4321'],
      ['عنوان العمل الفني', 'كثبان عند الغروب'],
      ['البيان الفني', 'الضوء فوق الصحراء في نهاية النهار.'],
      ['السيرة الذاتية للفنان', 'رسامة وُلدت في الدوحة.'],
      ['الأبعاد', '60 × 90 سم'],
      ['المادة المستخدمة', 'ألوان زيتية على قماش'],
    ] as [string, string][],
    image: 'صورة العمل الفني',
    terms: 'لقد قرأت الشروط والأحكام وأوافق عليها.',
    thanks: 'شكراً لمشاركتك. لقد استلمنا عملك الفني.',
  },
])('art contest entry ($lang)', (c) => {
  it('shows the SPEC messages on bad input, accessibly, refuses a renamed executable, then thanks the participant', async () => {
    const { context, page, problems } = await openPage();
    const form = await reach(page, c.path, c.heading);
    await form.getByRole('button', { name: c.submit }).click();
    for (const message of c.messages) await form.getByText(message, { exact: true }).first().waitFor();
    expect(await form.getByRole('alert').getByRole('link').count()).toBe(10);
    await expectAccessible(page, 'mf-forms/ArtEntry');

    await fill(form, c.values);
    await form.getByLabel(c.image).setInputFiles(file('photo.png', exe));
    await form.getByLabel(c.terms).check();
    await form.getByRole('button', { name: c.submit }).click();
    await form.getByText(c.wrongType, { exact: true }).first().waitFor();
    await expectAccessible(page, 'mf-forms/ArtEntry');

    await form.getByLabel(c.image).setInputFiles(file('dunes.jpg', jpeg, 'image/jpeg'));
    await form.getByRole('button', { name: c.submit }).click();
    await form.getByRole('status').filter({ hasText: c.thanks }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe.each([
  {
    lang: 'en',
    path: '/pre-university-scholarship',
    heading: 'Pre-university scholarship, 2028 cycle',
    submit: 'Submit application',
    messages: ['Please enter a valid name', 'Please enter a valid national ID number (11 digits)', 'Please enter a valid date of birth', 'Select an option', 'Please enter a valid phone number', 'Please enter a valid email address', 'Please enter a valid GPA', 'This field is required'],
    values: [
      ['First name', 'Noor'],
      ['Last name', 'Hamad'],
      ['Student national ID number', '30012345678'],
      ['Date of birth', '2009-04-12'],
      ['Student phone number', '+974 5555 0001'],
      ['Student email address', 'noor.e2e@example.org'],
      ['Parent phone number', '+974 5555 0002'],
      ['Parent email address', 'parent.e2e@example.org'],
      ['Current school', 'Al Bayan School'],
      ['Academic GPA', '3.85'],
    ] as [string, string][],
    gender: ['Gender', 'Female'],
    choices: [
      ['First school choice', 'Qatar Academy Doha'],
      ['Second school choice', 'Awsaj Academy'],
      ['Third school choice', 'Academyati'],
    ],
    files: ['Current transcript', 'First recommendation letter', 'Second recommendation letter', 'Third recommendation letter', 'Essay'],
    distinct: 'Please choose three different schools',
    terms: 'I have read and agree to the terms and conditions.',
    thanks: 'Thank you for applying. We have received your application. Results will be announced on 13 December 2028.',
  },
  {
    lang: 'ar',
    path: '/ar/pre-university-scholarship',
    heading: 'منحة ما قبل الجامعة، دورة 2028',
    submit: 'أرسل الطلب',
    messages: ['يُرجى إدخال اسم صحيح', 'يُرجى إدخال رقم هوية وطنية صحيح (١١ رقماً)', 'يُرجى إدخال تاريخ ميلاد صحيح', 'يُرجى اختيار أحد الخيارات', 'يُرجى إدخال رقم هاتف صحيح', 'يُرجى إدخال معدل دراسي صحيح', 'هذا الحقل مطلوب'],
    values: [
      ['الاسم الأول', 'نور'],
      ['اسم العائلة', 'حمد'],
      ['رقم الهوية الوطنية للطالب', '٣٠٠١٢٣٤٥٦٧٩'],
      ['تاريخ الميلاد', '2009-04-12'],
      ['رقم هاتف الطالب', '+974 5555 0003'],
      ['البريد الإلكتروني للطالب', 'noor.ar.e2e@example.org'],
      ['رقم هاتف ولي الأمر', '+974 5555 0004'],
      ['البريد الإلكتروني لولي الأمر', 'parent.ar.e2e@example.org'],
      ['المدرسة الحالية', 'مدرسة البيان'],
      ['المعدل الدراسي', '92.5'],
    ] as [string, string][],
    gender: ['الجنس', 'أنثى'],
    choices: [
      ['المدرسة المفضلة الأولى', 'أكاديمية قطر - الدوحة'],
      ['المدرسة المفضلة الثانية', 'أكاديمية العوسج'],
      ['المدرسة المفضلة الثالثة', 'أكاديميتي'],
    ],
    files: ['كشف الدرجات الحالي', 'رسالة التوصية الأولى', 'رسالة التوصية الثانية', 'رسالة التوصية الثالثة', 'المقال'],
    distinct: 'يُرجى اختيار ثلاث مدارس مختلفة',
    terms: 'لقد قرأت الشروط والأحكام وأوافق عليها.',
    thanks: 'شكراً لتقديم طلبك. لقد استلمنا طلبك. ستُعلن النتائج في ١٣ ديسمبر ٢٠٢٨.',
  },
])('pre-university scholarship ($lang)', (c) => {
  it('shows the SPEC messages on bad input, accessibly, requires three different schools, then thanks the student', async () => {
    const { context, page, problems } = await openPage();
    const form = await reach(page, c.path, c.heading);
    await form.getByRole('button', { name: c.submit }).click();
    for (const message of c.messages) await form.getByText(message, { exact: true }).first().waitFor();
    await expectAccessible(page, 'mf-forms/Scholarship');

    await fill(form, c.values);
    await form.getByLabel(c.gender[0]!, { exact: true }).selectOption({ label: c.gender[1]! });
    await form.getByLabel(c.choices[0]![0]!, { exact: true }).selectOption({ label: c.choices[0]![1]! });
    await form.getByLabel(c.choices[1]![0]!, { exact: true }).selectOption({ label: c.choices[0]![1]! });
    await form.getByLabel(c.choices[2]![0]!, { exact: true }).selectOption({ label: c.choices[2]![1]! });
    for (const label of c.files) await form.getByLabel(label, { exact: true }).setInputFiles(file('document.pdf', pdf, 'application/pdf'));
    await form.getByLabel(c.terms).check();
    await form.getByRole('button', { name: c.submit }).click();
    await form.getByText(c.distinct, { exact: true }).first().waitFor();
    await expectAccessible(page, 'mf-forms/Scholarship');

    await form.getByLabel(c.choices[1]![0]!, { exact: true }).selectOption({ label: c.choices[1]![1]! });
    await form.getByRole('button', { name: c.submit }).click();
    await form.getByRole('status').filter({ hasText: c.thanks }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a closed scholarship cycle', () => {
  it.each([
    ['/pre-university-scholarship-2020', 'Pre-university scholarship, 2020 cycle', 'Applications for this cycle are closed.'],
    ['/ar/pre-university-scholarship-2020', 'منحة ما قبل الجامعة، دورة 2020', 'انتهت فترة استقبال الطلبات في هذه الدورة.'],
  ])('%s says applications are closed, with no form', async (path, heading, message) => {
    const { context, page } = await openPage();
    const region = await reach(page, path, heading);
    await region.getByRole('status').filter({ hasText: message }).waitFor();
    expect(await region.getByRole('button').count()).toBe(0);
    await context.close();
  });
});
