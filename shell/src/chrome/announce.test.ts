import { shellT } from '../i18n';
import { announce, navigationAnnouncement } from './announce';

describe('navigation announcements (issue 4 §12)', () => {
  it('say the new page’s title in the page language', () => {
    expect(navigationAnnouncement(shellT('en'), 'Events')).toBe('Events, page loaded');
    expect(navigationAnnouncement(shellT('ar'), 'الفعاليات')).toBe('تم تحميل صفحة الفعاليات');
  });

  it('empty the live region first, so the same title twice is announced twice', () => {
    const said: string[] = [];
    const pending: (() => void)[] = [];
    announce((text) => said.push(text), 'Events, page loaded', (fn) => pending.push(fn));
    expect(said).toEqual(['']);
    pending.shift()!();
    expect(said).toEqual(['', 'Events, page loaded']);
  });
});
