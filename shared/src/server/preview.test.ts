import { PREVIEW_COOKIE_MS, previewAllowed, previewToken, previewTokenValid } from './preview';

describe('preview tokens', () => {
  const secret = 's'.repeat(32);
  const now = Date.UTC(2026, 11, 7, 20, 0);

  it('holds for the preview lifetime, for the secret that made it only', () => {
    const token = previewToken(secret, now);
    expect(previewTokenValid(secret, token, now)).toBe(true);
    expect(previewTokenValid(secret, token, now + PREVIEW_COOKIE_MS - 1)).toBe(true);
    expect(previewTokenValid(secret, token, now + PREVIEW_COOKIE_MS)).toBe(false);
    expect(previewTokenValid('t'.repeat(32), token, now)).toBe(false);
  });

  it('refuses a changed end, a forged signature, one made to last longer and anything that is no token', () => {
    const token = previewToken(secret, now);
    const [expires, signature] = token.split('.') as [string, string];
    expect(previewTokenValid(secret, `${Number(expires) + 1}.${signature}`, now)).toBe(false);
    expect(previewTokenValid(secret, `${expires}.${'A'.repeat(43)}`, now)).toBe(false);
    expect(previewTokenValid(secret, previewToken(secret, now, PREVIEW_COOKIE_MS * 10), now)).toBe(false);
    for (const junk of [undefined, '', 'x', `${expires}.`, `${expires}.${signature}x`, `-1.${signature}`, 42]) expect(previewTokenValid(secret, junk, now)).toBe(false);
  });

  it('lets a section answer a preview only for its own secret', () => {
    expect(previewAllowed(secret, secret)).toBe(true);
    expect(previewAllowed(secret, `${secret} `)).toBe(false);
    expect(previewAllowed(undefined, secret)).toBe(false);
    expect(previewAllowed(secret, undefined)).toBe(false);
  });
});
