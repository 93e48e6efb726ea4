/**
 * Where focus goes in the slide-in menu when it shows another level (`root` holds the level now in
 * view): stepping back (the new path is the start of the previous one) focuses the entry that opened
 * the level left (`[data-menu-opens]` with its id); anything else focuses the new level's first entry
 * (`[data-menu-item]`). Null when the level has neither (the preview): the dialog's heading then.
 */
export function levelFocusTarget(root: HTMLElement, previous: readonly string[], next: readonly string[]): HTMLElement | null {
  const back = next.length < previous.length && next.every((id, i) => previous[i] === id) ? previous[next.length] : undefined;
  const opener = back === undefined ? undefined : [...root.querySelectorAll<HTMLElement>('[data-menu-opens]')].find((el) => el.dataset.menuOpens === back);
  return opener ?? root.querySelector<HTMLElement>('[data-menu-item]');
}
