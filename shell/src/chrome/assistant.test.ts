/** @jest-environment jsdom */
import { answerFromSearch, openProviderAssistant } from './assistant';
import { CONSENT_KEY } from './consent';

const results = (items: { id: string; title: string; url: string }[]) =>
  jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ total: items.length, page: 1, pageSize: 3, items: items.map((i) => ({ ...i, type: 'article', excerpt: '', image: null })), facets: {} }) })) as unknown as typeof fetch;

describe('the first-party assistant', () => {
  it('answers with the top three search results of the question, in the page language', async () => {
    const fetchImpl = results([{ id: 'a', title: 'Sidra Medicine', url: '/sidra-medicine' }]);
    await expect(answerFromSearch('ar', 'سدرة', { fetchImpl })).resolves.toEqual({ kind: 'answer', total: 1, items: [{ id: 'a', type: 'article', title: 'Sidra Medicine', excerpt: '', url: '/sidra-medicine' }] });
    expect((fetchImpl as jest.Mock).mock.calls[0][0]).toBe(`/api/content/search?q=${encodeURIComponent('سدرة')}&lang=ar&pageSize=3`);
  });

  it('says when the site has nothing, and when search fails', async () => {
    await expect(answerFromSearch('en', 'zzz', { fetchImpl: results([]) })).resolves.toEqual({ kind: 'none' });
    const down = jest.fn(async () => ({ ok: false, status: 503, json: async () => ({}) })) as unknown as typeof fetch;
    await expect(answerFromSearch('en', 'x', { fetchImpl: down })).resolves.toEqual({ kind: 'failed' });
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
