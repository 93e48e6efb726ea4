/** @jest-environment jsdom */
import { useRef, useState, type ReactElement } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Dialog } from './Dialog';

/** A page with a panel's opener (a link to `#panel`, as the search panel's) and the panel. */
function Page({ startOpen = false }: { startOpen?: boolean }): ReactElement {
  const [open, setOpen] = useState(startOpen);
  const opener = useRef<HTMLAnchorElement>(null);
  return (
    <>
      <a ref={opener} href="#panel" onClick={(e) => (e.preventDefault(), setOpen(true))}>
        Search
      </a>
      <Dialog id="panel" open={open} onClose={() => setOpen(false)} labelledBy="panel-title" fallbackFocus={opener}>
        <h2 id="panel-title">Search the site</h2>
        <input aria-label="Words" />
      </Dialog>
    </>
  );
}

/** A panel its opener shows as a popover (as the search panel). */
function PopoverPage(): ReactElement {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" popoverTarget="pop" onClick={(e) => (e.preventDefault(), setOpen(true))}>
        Search
      </button>
      <Dialog id="pop" open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)} labelledBy="pop-title">
        <h2 id="pop-title">Search the site</h2>
        <input aria-label="Words" />
      </Dialog>
    </>
  );
}

describe('a header panel (Dialog)', () => {
  afterEach(() => window.history.replaceState(null, '', '/about'));

  it('gives focus back to its opener on Escape', () => {
    render(<Page />);
    screen.getByRole('link', { name: 'Search' }).focus();
    fireEvent.click(screen.getByRole('link', { name: 'Search' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Words' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Search' }));
  });

  it('opened by its address before the code ran (focus on <body>), gives focus to its opener and leaves the address on Escape (issue 38)', () => {
    window.history.replaceState(null, '', '/about?x=1#panel');
    (document.activeElement as HTMLElement | null)?.blur();
    render(<Page startOpen />);
    act(() => void fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' }));
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Search' }));
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/about?x=1');
  });

  it('as a popover, follows its state: shown by the browser, else (no popovers) by its data-qf-open', () => {
    const { unmount } = render(<PopoverPage />);
    const panel = document.getElementById('pop')!;
    expect(panel).toHaveAttribute('popover', 'auto');
    expect(panel).not.toHaveAttribute('hidden');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(panel.matches(':popover-open')).toBe(true);
    expect(panel).toHaveAttribute('data-qf-open', '');
    // The browser closes it (Escape, a tap outside): the state follows.
    act(() => panel.hidePopover());
    expect(panel).not.toHaveAttribute('data-qf-open');
    unmount();
    const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'showPopover');
    delete (HTMLElement.prototype as Partial<HTMLElement>).showPopover;
    try {
      render(<PopoverPage />);
      fireEvent.click(screen.getByRole('button', { name: 'Search', hidden: true }));
      expect(document.getElementById('pop')).toHaveAttribute('data-qf-open', '');
    } finally {
      if (own) Object.defineProperty(HTMLElement.prototype, 'showPopover', own);
    }
  });
});
