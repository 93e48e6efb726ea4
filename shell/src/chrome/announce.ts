import type { TFunction } from 'i18next';

/** What the live region says after a client-side navigation: the new page's title. */
export const navigationAnnouncement = (t: TFunction, title: string): string => t('panels.announce', { title });

/**
 * Puts the text in the live region: emptied first and filled a moment later, so a screen reader
 * announces it even when it equals the previous announcement (back and forth between two pages).
 */
export function announce(set: (text: string) => void, text: string, later: (fn: () => void) => void = (fn) => void setTimeout(fn, 100)): void {
  set('');
  later(() => set(text));
}
