import { newNonce } from './security';

describe('CSP nonces', () => {
  it('are 16 random bytes in base64, never the same twice, across refills of their pool', () => {
    const nonces = Array.from({ length: 2000 }, () => newNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const n of nonces) {
      expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(n, 'base64')).toHaveLength(16);
    }
  });
});
