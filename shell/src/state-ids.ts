/** Where the page's pieces are in the server HTML (no schemas here: the page's first script reads these). */
export const STATE_ELEMENT_ID = '__QF_STATE__';
export const SLOT_ID = 'qf-main-slot';
export const APP_ID = 'qf-app';
/** The element inside the slot that holds one section's HTML: the server's, or a navigation's. */
export const SECTION_ATTR = 'data-qf-section';
