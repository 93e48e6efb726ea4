/** @jest-environment jsdom */
import { KEYBOARD_CLASS, trackKeyboardFocus } from './focus-outline';

describe('the keyboard focus outline (SPEC §9)', () => {
  it('shows on Tab and arrow keys, hides on mouse use, ignores other keys', () => {
    const stop = trackKeyboardFocus(document);
    const key = (k: string) => document.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
    key('a');
    expect(document.body.classList.contains(KEYBOARD_CLASS)).toBe(false);
    key('Tab');
    expect(document.body.classList.contains(KEYBOARD_CLASS)).toBe(true);
    document.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    expect(document.body.classList.contains(KEYBOARD_CLASS)).toBe(false);
    for (const k of ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']) {
      document.body.classList.remove(KEYBOARD_CLASS);
      key(k);
      expect(document.body.classList.contains(KEYBOARD_CLASS)).toBe(true);
    }
    stop();
    document.body.classList.remove(KEYBOARD_CLASS);
    key('Tab');
    expect(document.body.classList.contains(KEYBOARD_CLASS)).toBe(false);
  });
});
