/** The body class that shows the keyboard focus outline (SPEC §9: it reacts to Tab and arrow keys). */
export const KEYBOARD_CLASS = 'qf-keyboard';
const KEYS = new Set(['Tab', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/** Keyboard use shows the outline, pointer use hides it again. Returns a stop function. */
export function trackKeyboardFocus(doc: Document = document): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (KEYS.has(event.key)) doc.body.classList.add(KEYBOARD_CLASS);
  };
  const onPointer = () => doc.body.classList.remove(KEYBOARD_CLASS);
  doc.addEventListener('keydown', onKey, true);
  doc.addEventListener('mousedown', onPointer, true);
  doc.addEventListener('touchstart', onPointer, { capture: true, passive: true });
  return () => {
    doc.removeEventListener('keydown', onKey, true);
    doc.removeEventListener('mousedown', onPointer, true);
    doc.removeEventListener('touchstart', onPointer, true);
  };
}
