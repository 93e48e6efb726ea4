import { clientKey } from './client-address';

describe('clientKey', () => {
  const secret = Buffer.from('a-secret-of-at-least-32-characters-long!!');
  it('is the same for one client and differs by client, purpose and secret, and holds no address', () => {
    const key = clientKey(secret, 'poll', '2001:db8::1');
    expect(clientKey(secret, 'poll', '2001:db8::2')).toBe(key);
    expect(clientKey(secret, 'poll', '2001:db8:0:1::1')).not.toBe(key);
    expect(clientKey(secret, 'survey', '2001:db8::1')).not.toBe(key);
    expect(clientKey(Buffer.from('another-secret-of-at-least-32-characters'), 'poll', '2001:db8::1')).not.toBe(key);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(clientKey(secret, 'poll', '203.0.113.7')).not.toContain('203');
  });
});
