/** @jest-environment jsdom */
import { lockScroll } from './scroll-lock';

describe('the page scroll lock (SPEC §4)', () => {
  it('locks on open and restores exactly the previous overflow on close', () => {
    document.body.style.overflow = 'scroll';
    const release = lockScroll();
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(document.body.style.overflow).toBe('hidden');
    release();
    expect(document.documentElement.style.overflow).toBe('');
    expect(document.body.style.overflow).toBe('scroll');
    document.body.style.overflow = '';
  });

  it('nests: the page scrolls again only when the last lock goes, and releasing twice is harmless', () => {
    const a = lockScroll();
    const b = lockScroll();
    a();
    a();
    expect(document.body.style.overflow).toBe('hidden');
    b();
    expect(document.body.style.overflow).toBe('');
    expect(document.documentElement.dataset.qfScrollLocked).toBeUndefined();
  });
});
