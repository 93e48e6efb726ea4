/**
 * What a widget remembers in this browser (a poll it voted in, a survey it dismissed). Storage can be
 * unavailable (private modes, blocked cookies): the widgets then behave as on a first visit.
 */
export function remembered(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function remember(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // not remembered: the visitor sees the widget again next time
  }
}

/** This browser's random voter id, created on first use. */
export function voterId(): string {
  const existing = remembered('qf-voter');
  if (existing && /^[A-Za-z0-9-]{16,64}$/.test(existing)) return existing;
  const id = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
  remember('qf-voter', id);
  return id;
}
