import { directionsUrl } from './directions';

describe('directionsUrl', () => {
  it('opens the maps service with the name and address of the place, URL-encoded', () => {
    expect(directionsUrl({ name: 'Oxygen Park', address: 'Education City, Doha' })).toBe('https://www.google.com/maps/dir/?api=1&destination=Oxygen%20Park%2C%20Education%20City%2C%20Doha');
    expect(directionsUrl({ address: 'شارع اللقطة، الدوحة' })).toBe(`https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent('شارع اللقطة، الدوحة')}`);
  });
});
