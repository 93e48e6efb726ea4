import { calendarDetails, googleCalendarUrl, icsPath, outlookCalendarUrl, utcIso, utcStamp, type CalendarEvent } from './calendar-links';

const event: CalendarEvent = {
  slug: 'education-city-speaker-series-future-of-learning',
  title: 'The Future of Learning: AI & schools',
  startDate: '2027-01-20T18:30:00+03:00',
  endDate: '2027-01-20T20:30:00+03:00',
  location: 'Qatar National Convention Centre, Education City',
  details: 'Educators come together.\n\nJoin online: https://example.org/webinars/ecss?a=1&b=2',
};

describe('UTC instants', () => {
  it('converts Doha time (UTC+3) to UTC', () => {
    expect(utcStamp('2027-01-20T18:30:00+03:00')).toBe('20270120T153000Z');
    expect(utcStamp('2026-07-01T02:15:00+03:00')).toBe('20260630T231500Z');
    expect(utcIso('2027-01-20T18:30:00+03:00')).toBe('2027-01-20T15:30:00Z');
  });

  it('refuses what is not an instant', () => {
    expect(() => utcStamp('soon')).toThrow(RangeError);
  });
});

describe('Google Calendar link', () => {
  it('fills in the event with its times in UTC', () => {
    const url = new URL(googleCalendarUrl(event));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe(event.title);
    expect(url.searchParams.get('dates')).toBe('20270120T153000Z/20270120T173000Z');
    expect(url.searchParams.get('location')).toBe(event.location);
    expect(url.searchParams.get('details')).toBe(event.details);
    expect(url.searchParams.get('ctz')).toBe('Asia/Qatar');
    // The ampersand of the title and the webinar link's query are encoded, not taken for parameters.
    expect([...url.searchParams.keys()].sort()).toEqual(['action', 'ctz', 'dates', 'details', 'location', 'text']);
  });

  it('keeps Arabic texts intact', () => {
    const url = new URL(googleCalendarUrl({ ...event, title: 'مستقبل التعلّم', location: 'مركز قطر الوطني للمؤتمرات، المدينة التعليمية' }));
    expect(url.searchParams.get('text')).toBe('مستقبل التعلّم');
    expect(url.searchParams.get('location')).toBe('مركز قطر الوطني للمؤتمرات، المدينة التعليمية');
  });
});

describe('Outlook link', () => {
  it('fills in the event with its times in UTC', () => {
    const url = new URL(outlookCalendarUrl(event));
    expect(url.origin + url.pathname).toBe('https://outlook.live.com/calendar/0/deeplink/compose');
    expect(url.searchParams.get('path')).toBe('/calendar/action/compose');
    expect(url.searchParams.get('rru')).toBe('addevent');
    expect(url.searchParams.get('subject')).toBe(event.title);
    expect(url.searchParams.get('startdt')).toBe('2027-01-20T15:30:00Z');
    expect(url.searchParams.get('enddt')).toBe('2027-01-20T17:30:00Z');
    expect(url.searchParams.get('body')).toBe(event.details);
    expect(url.searchParams.get('location')).toBe(event.location);
  });
});

describe('calendar file path and details', () => {
  it('points at mf-events’ API through the shell, in the page’s language', () => {
    expect(icsPath(event.slug, 'en')).toBe('/api/events/calendar/education-city-speaker-series-future-of-learning.ics');
    expect(icsPath(event.slug, 'ar')).toBe('/api/events/calendar/education-city-speaker-series-future-of-learning.ics?lang=ar');
  });

  it('adds the join line only when there is one', () => {
    expect(calendarDetails('Summary.')).toBe('Summary.');
    expect(calendarDetails('Summary.', 'Join online: https://x.org')).toBe('Summary.\n\nJoin online: https://x.org');
  });
});
