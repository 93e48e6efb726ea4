/**
 * Page scroll lock while a menu is open (SPEC §4). Locks nest: the page scrolls again only when the
 * last one is released, and the overflow it had before comes back exactly.
 */
let locks = 0;
let saved: { html: string; body: string } | null = null;

export function lockScroll(doc: Document = document): () => void {
  if (locks === 0) {
    saved = { html: doc.documentElement.style.overflow, body: doc.body.style.overflow };
    doc.documentElement.style.overflow = 'hidden';
    doc.body.style.overflow = 'hidden';
    doc.documentElement.dataset.qfScrollLocked = '';
  }
  locks += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0 && saved) {
      doc.documentElement.style.overflow = saved.html;
      doc.body.style.overflow = saved.body;
      delete doc.documentElement.dataset.qfScrollLocked;
      saved = null;
    }
  };
}
