import { directionsUrl, isMapHash, mapHash, nextMapHash, parseMapHash, urlWithMapHash, urlWithoutMapHash } from './map-hash';

describe('the map hash (SPEC §2)', () => {
  it('reads #map and #map-{id}', () => {
    expect(parseMapHash('#map')).toEqual({ place: null });
    expect(parseMapHash('#map-place-oxygen-park')).toEqual({ place: 'place-oxygen-park' });
    expect(parseMapHash('#map-4hNkPq2x')).toEqual({ place: '4hNkPq2x' });
    expect(parseMapHash('#map-a%20b')).toEqual({ place: 'a b' });
    expect(parseMapHash('#map-')).toEqual({ place: null });
  });

  it('ignores every other hash', () => {
    for (const hash of ['', '#', '#section-1', '#mapping', '#all=1&allType=1&s=map', '#map-%E0%A4%A']) expect(parseMapHash(hash)).toBeNull();
    expect(isMapHash('#section-1')).toBe(false);
    expect(isMapHash('#map-x')).toBe(true);
  });

  it('writes the hash of a place, and round-trips', () => {
    expect(mapHash('place-oxygen-park')).toBe('#map-place-oxygen-park');
    expect(mapHash(null)).toBe('#map');
    expect(parseMapHash(mapHash('a/b c'))).toEqual({ place: 'a/b c' });
  });

  it('clears only a map hash from the URL when the menu closes', () => {
    expect(urlWithoutMapHash({ pathname: '/ar/events', search: '?x=1', hash: '#map-p' })).toBe('/ar/events?x=1');
    expect(urlWithoutMapHash({ pathname: '/', search: '', hash: '#map' })).toBe('/');
    expect(urlWithoutMapHash({ pathname: '/idkt/for-industry', search: '', hash: '#section-2' })).toBe('/idkt/for-industry#section-2');
    expect(urlWithMapHash({ pathname: '/ar', search: '' }, 'p1')).toBe('/ar#map-p1');
  });

  it('builds directions from the place address', () => {
    expect(directionsUrl('Al Luqta Street, Education City, Doha')).toBe('https://www.google.com/maps/dir/?api=1&destination=Al%20Luqta%20Street%2C%20Education%20City%2C%20Doha');
    expect(directionsUrl('شارع اللقطة')).toContain('destination=%D8%B4');
  });
});

describe('what the hash becomes as the map state changes', () => {
  const closed = { showing: false, place: null };
  it('choosing a place (marker or list) sets #map-{id}', () => {
    expect(nextMapHash({ showing: true, place: null }, { showing: true, place: 'p1' }, '#map')).toBe('#map-p1');
    expect(nextMapHash({ showing: true, place: 'p1' }, { showing: true, place: 'p2' }, '#map-p1')).toBe('#map-p2');
    expect(nextMapHash(closed, { showing: true, place: 'p1' }, '')).toBe('#map-p1');
  });

  it('leaves the hash alone when it already says so, or nothing changed', () => {
    expect(nextMapHash(closed, { showing: true, place: 'p1' }, '#map-p1')).toBeNull();
    expect(nextMapHash({ showing: true, place: 'p1' }, { showing: true, place: 'p1' }, '')).toBeNull();
    expect(nextMapHash(closed, closed, '#map-p1')).toBeNull();
    expect(nextMapHash(closed, { showing: true, place: null }, '')).toBeNull();
  });

  it('a map without a chosen place is #map when the hash named a place', () => {
    expect(nextMapHash({ showing: true, place: 'p1' }, { showing: true, place: null }, '#map-p1')).toBe('#map');
  });

  it('closing the menu or leaving the map clears a map hash, never another hash', () => {
    expect(nextMapHash({ showing: true, place: 'p1' }, closed, '#map-p1')).toBe('');
    expect(nextMapHash({ showing: true, place: null }, closed, '#map')).toBe('');
    expect(nextMapHash({ showing: true, place: null }, closed, '#section-1')).toBeNull();
  });
});
