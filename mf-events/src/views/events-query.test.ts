import { eventsQuery, locationKey, parseEventsQuery } from './events-query';

describe('events list query', () => {
  it('keys a venue by its English name, the same under /ar', () => {
    expect(locationKey('Qatar National Convention Centre, Education City')).toBe('qatar-national-convention-centre-education-city');
    expect(locationKey('  Online ')).toBe('online');
    expect(locationKey('Café Doha – Msheireb')).toBe('cafe-doha-msheireb');
  });

  it('reads the venue and the page counts, a bad count as 1', () => {
    expect(parseEventsQuery(new URLSearchParams('location=online&upcoming=3&past=2'))).toEqual({ location: 'online', upcoming: 3, past: 2 });
    expect(parseEventsQuery(new URLSearchParams(''))).toEqual({ upcoming: 1, past: 1 });
    for (const bad of ['0', '-2', '2.5', 'two', '10000', '']) expect([bad, parseEventsQuery(new URLSearchParams({ upcoming: bad })).upcoming]).toEqual([bad, 1]);
  });

  it('writes a state back as the shortest query, and reads it back the same', () => {
    expect(eventsQuery({ upcoming: 1, past: 1 })).toBe('');
    expect(eventsQuery({ location: 'online', upcoming: 2, past: 1 })).toBe('?location=online&upcoming=2');
    const state = { location: 'al-shaqab', upcoming: 4, past: 3 };
    expect(parseEventsQuery(new URLSearchParams(eventsQuery(state)))).toEqual(state);
  });
});
