/** @jest-environment jsdom */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ShellLangContext } from '../i18n';
import { CONSENT_KEY } from '../chrome/consent';
import { HeaderTools, type HeaderToolsProps } from './HeaderTools';

// The page's own stylesheet: which face of the theme toggle shows is its rule, by the body's theme.
beforeAll(() => {
  const style = document.createElement('style');
  style.textContent = readFileSync(path.join(__dirname, '../styles/global.css'), 'utf8');
  document.head.append(style);
});
const pageTheme = (theme: 'dark' | 'light') => (document.body.dataset.theme = theme);

function setup(props: Partial<HeaderToolsProps> = {}) {
  const lang = props.lang ?? 'en';
  const onToggleTheme = jest.fn();
  const view = render(
    <ShellLangContext.Provider value={lang}>
      <HeaderTools lang={lang} path="/events" alternatePath="/ar/events" onToggleTheme={onToggleTheme} onSearch={() => undefined} onNavigate={() => undefined} {...props} />
    </ShellLangContext.Provider>,
  );
  return { onToggleTheme, ...view };
}
const flush = () => act(async () => void (await Promise.resolve()));

describe('the header tools', () => {
  beforeEach(() => {
    localStorage.clear();
    pageTheme('dark');
  });

  it('hide the accessibility button and the theme toggle on tap-story pages only (SPEC §2)', () => {
    const { rerender } = setup({ path: '/stories/tap/desert-garden' });
    expect(screen.queryByRole('button', { name: 'Accessibility' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Switch to light theme' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
    rerender(
      <ShellLangContext.Provider value="en">
        <HeaderTools lang="en" path="/stories/tap" alternatePath="/ar/stories/tap" onToggleTheme={() => undefined} onSearch={() => undefined} onNavigate={() => undefined} />
      </ShellLangContext.Provider>,
    );
    expect(screen.getByRole('button', { name: 'Accessibility' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });

  it('flip the theme with a button named after what it does', () => {
    const { onToggleTheme, rerender } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(onToggleTheme).toHaveBeenCalledTimes(1);
    // The page turned light (the app sets the body's theme): the button says what it does now.
    pageTheme('light');
    rerender(
      <ShellLangContext.Provider value="ar">
        <HeaderTools lang="ar" path="/ar/events" alternatePath="/events" onToggleTheme={onToggleTheme} onSearch={() => undefined} onNavigate={() => undefined} />
      </ShellLangContext.Provider>,
    );
    expect(screen.getByRole('button', { name: 'التبديل إلى المظهر الداكن' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /المظهر الفاتح/ })).toBeNull();
  });

  it('name the theme toggle by the theme the page shows, not by what was rendered: the same markup either way (issue 34)', () => {
    const { container } = setup();
    const markup = container.innerHTML;
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    // A light system's first visit: rendered as for dark, then made light before the first paint.
    pageTheme('light');
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /light theme/ })).toBeNull();
    expect(container.innerHTML).toBe(markup);
  });

  it('link the language switch to the page’s alternate path', () => {
    setup({ alternatePath: '/ar/stories/translated-slug' });
    expect(screen.getByRole('link', { name: 'العربية (Read this page in Arabic)' })).toHaveAttribute('href', '/ar/stories/translated-slug');
  });

  it('explore: the six audience pages in the page language and the Ask entry that opens the assistant', async () => {
    setup({ lang: 'ar', path: '/ar/events' });
    const opener = screen.getByRole('button', { name: 'استكشف' });
    fireEvent.click(opener);
    const panel = screen.getByRole('dialog', { name: 'استكشف المؤسسة بطريقتك' });
    expect(
      within(panel)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/ar/community-members', '/ar/prospective-students', '/ar/researchers-and-entrepreneurs', '/ar/journalists-and-media', '/ar/job-seekers', '/ar/new-to-qatar-foundation']);
    expect(within(panel).getByRole('button', { name: 'إغلاق' })).toHaveFocus();
    fireEvent.click(within(panel).getByRole('button', { name: /اطرح سؤالاً/ }));
    await flush();
    await flush();
    expect(panel).not.toBeVisible();
    const assistant = screen.getByRole('dialog', { name: 'اسأل مؤسسة قطر' });
    expect(assistant).toBeVisible();
    expect(within(assistant).getByRole('textbox', { name: 'سؤالك' })).toHaveFocus();
    fireEvent.keyDown(assistant, { key: 'Escape' });
    expect(assistant).not.toBeVisible();
    expect(opener).toHaveFocus();
  });

  it('open the assistant for other shell code through the qf:open-assistant event', async () => {
    setup();
    act(() => void window.dispatchEvent(new CustomEvent('qf:open-assistant')));
    await flush();
    expect(screen.getByRole('dialog', { name: 'Ask Qatar Foundation' })).toBeVisible();
  });

  it('use a configured third-party assistant only after consent', async () => {
    setup({ assistantScript: 'https://chat.example.com/widget.js' });
    act(() => void window.dispatchEvent(new CustomEvent('qf:open-assistant')));
    await flush();
    await flush();
    expect(document.querySelector('script[src="https://chat.example.com/widget.js"]')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Ask Qatar Foundation' })).toBeVisible();
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Ask Qatar Foundation' }), { key: 'Escape' });

    localStorage.setItem(CONSENT_KEY, '1');
    const open = jest.fn();
    act(() => void window.dispatchEvent(new CustomEvent('qf:open-assistant')));
    window.qfAssistantProvider = { open };
    document.querySelector('script[src="https://chat.example.com/widget.js"]')!.dispatchEvent(new Event('load'));
    await flush();
    await flush();
    expect(open).toHaveBeenCalledWith({ lang: 'en' });
    expect(screen.queryByRole('dialog', { name: 'Ask Qatar Foundation' })).toBeNull();
    delete window.qfAssistantProvider;
  });

  it('trap focus in an open panel: Tab wraps from the last control to the first and back', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Explore' }));
    const panel = screen.getByRole('dialog', { name: 'Explore the foundation your way' });
    const close = within(panel).getByRole('button', { name: 'Close' });
    const ask = within(panel).getByRole('button', { name: /Ask a question/ });
    ask.focus();
    fireEvent.keyDown(ask, { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(ask).toHaveFocus();
  });

  it('keep one panel open at a time; the backdrop closes it', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Explore' }));
    fireEvent.click(screen.getByRole('button', { name: 'Accessibility' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Accessibility options');
    fireEvent.click(document.querySelector('[class~="backdrop"]')!);
    expect(screen.queryAllByRole('dialog')).toHaveLength(0);
  });
});
