/** Motion is off when the system asks for it or the visitor paused animations in the panel. */
export function motionAllowed(win: Pick<Window, 'matchMedia'> & { document: Document } = window): boolean {
  if (win.document.body.classList.contains('qf-a11y-pause')) return false;
  return !win.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}
