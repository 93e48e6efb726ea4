/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ShellLangContext } from '../i18n';
import { HeaderTools } from './HeaderTools';

const answer = (titles: string[]) => ({
  ok: true,
  status: 200,
  json: async () => ({ total: titles.length, page: 1, pageSize: 6, items: titles.map((title, i) => ({ id: `id-${i}`, type: 'article', title, excerpt: '', url: `/stories/s-${i}`, image: null })), facets: {} }),
});

function setup(lang: 'en' | 'ar' = 'en') {
  const onSearch = jest.fn();
  const onNavigate = jest.fn();
  render(
    <ShellLangContext.Provider value={lang}>
      <HeaderTools lang={lang} path={lang === 'en' ? '/events' : '/ar/events'} alternatePath="/ar/events" onToggleTheme={() => undefined} onSearch={onSearch} onNavigate={onNavigate} />
    </ShellLangContext.Provider>,
  );
  return { onSearch, onNavigate };
}
const flush = async () => {
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
};

describe('the search panel (SPEC §2, §4, §5)', () => {
  let fetchMock: jest.Mock;
  beforeEach(() => {
    jest.useFakeTimers();
    fetchMock = jest.fn(async () => answer(['Learning Commons opens', 'Learning at Education City']));
    global.fetch = fetchMock as unknown as typeof fetch;
  });
  afterEach(() => jest.useRealTimers());

  it('opens from the header, focuses its input, closes on Escape and gives focus back', () => {
    setup();
    const opener = screen.getByRole('button', { name: 'Search' });
    expect(opener).toHaveAttribute('popovertarget', 'qf-search-panel');
    const panel = document.getElementById('qf-search-panel')!;
    expect(panel).not.toBeVisible();
    opener.focus();
    fireEvent.click(opener);
    expect(panel.matches(':popover-open')).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Search' })).toBeVisible();
    const input = screen.getByRole('combobox', { name: 'Search the site' });
    expect(input).toHaveFocus();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(panel).not.toBeVisible();
    expect(opener).toHaveFocus();
  });

  it('opened by the browser before the code came, with words typed, is taken over as it is: Enter searches them (issue 34)', async () => {
    const onSearch = jest.fn();
    const tools = () => (
      <ShellLangContext.Provider value="en">
        <HeaderTools lang="en" path="/events" alternatePath="/ar/events" onToggleTheme={() => undefined} onSearch={onSearch} onNavigate={() => undefined} />
      </ShellLangContext.Provider>
    );
    const host = document.createElement('div');
    host.innerHTML = renderToString(tools());
    document.body.append(host);
    const opener = host.querySelector<HTMLButtonElement>('button[aria-controls="qf-search-panel"]')!;
    const panel = host.querySelector<HTMLElement>('#qf-search-panel')!;
    opener.focus();
    fireEvent.click(opener);
    // The browser's own opening: the panel shows, its field has the focus, the visitor types.
    expect(panel.matches(':popover-open')).toBe(true);
    const field = panel.querySelector('input')!;
    expect(field).toHaveFocus();
    field.value = 'Sidra';
    const root = await act(async () => hydrateRoot(host, tools()));
    try {
      await flush();
      expect(field).toHaveFocus();
      expect(field).toHaveValue('Sidra');
      fireEvent.submit(field.form!);
      expect(onSearch).toHaveBeenCalledWith('Sidra');
      expect(panel.matches(':popover-open')).toBe(false);
      expect(opener).toHaveFocus();
      // Its close button, before the code came, closes it by itself.
      expect(panel.querySelector('button[popovertargetaction="hide"]')).toHaveTextContent('Close');
      // Closed by the browser (Escape, a tap outside) after the code came: closed for the header too.
      fireEvent.click(opener);
      expect(panel.matches(':popover-open')).toBe(true);
      act(() => panel.hidePopover());
      fireEvent.click(opener);
      expect(panel.matches(':popover-open')).toBe(true);
    } finally {
      act(() => root.unmount());
      host.remove();
    }
  });

  it('is a plain GET form to the search page without JavaScript', () => {
    setup('ar');
    const form = document.querySelector<HTMLFormElement>('#qf-search-panel form')!;
    expect(form).toHaveAttribute('action', '/ar/search');
    expect(form).toHaveAttribute('method', 'get');
    expect(screen.getByRole('combobox', { hidden: true, name: 'ابحث في الموقع' })).toHaveAttribute('name', 's');
  });

  it('shows ‘See all results’ only for non-blank text, pointing at the search hash', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const input = screen.getByRole('combobox', { name: 'Search the site' });
    expect(screen.queryByRole('link', { name: 'See all results' })).toBeNull();
    fireEvent.change(input, { target: { value: '   ' } });
    expect(screen.queryByRole('link', { name: 'See all results' })).toBeNull();
    fireEvent.change(input, { target: { value: 'Learning Commons' } });
    expect(screen.getByRole('link', { name: 'See all results' })).toHaveAttribute('href', '/search#all=1&allType=1&s=Learning%20Commons');
  });

  it('goes to the search page on Enter, in the page language, and does nothing for blank text', () => {
    const { onSearch } = setup('ar');
    fireEvent.click(screen.getByRole('button', { name: 'بحث' }));
    const input = screen.getByRole('combobox', { name: 'ابحث في الموقع' });
    fireEvent.submit(input.closest('form')!);
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'جامعة' } });
    expect(screen.getByRole('link', { name: 'عرض جميع النتائج' })).toHaveAttribute('href', `/ar/search#all=1&allType=1&s=${encodeURIComponent('جامعة')}`);
    fireEvent.submit(input.closest('form')!);
    expect(onSearch).toHaveBeenCalledWith('جامعة');
    expect(document.getElementById('qf-search-panel')).not.toBeVisible();
  });

  it('suggests as you type: debounced, the previous request aborted, a listbox with arrow keys', async () => {
    const { onNavigate } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const input = screen.getByRole('combobox', { name: 'Search the site' });
    fireEvent.change(input, { target: { value: 'lea' } });
    act(() => void jest.advanceTimersByTime(100));
    fireEvent.change(input, { target: { value: 'learn' } });
    act(() => void jest.advanceTimersByTime(199));
    expect(fetchMock).not.toHaveBeenCalled();
    act(() => void jest.advanceTimersByTime(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/content/search?q=learn&lang=en&pageSize=6');
    const firstSignal = fetchMock.mock.calls[0][1].signal as AbortSignal;
    await flush();
    const listbox = screen.getByRole('listbox', { name: 'Suggestions' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Learning Commons opens', 'Learning at Education City']);
    expect(screen.getByRole('status')).toHaveTextContent('Suggestions: 2. Use the up and down arrow keys to choose.');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);

    fireEvent.change(input, { target: { value: 'learnin' } });
    expect(firstSignal.aborted).toBe(true);
    act(() => void jest.advanceTimersByTime(200));
    fireEvent.change(input, { target: { value: 'learning' } });
    expect((fetchMock.mock.calls[1][1].signal as AbortSignal).aborted).toBe(true);
    act(() => void jest.advanceTimersByTime(200));
    await flush();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onNavigate).toHaveBeenCalledWith('/stories/s-0');
    expect(document.getElementById('qf-search-panel')).not.toBeVisible();
  });

  it('says so when suggestions cannot be had, and Enter still searches', async () => {
    fetchMock.mockImplementation(async () => ({ ok: false, status: 503, json: async () => ({}) }));
    const { onSearch } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const input = screen.getByRole('combobox', { name: 'Search the site' });
    fireEvent.change(input, { target: { value: 'x' } });
    act(() => void jest.advanceTimersByTime(200));
    await flush();
    expect(screen.getByRole('status')).toHaveTextContent('Suggestions are not available right now. Press Enter to search.');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    fireEvent.submit(input.closest('form')!);
    expect(onSearch).toHaveBeenCalledWith('x');
  });
});
