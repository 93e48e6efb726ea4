/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { ChromeContext, type ChromeMount } from '../chrome-widgets';
import { ShellLangContext } from '../i18n';
import type { Globals } from '../state';
import { FooterSlot } from './FooterSlot';

const globals: Globals = { tagline: 'Unlocking human potential', copyright: '© 2026 QF', email: 'info@qf.org.qa', phone: '+974 1', footer: { pressEmail: '', smallLinks: '[Terms](/terms-of-use)', assistantName: 'QF Assistant', socials: [], secondary: [] } };
const widget = { id: 'mf-idkt/IdktFooter', props: { email: 'idkt@qf.org.qa' } };

function setup(html: { footer?: string }, mount: ChromeMount) {
  const ui = (w?: typeof widget) => (
    <ChromeContext.Provider value={{ html, mount }}>
      <ShellLangContext.Provider value="en">
        <FooterSlot lang="en" globals={globals} widget={w} />
      </ShellLangContext.Provider>
    </ChromeContext.Provider>
  );
  return { ui, ...render(ui(widget)) };
}

describe('the footer slot', () => {
  it('keeps the server HTML of the owner’s footer widget and hydrates it with the site lines added', () => {
    const mount = jest.fn<ReturnType<ChromeMount>, Parameters<ChromeMount>>(() => () => undefined);
    const { container } = setup({ footer: '<footer aria-label="IDKT footer">IDKT</footer>' }, mount);
    expect(container.querySelector('[data-qf-chrome="footer"]')?.innerHTML).toBe('<footer aria-label="IDKT footer">IDKT</footer>');
    expect(screen.queryByRole('contentinfo', { name: 'Site footer' })).toBeNull();
    expect(mount).toHaveBeenCalledTimes(1);
    const [, w, lang, hydrate] = mount.mock.calls[0]!;
    expect(w).toEqual({ id: 'mf-idkt/IdktFooter', props: { email: 'idkt@qf.org.qa', site: { copyright: '© 2026 QF', smallLinks: '[Terms](/terms-of-use)' } } });
    expect([lang, hydrate]).toEqual(['en', true]);
  });

  it('shows the main footer when the server could not render the widget', () => {
    const mount = jest.fn(() => () => undefined);
    setup({}, mount);
    expect(screen.getByRole('contentinfo', { name: 'Site footer' })).toBeInTheDocument();
    expect(mount).not.toHaveBeenCalled();
  });

  it('mounts the widget after a client-side navigation, and falls back to the main footer when it fails', () => {
    let fail: () => void = () => undefined;
    const stop = jest.fn();
    const mount = jest.fn<ReturnType<ChromeMount>, Parameters<ChromeMount>>((_el, _w, _lang, _hydrate, onFail) => {
      fail = onFail;
      return stop;
    });
    const { ui, rerender } = setup({}, mount);
    rerender(ui(undefined));
    expect(screen.getByRole('contentinfo', { name: 'Site footer' })).toBeInTheDocument();
    rerender(ui({ ...widget, props: { email: 'other@qf.org.qa' } }));
    expect(screen.queryByRole('contentinfo', { name: 'Site footer' })).toBeNull();
    expect(mount).toHaveBeenCalledTimes(1);
    expect(mount.mock.calls[0]![3]).toBe(false);
    act(() => fail());
    expect(screen.getByRole('contentinfo', { name: 'Site footer' })).toBeInTheDocument();
    expect(stop).toHaveBeenCalled();
  });

  it('shows the main footer on pages without a footer widget', () => {
    const mount = jest.fn(() => () => undefined);
    const { ui, rerender } = setup({ footer: '<p>x</p>' }, mount);
    rerender(ui(undefined));
    expect(screen.getByRole('contentinfo', { name: 'Site footer' })).toBeInTheDocument();
  });
});
