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
});
