import { useEffect, useLayoutEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Rendered but not displayed (the slide-in menu's button on a wide screen) is not focusable either. */
const displayed = (el: HTMLElement) => (typeof el.checkVisibility === 'function' ? el.checkVisibility() : true);

export const focusablesIn = (container: HTMLElement): HTMLElement[] =>
  [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden], [inert]') && el.getAttribute('aria-hidden') !== 'true' && displayed(el));

/**
 * While `active`, Tab and Shift+Tab cycle inside the container and Escape calls `onEscape`; when it
 * ends, focus goes back to the element that had it when the trap started (the opener), unless
 * `restore.current` was set to false (a navigation moves focus to the new page's heading instead).
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>, active: boolean, onEscape: () => void, restore: RefObject<boolean>): void {
  const escape = useRef(onEscape);
  escape.current = onEscape;
  const opener = useRef<HTMLElement | null>(null);
  // The opener is read in a layout effect, before the menu's own effects move focus inside it.
  useLayoutEffect(() => {
    if (!active) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    restore.current = true;
  }, [active, restore]);
  // Focus goes back in a passive effect: one moved during React's commit would be undone by React,
  // which puts focus back where it was before the commit.
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      const root = container.current;
      if (!root) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        escape.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusablesIn(root);
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const current = document.activeElement;
      if (!root.contains(current)) {
        event.preventDefault();
        first.focus();
      } else if (event.shiftKey && current === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && current === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      const back = opener.current;
      opener.current = null;
      if (restore.current && back?.isConnected) back.focus({ preventScroll: true });
    };
  }, [active, container, restore]);
}

const NEXT: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };

/**
 * Arrow keys move focus between the items (`[data-menu-item]`) of one level (`[data-menu-level]`);
 * Home and End go to the first and last. A horizontal level also takes Left and Right, mirrored in RTL.
 */
export function onLevelKeyDown(event: ReactKeyboardEvent<HTMLElement>, orientation: 'vertical' | 'horizontal' = 'vertical'): void {
  const level = event.currentTarget;
  const items = [...level.querySelectorAll<HTMLElement>('[data-menu-item]')].filter((el) => el.closest('[data-menu-level]') === level);
  const index = items.indexOf(document.activeElement as HTMLElement);
  if (index < 0) return;
  const rtl = getComputedStyle(level).direction === 'rtl' || level.closest('[dir]')?.getAttribute('dir') === 'rtl';
  let step = NEXT[event.key];
  if (orientation === 'horizontal') {
    if (event.key === 'ArrowRight') step = rtl ? -1 : 1;
    else if (event.key === 'ArrowLeft') step = rtl ? 1 : -1;
  }
  let target: HTMLElement | undefined;
  if (step !== undefined) target = items[(index + step + items.length) % items.length];
  else if (event.key === 'Home') target = items[0];
  else if (event.key === 'End') target = items[items.length - 1];
  if (!target) return;
  event.preventDefault();
  target.focus();
}
