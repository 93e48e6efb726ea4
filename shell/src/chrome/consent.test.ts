/** @jest-environment jsdom */
import { CONSENT_KEY, hasConsent, loadThirdPartyScript, storeConsent } from './consent';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
};

describe('cookie consent', () => {
  it('is stored under its key with the value 1', () => {
    const s = memory();
    expect(hasConsent(s)).toBe(false);
    storeConsent(s);
    expect(s.m.get(CONSENT_KEY)).toBe('1');
    expect(hasConsent(s)).toBe(true);
    s.setItem(CONSENT_KEY, 'yes');
    expect(hasConsent(s)).toBe(false);
  });

  it('gates every third-party script: nothing is added before consent, once after', async () => {
    const s = memory();
    await expect(loadThirdPartyScript('https://chat.example.com/widget.js', s)).rejects.toThrow('no consent for third-party scripts');
    expect(document.querySelectorAll('script')).toHaveLength(0);
    storeConsent(s);
    const first = loadThirdPartyScript('https://chat.example.com/widget.js', s);
    const again = loadThirdPartyScript('https://chat.example.com/widget.js', s);
    const scripts = document.querySelectorAll<HTMLScriptElement>('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe('https://chat.example.com/widget.js');
    scripts[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBeUndefined();
    await expect(again).resolves.toBeUndefined();
  });

  it('forgets a script that failed, so a later attempt tries again', async () => {
    const s = memory();
    storeConsent(s);
    const attempt = loadThirdPartyScript('https://chat.example.com/broken.js', s);
    document.querySelector<HTMLScriptElement>('script[src$="broken.js"]')!.dispatchEvent(new Event('error'));
    await expect(attempt).rejects.toThrow('https://chat.example.com/broken.js failed to load');
    expect(document.querySelector('script[src$="broken.js"]')).toBeNull();
    void loadThirdPartyScript('https://chat.example.com/broken.js', s).catch(() => undefined);
    expect(document.querySelector('script[src$="broken.js"]')).not.toBeNull();
  });
});
