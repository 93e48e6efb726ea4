import { backPath } from './outcome-page';

describe('the "back" link of a form outcome page', () => {
  it('goes back to the page of this site the form was sent from', () => {
    expect(backPath('https://www.qf.org.qa/ar/events/x?tab=1', 'ar')).toBe('/ar/events/x?tab=1');
    expect(backPath(undefined, 'ar')).toBe('/ar');
  });

  it('never links to a path a browser reads as another site (a Referer of x:/\\evil.example gave /\\evil.example)', () => {
    for (const referer of ['x:/\\evil.example', 'https://www.qf.org.qa//evil.example/', 'javascript:/\\evil.example', 'not a url', 'x://evil.example/a']) {
      expect([referer, backPath(referer, 'en')]).toEqual([referer, '/']);
    }
  });
});
