/**
 * Marks a section puts on its markup for the shell's chrome behaviours. Plain attributes: they work
 * in the server's HTML and need nothing from the shell but its stylesheet and boot.
 */

/** An element that fades in as it comes into view (SPEC §4, §9: scroll reveal, 400 ms). */
export const REVEAL_ATTR = 'data-qf-reveal';

/**
 * Spread on an element to mark it for scroll reveal (`<li {...revealMark}>`). Nothing is ever hidden
 * without JavaScript or under reduced motion: the shell hides only what it has seen out of view.
 */
export const revealMark: Readonly<Record<typeof REVEAL_ATTR, ''>> = { [REVEAL_ATTR]: '' };
