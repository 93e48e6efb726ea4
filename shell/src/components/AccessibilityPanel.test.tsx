/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { ShellLangContext } from '../i18n';
import { A11Y_KEY } from '../chrome/a11y-prefs';
import { AccessibilityPanel } from './AccessibilityPanel';

const renderPanel = (lang: 'en' | 'ar' = 'en') =>
  render(
    <ShellLangContext.Provider value={lang}>
      <AccessibilityPanel open onClose={() => undefined} />
    </ShellLangContext.Provider>,
  );

describe('the accessibility panel', () => {
  beforeEach(() => {
    localStorage.clear();
    document.body.className = '';
    delete document.body.dataset.textSize;
  });

  it('steps the text size between 100 % and 150 %, applied to the body and remembered', () => {
    const { unmount } = renderPanel();
    expect(screen.getByRole('group', { name: 'Text size' })).toHaveTextContent('100 %');
    expect(screen.getByRole('button', { name: 'Smaller text' })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Larger text' }));
    expect(document.body.dataset.textSize).toBe('115');
    for (let i = 0; i < 5; i++) fireEvent.click(screen.getByRole('button', { name: 'Larger text' }));
    expect(document.body.dataset.textSize).toBe('150');
    expect(screen.getByRole('button', { name: 'Larger text' })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Smaller text' }));
    expect(document.body.dataset.textSize).toBe('130');
    expect(JSON.parse(localStorage.getItem(A11Y_KEY)!).textSize).toBe(2);
    unmount();
    renderPanel();
    expect(screen.getByRole('group', { name: 'Text size' })).toHaveTextContent('130 %');
  });

  it('switches high contrast, underlined links, readable font and paused animations, and resets', () => {
    renderPanel('ar');
    for (const name of ['تباين عالٍ', 'تسطير الروابط', 'خط سهل القراءة', 'إيقاف الحركة']) fireEvent.click(screen.getByRole('checkbox', { name }));
    expect([...document.body.classList].sort()).toEqual(['qf-a11y-contrast', 'qf-a11y-pause', 'qf-a11y-readable', 'qf-a11y-underline']);
    expect(JSON.parse(localStorage.getItem(A11Y_KEY)!)).toEqual({ textSize: 0, contrast: true, underline: true, readable: true, pause: true });
    fireEvent.click(screen.getByRole('checkbox', { name: 'تسطير الروابط' }));
    expect(document.body.classList.contains('qf-a11y-underline')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'إعادة الضبط' }));
    expect(document.body.className).toBe('');
    expect(screen.getByRole('checkbox', { name: 'تباين عالٍ' })).not.toBeChecked();
  });

  it('shows the text size buttons with the letter of the page’s script', () => {
    const { unmount } = renderPanel('ar');
    expect([screen.getByRole('button', { name: 'تصغير النص' }).textContent, screen.getByRole('button', { name: 'تكبير النص' }).textContent]).toEqual(['أ−تصغير النص', 'أ+تكبير النص']);
    unmount();
    renderPanel('en');
    expect(screen.getByRole('button', { name: 'Larger text' }).textContent).toBe('A+Larger text');
  });

  it('is a labelled dialog', () => {
    renderPanel();
    expect(screen.getByRole('dialog', { name: 'Accessibility options' })).toHaveAttribute('aria-modal', 'true');
  });
});
