/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ShellLangContext } from '../i18n';
import { AssistantPanel } from './AssistantPanel';

const reply = (items: { title: string; url: string; matched?: string[]; date?: string }[], words: string[] = []) => ({
  ok: true,
  status: 200,
  json: async () => ({ items: items.map((i, n) => ({ id: `r${n}`, type: 'entity', excerpt: '', matched: [], ...i })), words, intents: [] }),
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
  it('answers a question with the pages that fit it as links, each with the words it has, and says where answers come from', async () => {
    const fetchMock = jest.fn(async () => reply([{ title: 'Sidra Medicine', url: '/sidra-medicine', matched: ['hospital'] }, { title: 'Hamad Bin Khalifa University', url: '/hbku', matched: ['hospital', 'research'] }], ['hospital', 'research']));
    global.fetch = fetchMock as unknown as typeof fetch;
    const { onClose, dialog } = setup();
    expect(dialog).toHaveTextContent("Answers come from this site's search.");
    fireEvent.change(screen.getByRole('textbox', { name: 'Your question' }), { target: { value: 'Where is the hospital?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const log = screen.getByRole('log');
    expect(log).toHaveTextContent('You asked: Where is the hospital?');
    expect(log).toHaveTextContent('Looking for an answer…');
    await flush();
    expect((fetchMock.mock.calls as unknown as string[][])[0]![0]).toBe('/api/content/ask?q=Where+is+the+hospital%3F&lang=en');
    expect(within(log).getByRole('link', { name: 'Sidra Medicine' })).toHaveAttribute('href', '/sidra-medicine');
    expect(within(log).getByRole('link', { name: 'Hamad Bin Khalifa University' })).toHaveAttribute('href', '/hbku');
    // Why each answers: the question's words it has.
    expect(within(log).getByRole('link', { name: 'Sidra Medicine' }).closest('li')).toHaveTextContent('Mentions “hospital”');
    expect(within(log).getByRole('link', { name: 'Hamad Bin Khalifa University' }).closest('li')).toHaveTextContent('Mentions “hospital” and “research”');
    expect(log).toHaveTextContent('Here is what I found on this site:');
    expect(log).toHaveTextContent("Answers come from this site's search.");
    // The full search is for what the question is about, not its question words.
    expect(within(log).getByRole('link', { name: 'See all results for “hospital research”' })).toHaveAttribute('href', '/search#all=1&allType=1&s=hospital%20research');
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveValue('');
    // The shell's navigation takes link clicks over; jsdom cannot navigate.
    const navigation = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('click', navigation);
    fireEvent.click(within(log).getByRole('link', { name: 'Sidra Medicine' }));
    document.removeEventListener('click', navigation);
    expect(onClose).toHaveBeenCalled();
  });

  it('gives the next events with the day each starts, and the words each has, in Arabic', async () => {
    global.fetch = jest.fn(async () => reply([{ title: 'ورشة الخط العربي', url: '/ar/events/calligraphy', date: '2027-01-10T14:00:00Z' }])) as unknown as typeof fetch;
    setup('ar');
    fireEvent.change(screen.getByRole('textbox', { name: 'سؤالك' }), { target: { value: 'ما الفعاليات القادمة؟' } });
    fireEvent.click(screen.getByRole('button', { name: 'اسأل' }));
    await flush();
    expect(within(screen.getByRole('log')).getByRole('link', { name: 'ورشة الخط العربي' }).closest('li')).toHaveTextContent('تبدأ في ١٠ يناير ٢٠٢٧');
    global.fetch = jest.fn(async () => reply([{ title: 'محطة مترو المدينة التعليمية', url: '/ar/x', matched: ['محطة', 'المترو'] }], ['محطة', 'المترو'])) as unknown as typeof fetch;
    fireEvent.change(screen.getByRole('textbox', { name: 'سؤالك' }), { target: { value: 'أين تقع محطة المترو؟' } });
    fireEvent.click(screen.getByRole('button', { name: 'اسأل' }));
    await flush();
    expect(within(screen.getByRole('log')).getByRole('link', { name: 'محطة مترو المدينة التعليمية' }).closest('li')).toHaveTextContent('تذكر «محطة» و«المترو»');
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
