import {
  artEntryErrors,
  artEntryMessage,
  artEntryMessages,
  artEntrySchema,
  countWords,
  expectedKind,
  fileProblem,
  MAX_UPLOAD_BYTES,
  scholarshipErrors,
  scholarshipMessage,
  scholarshipMessages,
  scholarshipSchema,
  uploadMessages,
} from '.';

const art = {
  name: 'Maryam Al-Kuwari',
  email: 'maryam@example.org',
  phone: '+974 5555 1234',
  title: 'Dunes at dusk',
  statement: 'Light over the desert.',
  biography: 'A painter from Doha.',
  dimensions: '60 × 90 cm',
  material: 'Oil on canvas',
  link: 'https://example.org/portfolio',
  terms: true,
};
const image = { name: 'dunes.JPG', size: 2_000_000 };

const application = {
  firstName: 'Noor',
  lastName: 'Hamad',
  nationalId: '30012345678',
  dateOfBirth: '2009-04-12',
  gender: 'female',
  gpa: '3.85',
  currentSchool: 'Al Bayan School',
  studentPhone: '+974 5555 0001',
  studentEmail: 'noor@example.org',
  parentPhone: '+974 5555 0002',
  parentEmail: 'parent@example.org',
  choice1: 'school-a',
  choice2: 'school-b',
  choice3: 'school-c',
  terms: 'on',
};
const doc = { name: 'letter.pdf', size: 300_000 };
const docs = { transcript: doc, recommendation1: doc, recommendation2: doc, recommendation3: doc, essay: doc };

describe('upload rules', () => {
  it('limits every upload to 10 MB and recognises types by extension, in any case', () => {
    expect(MAX_UPLOAD_BYTES).toBe(10 * 1024 * 1024);
    expect(fileProblem({ name: 'a.png', size: MAX_UPLOAD_BYTES }, ['.png'])).toBeNull();
    expect(fileProblem({ name: 'a.png', size: MAX_UPLOAD_BYTES + 1 }, ['.png'])).toBe('tooLarge');
    expect(fileProblem({ name: 'a.exe', size: 10 }, ['.png'])).toBe('fileType');
    expect(fileProblem({ name: 'png', size: 10 }, ['.png'])).toBe('fileType');
    expect(fileProblem(undefined, ['.png'])).toBe('required');
    expect(fileProblem({ name: '', size: 0 }, ['.png'])).toBe('required');
    expect(expectedKind('SCAN.JPEG', ['.jpeg'])).toBe('jpeg');
    expect(expectedKind('archive.zip', ['.pdf'])).toBeNull();
    // A name that hides its real order or characters is refused, whatever it ends with.
    expect(expectedKind('photo\u202Egnp.exe.png', ['.png'])).toBeNull();
    expect(expectedKind('cv\u200B.pdf', ['.pdf'])).toBeNull();
  });

  it('counts words in any script', () => {
    expect(countWords('  one two\nthree ')).toBe(3);
    expect(countWords('ضوء على الصحراء')).toBe(3);
    expect(countWords('')).toBe(0);
  });

  it('keeps the SPEC §5 messages word for word, with a real Arabic translation of each', () => {
    expect(uploadMessages.en).toMatchObject({
      email: 'Please enter a valid email address',
      name: 'Please enter a valid name',
      select: 'Select an option',
      required: 'This field is required',
      phone: 'Please enter a valid phone number',
      url: 'Please enter a valid url',
      tooLarge: 'File size limit exceeded. (10MB max)',
    });
    for (const table of [uploadMessages, artEntryMessages, scholarshipMessages]) {
      expect(Object.keys(table.ar).sort()).toEqual(Object.keys(table.en).sort());
      for (const [key, text] of Object.entries(table.ar)) {
        expect(text).toMatch(/[\u0600-\u06FF]/);
        expect(text).not.toBe((table.en as Record<string, string>)[key]);
      }
    }
  });
});

describe('art entry form', () => {
  it('accepts a complete entry, without a link too', () => {
    expect(artEntryErrors(art, 'en', { image })).toEqual({});
    expect(artEntryErrors({ ...art, link: '' }, 'en', { image })).toEqual({});
    expect(artEntrySchema.parse({ ...art, name: '  Maryam Al-Kuwari ', phone: '+٩٧٤ ٥٥٥٥ ١٢٣٤' })).toMatchObject({ name: 'Maryam Al-Kuwari', phone: '+974 5555 1234', terms: true });
  });

  it('gives the SPEC message next to each bad field', () => {
    expect(artEntryErrors({}, 'en', {})).toEqual({
      name: 'Please enter a valid name',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
      title: 'Please enter a valid title',
      statement: 'This field is required',
      biography: 'This field is required',
      dimensions: 'This field is required',
      material: 'This field is required',
      terms: 'This field is required',
      image: 'This field is required',
    });
    expect(artEntryErrors({ ...art, link: 'not a link', phone: '12', email: 'a@', name: '<script>' }, 'ar', { image })).toEqual({
      link: 'يُرجى إدخال رابط صحيح',
      phone: 'يُرجى إدخال رقم هاتف صحيح',
      email: 'يُرجى إدخال عنوان بريد إلكتروني صحيح',
      name: 'يُرجى إدخال اسم صحيح',
    });
  });

  it('allows 100 words in the statement and biography, not 101', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
    expect(artEntryErrors({ ...art, statement: words(100), biography: words(100) }, 'en')).toEqual({});
    expect(artEntryErrors({ ...art, statement: words(101), biography: 'x'.repeat(10_000) }, 'en')).toEqual({
      statement: 'Please use no more than 100 words.',
      biography: 'Please use no more than 100 words.',
    });
  });

  it('checks the one file: its type and the 10 MB limit', () => {
    expect(artEntryErrors(art, 'en', { image: { name: 'virus.exe', size: 10 } })).toEqual({ image: 'This file type is not accepted. Accepted types: .zip, .jpg, .jpeg, .png, .pdf' });
    expect(artEntryErrors(art, 'ar', { image: { name: 'big.zip', size: 11 * 1024 * 1024 } })).toEqual({ image: 'تم تجاوز الحد الأقصى لحجم الملف. (١٠ ميغابايت كحد أقصى)' });
    expect(artEntryMessage('too-large', 'en')).toBe('File size limit exceeded. (10MB max)');
    expect(artEntryMessage('closed', 'ar')).toBe('انتهت فترة استقبال المشاركات في هذه المسابقة.');
  });
});

describe('scholarship form', () => {
  const schools = ['school-a', 'school-b', 'school-c', 'school-d'];

  it('accepts a complete application with Arabic-Indic digits', () => {
    expect(scholarshipErrors(application, 'en', { schools, files: docs })).toEqual({});
    expect(scholarshipSchema.parse({ ...application, nationalId: '٣٠٠١٢٣٤٥٦٧٨', gpa: '٩٢٫٥' })).toMatchObject({ nationalId: '30012345678', gpa: '92.5', terms: true });
    // The Arabic decimal separator (٫) with Arabic or Western digits, and a decimal comma, are a point.
    for (const [typed, read] of [['٣٫٥', '3.5'], ['3٫85', '3.85'], ['3,5', '3.5'], ['۳٫۷', '3.7']]) expect(scholarshipSchema.parse({ ...application, gpa: typed }).gpa).toBe(read);
  });

  it('gives the SPEC message next to each bad field', () => {
    expect(scholarshipErrors({}, 'en', { files: {} })).toEqual({
      firstName: 'Please enter a valid name',
      lastName: 'Please enter a valid name',
      nationalId: 'Please enter a valid national ID number (11 digits)',
      dateOfBirth: 'Please enter a valid date of birth',
      gender: 'Select an option',
      gpa: 'Please enter a valid GPA',
      currentSchool: 'This field is required',
      studentPhone: 'Please enter a valid phone number',
      studentEmail: 'Please enter a valid email address',
      parentPhone: 'Please enter a valid phone number',
      parentEmail: 'Please enter a valid email address',
      choice1: 'Select an option',
      choice2: 'Select an option',
      choice3: 'Select an option',
      terms: 'This field is required',
      transcript: 'This field is required',
      recommendation1: 'This field is required',
      recommendation2: 'This field is required',
      recommendation3: 'This field is required',
      essay: 'This field is required',
    });
  });

  it('requires three different schools that the content offers', () => {
    expect(scholarshipErrors({ ...application, choice2: 'school-a', choice3: 'school-a' }, 'en', { schools })).toEqual({ choice2: 'Please choose three different schools', choice3: 'Please choose three different schools' });
    expect(scholarshipErrors({ ...application, firstName: '', choice3: 'school-b' }, 'ar', { schools })).toEqual({ firstName: 'يُرجى إدخال اسم صحيح', choice3: 'يُرجى اختيار ثلاث مدارس مختلفة' });
    expect(scholarshipErrors({ ...application, choice1: 'school-z' }, 'en', { schools })).toEqual({ choice1: 'Select an option' });
    expect(scholarshipSchema.safeParse({ ...application, choice3: 'school-a' }).success).toBe(false);
  });

  it('refuses impossible and future dates of birth, and GPAs out of range', () => {
    for (const dateOfBirth of ['2009-02-30', '2999-01-01', '1900-01-01', '12/04/2009']) expect(scholarshipErrors({ ...application, dateOfBirth }, 'en')).toEqual({ dateOfBirth: 'Please enter a valid date of birth' });
    for (const gpa of ['0', '101', 'A+', '3.855']) expect(scholarshipErrors({ ...application, gpa }, 'en')).toEqual({ gpa: 'Please enter a valid GPA' });
  });

  it('checks the five documents', () => {
    expect(scholarshipErrors(application, 'en', { files: { ...docs, essay: { name: 'essay.zip', size: 10 }, recommendation2: { name: 'b.pdf', size: 20 * 1024 * 1024 } } })).toEqual({
      essay: 'This file type is not accepted. Accepted types: .pdf, .jpg, .jpeg, .png',
      recommendation2: 'File size limit exceeded. (10MB max)',
    });
    expect(scholarshipMessage('closed', 'en')).toBe('Applications for this cycle are closed.');
  });
});
