import { useEffect, useLayoutEffect, useRef, type ReactElement, type ReactNode, type RefObject } from 'react';

export interface PopoverSync {
  /** The browser showed it before this code ran (its button's `popovertarget`): the state opens. */
  adopt: () => void;
  /** The browser closed it (Escape, a tap outside) while the state had it open: the state closes. */
  closed: () => void;
  /** Just before the state hides it (the browser would then give focus back to its button). */
  beforeHide?: (el: HTMLElement) => void;
}

/**
 * A popover of the header (the slide-in menu, the search panel) that follows a component's state: its
 * button opens it by itself until the code runs, then `open` shows and hides it (in a layout effect,
 * before focus moves). One found open on the first run is adopted, and one the browser closes closes
 * the state. Without popovers in the browser the element's `data-qf-open` (the component's) shows it.
 * `sync` null: not a popover, nothing to follow.
 */
export function usePopover(ref: RefObject<HTMLElement | null>, open: boolean, sync: PopoverSync | null): void {
  const latest = useRef({ open, sync });
  latest.current = { open, sync };
  const synced = useRef(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!sync || !el || typeof el.showPopover !== 'function') return;
    const shown = el.matches(':popover-open');
    if (!synced.current) {
      synced.current = true;
      if (shown && !open) {
        sync.adopt();
        return;
      }
    }
    if (open && !shown) el.showPopover();
    if (!open && shown) {
      sync.beforeHide?.(el);
      el.hidePopover();
    }
  }, [open, sync !== null]);
  useEffect(() => {
    const el = ref.current;
    if (!sync || !el) return;
    const onToggle = (event: Event) => {
      const now = latest.current;
      if ((event as ToggleEvent).newState === 'closed' && now.open && !el.matches(':popover-open')) now.sync?.closed();
    };
    el.addEventListener('toggle', onToggle);
    return () => el.removeEventListener('toggle', onToggle);
  }, [sync !== null]);
}

/**
 * A popover's close button: it hides the popover by itself before the code comes; once it runs, the
 * component's `onClose` does (the browser's own action prevented, so the state stays the one source).
 */
export function PopoverClose({ target, className, onClose, children }: { target: string; className?: string; onClose: () => void; children: ReactNode }): ReactElement {
  return (
    <button
      type="button"
      className={className}
      popoverTarget={target}
      popoverTargetAction="hide"
      onClick={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {children}
    </button>
  );
}
