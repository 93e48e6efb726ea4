/** Other shell code (the footer's 'Ask {name}' teaser) opens the assistant with this window event. */
export const OPEN_ASSISTANT_EVENT = 'qf:open-assistant';
