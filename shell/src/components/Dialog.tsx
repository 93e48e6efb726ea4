import { useEffect, useRef, type KeyboardEvent, type ReactElement, type ReactNode, type RefObject } from 'react';
import { usePopover } from './popover';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  id: string;
  open: boolean;
  onClose: () => void;
  /** The id of the element that names the dialog (its heading). */
  labelledBy: string;
  className?: string;
  /** What takes focus on opening; else the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes on closing when the element focused before opening is gone or hidden. */
  fallbackFocus?: RefObject<HTMLElement | null>;
  /**
   * A popover its opener shows by itself (`popovertarget`), before any code has come and without
   * JavaScript: the panel then follows `open`, and one the browser opened before the code came is
   * taken over through `onOpen` (its `autofocus` field already has the focus).
   */
  onOpen?: () => void;
  children: ReactNode;
}

const visible = (el: HTMLElement) => el.isConnected && !el.closest('[hidden]') && (typeof el.checkVisibility !== 'function' || el.checkVisibility());

/**
 * A modal panel of the header: labelled dialog semantics, focus moved in on opening, trapped inside
 * (Tab and Shift+Tab wrap), Escape closes, and focus returns to where it was (the opener) on closing.
 * Always rendered (hidden when closed) so the server HTML carries it and openers can point at it.
 */
export function Dialog({ id, open, onClose, labelledBy, className, initialFocus, fallbackFocus, onOpen, children }: DialogProps): ReactElement {
  const ref = useRef<HTMLDivElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const popover = onOpen !== undefined;
  usePopover(ref, open, popover ? { adopt: onOpen, closed: onClose } : null);

  useEffect(() => {
    if (!open) return;
    // Where focus was, unless nowhere (<body>: a panel opened by its address, `#id`, before the code ran)
    // or already inside (a popover the browser opened before the code came: its field took the focus).
    const before = document.activeElement;
    const inside = Boolean(before && ref.current?.contains(before));
    returnTo.current = before instanceof HTMLElement && before !== document.body && !inside ? before : null;
    const first = initialFocus?.current ?? ref.current?.querySelector<HTMLElement>(FOCUSABLE) ?? ref.current;
    if (!inside) first?.focus();
    return () => {
      // A panel opened by its address (a tap on its link before the code ran) leaves the address as it was.
      if (window.location.hash === `#${id}`) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
      const back = returnTo.current && visible(returnTo.current) ? returnTo.current : fallbackFocus?.current;
      // Only when focus is still ours: a link that navigated has already moved it on purpose.
      const active = document.activeElement;
      if (back && (!active || active === document.body || ref.current?.contains(active))) back.focus();
    };
  }, [open, id, initialFocus, fallbackFocus]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // Escape closes the panel; it must not also clear a search field (the browser's default).
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(visible);
    if (!items.length) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div ref={ref} id={id} role="dialog" aria-modal="true" aria-labelledby={labelledBy} className={className} hidden={popover ? undefined : !open} popover={popover ? 'auto' : undefined} data-qf-open={popover && open ? '' : undefined} tabIndex={-1} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}
