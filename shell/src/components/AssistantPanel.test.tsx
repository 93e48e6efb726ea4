/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ShellLangContext } from '../i18n';
import { AssistantPanel } from './AssistantPanel';

const reply = (items: { title: string; url: string; excerpt?: string }[]) => ({
  ok: true,
  status: 200,
  json: async () => ({ total: items.length, page: 1, pageSize: 3, items: items.map((i, n) => ({ id: `r${n}`, type: 'entity', excerpt: '', image: null, ...i })), facets: {} }),
});
const flush = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));

function setup(lang: 'en' | 'ar' = 'en') {
  const onClose = jest.fn();
  render(
    <ShellLangContext.Provider value={lang}>
      <AssistantPanel lang={lang} open onClose={onClose} />
    </ShellLangContext.Provider>,
  );
  return { onClose, dialog: screen.getByRole('dialog') };
}

describe('the first-party assistant panel', () => {
  it('answers a question with the top search results as links and says where answers come from', async () => {
    const fetchMock = jest.fn(async () => reply([{ title: 'Sidra Medicine', url: '/sidra-medicine', excerpt: 'A hospital for women and children.' }, { title: 'Hamad Bin Khalifa University', url: '/hbku' }]));
    global.fetch = fetchMock as unknown as typeof fetch;
    const { onClose, dialog } = setup();
    expect(dialog).toHaveTextContent("Answers come from this site's search.");
    fireEvent.change(screen.getByRole('textbox', { name: 'Your question' }), { target: { value: 'Where is the hospital?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const log = screen.getByRole('log');
    expect(log).toHaveTextContent('You asked: Where is the hospital?');
    expect(log).toHaveTextContent('Looking for an answer…');
    await flush();
    expect((fetchMock.mock.calls as unknown as string[][])[0]![0]).toBe('/api/content/search?q=Where+is+the+hospital%3F&lang=en&pageSize=3');
    expect(within(log).getByRole('link', { name: 'Sidra Medicine' })).toHaveAttribute('href', '/sidra-medicine');
    expect(within(log).getByRole('link', { name: 'Hamad Bin Khalifa University' })).toHaveAttribute('href', '/hbku');
    expect(log).toHaveTextContent('Here is what I found on this site:');
    expect(log).toHaveTextContent("Answers come from this site's search.");
    expect(within(log).getByRole('link', { name: 'See all results for “Where is the hospital?”' })).toHaveAttribute('href', '/search#all=1&allType=1&s=Where%20is%20the%20hospital%3F');
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveValue('');
    // The shell's navigation takes link clicks over; jsdom cannot navigate.
    const navigation = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('click', navigation);
    fireEvent.click(within(log).getByRole('link', { name: 'Sidra Medicine' }));
    document.removeEventListener('click', navigation);
    expect(onClose).toHaveBeenCalled();
  });

  it('says when nothing matched and when search failed, in Arabic', async () => {
    global.fetch = jest.fn(async () => reply([])) as unknown as typeof fetch;
    setup('ar');
    fireEvent.change(screen.getByRole('textbox', { name: 'سؤالك' }), { target: { value: 'كلمة غير موجودة' } });
    fireEvent.click(screen.getByRole('button', { name: 'اسأل' }));
    await flush();
    expect(screen.getByRole('log')).toHaveTextContent('لم أجد شيئاً في هذا الموقع عن ذلك. جرّب كلمات أخرى.');
    global.fetch = jest.fn(async () => ({ ok: false, status: 503, json: async () => ({}) })) as unknown as typeof fetch;
    fireEvent.change(screen.getByRole('textbox', { name: 'سؤالك' }), { target: { value: 'سؤال' } });
    fireEvent.click(screen.getByRole('button', { name: 'اسأل' }));
    await flush();
    expect(screen.getByRole('log')).toHaveTextContent('لا يمكنني الإجابة الآن. يُرجى المحاولة مرة أخرى بعد قليل.');
  });

  it('asks for a question when the field is blank, next to the field', () => {
    global.fetch = jest.fn() as unknown as typeof fetch;
    setup();
    fireEvent.change(screen.getByRole('textbox', { name: 'Your question' }), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please type a question.');
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveAccessibleDescription('Please type a question.');
    expect(global.fetch).not.toHaveBeenCalled();
  });
});
