import { buildIcs, escapeText, foldLine } from './ics';

const octets = (s: string) => Buffer.byteLength(s, 'utf8');
const STAMP = new Date('2026-11-22T09:00:00.000Z');
const event = {
  uid: 'event-1@qf.org.qa',
  title: 'Education City Speaker Series: The Future of Learning',
  // 18:30 in Doha (UTC+3, no daylight saving time) is 15:30 UTC.
  startDate: '2027-01-20T18:30:00+03:00',
  endDate: '2027-01-20T20:30:00+03:00',
  location: 'Qatar National Convention Centre, Education City',
  description: 'Talks; panels, questions.\nLine two',
  url: 'http://127.0.0.1:3000/events/education-city-speaker-series-future-of-learning',
  lastModified: '2026-11-05T12:00:00Z',
  lang: 'en',
};

/** The content lines of a file: folded lines joined back (RFC 5545 §3.1 unfolding). */
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

describe('escapeText', () => {
  it('escapes backslashes, semicolons and commas and writes line breaks as \\n', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });

  it('leaves colons, quotes and Arabic as they are', () => {
    expect(escapeText('Time: "18:30" – الدوحة، قطر')).toBe('Time: "18:30" – الدوحة، قطر');
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets as it is and folds one of 76', () => {
    expect(foldLine('a'.repeat(75))).toBe('a'.repeat(75));
    expect(foldLine('a'.repeat(76))).toBe(`${'a'.repeat(75)}\r\n a`);
  });

  it('keeps every physical line within 75 octets, the leading space included, and unfolds to the original', () => {
    const line = `DESCRIPTION:${'x'.repeat(300)}`;
    const folded = foldLine(line);
    for (const physical of folded.split('\r\n')) expect(octets(physical)).toBeLessThanOrEqual(75);
    expect(folded.split('\r\n').slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  it('counts octets, not characters, and never cuts an Arabic letter or an emoji in two', () => {
    const line = `SUMMARY;LANGUAGE=ar:${'سلسلة محاضرات المدينة التعليمية: مستقبل التعلّم '.repeat(3)}🎓🎓`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(2);
    for (const l of physical) {
      expect(octets(l)).toBeLessThanOrEqual(75);
      // A cut inside a character would leave a replacement character once decoded.
      expect(Buffer.from(l, 'utf8').toString('utf8')).toBe(l);
      expect(l).not.toContain('\uFFFD');
    }
    // Arabic letters are two octets: the first line holds fewer than 75 characters.
    expect(physical[0]!.length).toBeLessThan(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });
});

describe('buildIcs', () => {
  const ics = buildIcs(event, STAMP);

  it('writes a calendar with one event, CRLF line endings only and a final CRLF', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Qatar Foundation//mf-events//EN\r\n')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(unfold(ics).filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
  });

  it('writes Doha times in UTC, with UID and DTSTAMP', () => {
    const lines = unfold(ics);
    expect(lines).toContain('DTSTART:20270120T153000Z');
    expect(lines).toContain('DTEND:20270120T173000Z');
    expect(lines).toContain('DTSTAMP:20261122T090000Z');
    expect(lines).toContain('LAST-MODIFIED:20261105T120000Z');
    expect(lines).toContain('UID:event-1@qf.org.qa');
  });

  it('converts across a day boundary (01:00 in Doha is the evening before in UTC)', () => {
    const lines = unfold(buildIcs({ ...event, startDate: '2027-01-01T01:00:00+03:00', endDate: '2027-01-01T02:30:00+03:00' }, STAMP));
    expect(lines).toContain('DTSTART:20261231T220000Z');
    expect(lines).toContain('DTEND:20261231T233000Z');
  });

  it('escapes its texts and tags them with their language; the URL is not escaped', () => {
    const lines = unfold(ics);
    expect(lines).toContain('SUMMARY;LANGUAGE=en:Education City Speaker Series: The Future of Learning');
    expect(lines).toContain('LOCATION;LANGUAGE=en:Qatar National Convention Centre\\, Education City');
    expect(lines).toContain('DESCRIPTION;LANGUAGE=en:Talks\\; panels\\, questions.\\nLine two');
    expect(lines).toContain(`URL:${event.url}`);
  });

  it('writes Arabic texts in UTF-8, folded at 75 octets', () => {
    const ar = buildIcs(
      {
        ...event,
        title: 'سلسلة محاضرات المدينة التعليمية: مستقبل التعلّم',
        location: 'مركز قطر الوطني للمؤتمرات، المدينة التعليمية',
        description: 'يلتقي معلمون وطلاب وباحثون لمناقشة الكيفية التي يغيّر بها الذكاء الاصطناعي والنماذج المدرسية الجديدة والتعلّم مدى الحياة معنى أن يكون الإنسان متعلّمًا.',
        lang: 'ar',
      },
      STAMP,
    );
    for (const physical of ar.split('\r\n')) expect(octets(physical)).toBeLessThanOrEqual(75);
    const lines = unfold(ar);
    expect(lines).toContain('SUMMARY;LANGUAGE=ar:سلسلة محاضرات المدينة التعليمية: مستقبل التعلّم');
    // The Arabic comma (،) is not the ASCII comma: it is not escaped.
    expect(lines).toContain('LOCATION;LANGUAGE=ar:مركز قطر الوطني للمؤتمرات، المدينة التعليمية');
    expect(lines.find((l) => l.startsWith('DESCRIPTION'))).toMatch(/متعلّمًا\.$/);
    expect(lines).toContain('DTSTART:20270120T153000Z');
  });

  it('leaves out what the event does not have', () => {
    const lines = unfold(buildIcs({ uid: 'x@qf.org.qa', title: 'T', startDate: '2027-01-20T18:30:00+03:00', endDate: '2027-01-20T19:30:00+03:00' }, STAMP));
    expect(lines.some((l) => /^(LOCATION|DESCRIPTION|URL|LAST-MODIFIED)/.test(l))).toBe(false);
    expect(lines).toContain('SUMMARY:T');
  });
});
