// DOM matchers (toHaveTextContent, toBeVisible…) for component tests; harmless in node tests.
require('@testing-library/jest-dom');
// Servers built in tests write no access log unless a test asks for one (it then gives its own
// destination or LOG_LEVEL): a line per request would bury the test report.
process.env.LOG_LEVEL ??= 'silent';

// jsdom has no popovers (the slide-in menu is one: menu/Drawer.tsx). A small stand-in with the
// browser's observable behaviour: showPopover/hidePopover, `:popover-open`, a `toggle` event, hidden
// while closed (so role queries skip it, and what it holds takes no focus), its autofocus field focused
// when shown, and a button's `popovertarget` press unless prevented.
if (typeof HTMLElement !== 'undefined' && typeof HTMLElement.prototype.showPopover !== 'function') {
  const OPEN = 'data-jsdom-popover-open';
  const style = document.createElement('style');
  style.textContent = `[popover]:not([${OPEN}]) { display: none; }`;
  document.head.append(style);
  const toggle = (el, open) => {
    if (!el.hasAttribute('popover') || el.hasAttribute(OPEN) === open) return;
    el.toggleAttribute(OPEN, open);
    // Shown, its autofocus field takes the focus.
    if (open) el.querySelector('[autofocus]')?.focus();
    const event = new Event('toggle');
    Object.assign(event, { oldState: open ? 'closed' : 'open', newState: open ? 'open' : 'closed' });
    el.dispatchEvent(event);
  };
  HTMLElement.prototype.showPopover = function showPopover() {
    toggle(this, true);
  };
  HTMLElement.prototype.hidePopover = function hidePopover() {
    toggle(this, false);
  };
  HTMLElement.prototype.togglePopover = function togglePopover() {
    toggle(this, !this.hasAttribute(OPEN));
  };
  // What a closed popover holds is not rendered, so it cannot take focus.
  const focus = HTMLElement.prototype.focus;
  HTMLElement.prototype.focus = function popoverFocus(options) {
    if (this.closest(`[popover]:not([${OPEN}])`)) return;
    focus.call(this, options);
  };
  // Nor is it visible (jsdom has no checkVisibility: what is displayed, as far as jsdom's styles tell).
  if (typeof Element.prototype.checkVisibility !== 'function') {
    Element.prototype.checkVisibility = function checkVisibility() {
      const hidden = (el) => Boolean(el) && (getComputedStyle(el).display === 'none' || hidden(el.parentElement));
      return !hidden(this);
    };
  }
  const matches = Element.prototype.matches;
  Element.prototype.matches = function popoverMatches(selector) {
    return selector === ':popover-open' ? this.hasAttribute(OPEN) : matches.call(this, selector);
  };
  document.addEventListener('click', (event) => {
    const button = event.defaultPrevented ? null : event.target?.closest?.('button[popovertarget]');
    const target = button && document.getElementById(button.getAttribute('popovertarget'));
    if (!target) return;
    const action = button.getAttribute('popovertargetaction') ?? 'toggle';
    toggle(target, action === 'show' ? true : action === 'hide' ? false : !target.hasAttribute(OPEN));
  });
}
