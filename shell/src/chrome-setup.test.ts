import { followLanguage } from './chrome-setup';
import type { Globals } from './state';
import { createStore, type ViewState } from './store';

const g = (tagline: string): Globals => ({ tagline, copyright: '', email: '', phone: '' });

it('fetches the site globals of the new language after a client-side language change', async () => {
  const store = createStore({ lang: 'en', globals: g('Unlocking human potential') } as ViewState);
  const fetchGlobals = jest.fn(async () => g('إطلاق قدرات الإنسان'));
  const stop = followLanguage(store, fetchGlobals, () => undefined);
  store.set({ path: '/events' });
  expect(fetchGlobals).not.toHaveBeenCalled();
  store.set({ lang: 'ar' });
  expect(fetchGlobals).toHaveBeenCalledWith('ar');
  await Promise.resolve();
  expect(store.get().globals.tagline).toBe('إطلاق قدرات الإنسان');
  stop();
});

it('drops an answer that arrives after the visitor changed language again', async () => {
  const store = createStore({ lang: 'en', globals: g('en') } as ViewState);
  let answer: (v: Globals) => void = () => undefined;
  const stop = followLanguage(store, () => new Promise((resolve) => (answer = resolve)), () => undefined);
  store.set({ lang: 'ar' });
  const late = answer;
  store.set({ lang: 'en' });
  late(g('ar'));
  await Promise.resolve();
  expect(store.get().globals.tagline).toBe('en');
  stop();
});
