/** @jest-environment jsdom */
import { answerQuestion, openProviderAssistant } from './assistant';
import { CONSENT_KEY } from './consent';

const answers = (items: { id: string; title: string; url: string; matched?: string[] }[], words: string[] = []) =>
  jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ items: items.map((i) => ({ type: 'article', excerpt: '', matched: [], ...i })), words, intents: ['places'] }) })) as unknown as typeof fetch;

describe('the first-party assistant', () => {
  it('asks mf-content what answers the question, in the page language, and gives its pages with why', async () => {
    const fetchImpl = answers([{ id: 'a', title: 'Sidra Medicine', url: '/sidra-medicine', matched: ['سدرة'] }], ['سدرة']);
    await expect(answerQuestion('ar', ' أين سدرة؟ ', { fetchImpl })).resolves.toEqual({ kind: 'answer', words: ['سدرة'], items: [{ id: 'a', type: 'article', title: 'Sidra Medicine', excerpt: '', url: '/sidra-medicine', matched: ['سدرة'] }] });
    expect((fetchImpl as jest.Mock).mock.calls[0][0]).toBe(`/api/content/ask?${new URLSearchParams({ q: 'أين سدرة؟', lang: 'ar' }).toString()}`);
  });

  it('says when the site has nothing, and when the answer fails or breaks the contract', async () => {
    await expect(answerQuestion('en', 'zzz', { fetchImpl: answers([], ['zzz']) })).resolves.toEqual({ kind: 'none', words: ['zzz'] });
    const down = jest.fn(async () => ({ ok: false, status: 503, json: async () => ({}) })) as unknown as typeof fetch;
    await expect(answerQuestion('en', 'x', { fetchImpl: down })).resolves.toEqual({ kind: 'failed' });
    // A link off the site is not shown.
    await expect(answerQuestion('en', 'x', { fetchImpl: answers([{ id: 'a', title: 'Elsewhere', url: 'https://evil.example/' }]) })).resolves.toEqual({ kind: 'failed' });
  });
});

describe('a configured third-party assistant', () => {
  const storage = (consent: boolean) => ({ getItem: (k: string) => (consent && k === CONSENT_KEY ? '1' : null) });

  it('is not used, and its script not loaded, without a configured URL or without consent', async () => {
    await expect(openProviderAssistant(undefined, 'en', storage(true))).resolves.toBe(false);
    await expect(openProviderAssistant('https://chat.example.com/a.js', 'en', storage(false))).resolves.toBe(false);
    expect(document.querySelector('script')).toBeNull();
  });

  it('is loaded after consent and opened in the page language', async () => {
    const open = jest.fn();
    const opening = openProviderAssistant('https://chat.example.com/a.js', 'ar', storage(true));
    window.qfAssistantProvider = { open };
    document.querySelector('script')!.dispatchEvent(new Event('load'));
    await expect(opening).resolves.toBe(true);
    expect(open).toHaveBeenCalledWith({ lang: 'ar' });
  });
});
