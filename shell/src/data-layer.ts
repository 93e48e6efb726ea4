/** Marks a social link (value: the network); any section may use it, the shell reports the clicks. */
export const SOCIAL_ATTRIBUTE = 'data-qf-social';
/** Names the part of the page a link sits in (`footer`, `idkt-footer`, a section's widget…). */
export const MODULE_ATTRIBUTE = 'data-qf-module';

/** The data-layer object of a social-link click: exactly the fields of SPEC §7. */
export interface SocialClick {
  event: 'social_link_click';
  clickName: string;
  clickText: string;
  clickLink: string;
  language: string;
  readingMode: string;
  pageCategory: string;
  pillar: string;
  moduleName: string;
  type: 'social';
}

/** What the page says about itself when the click happens. */
export interface PageContext {
  lang: string;
  /** The page's template (`story`, `landing`…), or its status for shell pages. */
  pageCategory: string;
  /** The area of the page (education, research, community, worldcup), or `general`. */
  pillar: string;
}

export function socialClick(anchor: Element, page: PageContext, body: HTMLElement): SocialClick {
  const text = (anchor.getAttribute('aria-label') ?? anchor.textContent ?? '').replace(/\s+/g, ' ').trim();
  return {
    event: 'social_link_click',
    clickName: anchor.getAttribute(SOCIAL_ATTRIBUTE) ?? '',
    clickText: text,
    clickLink: (anchor as HTMLAnchorElement).href ?? anchor.getAttribute('href') ?? '',
    language: page.lang,
    readingMode: body.dataset.theme ?? '',
    pageCategory: page.pageCategory,
    pillar: page.pillar,
    moduleName: anchor.closest(`[${MODULE_ATTRIBUTE}]`)?.getAttribute(MODULE_ATTRIBUTE) ?? 'page',
    type: 'social',
  };
}

type DataLayerWindow = Window & { dataLayer?: unknown[] };

/**
 * Pushes a SPEC §7 object to `window.dataLayer` for every click on a marked social link, wherever it
 * is (chrome or a section's HTML). Pushing needs no consent: no third-party script reads the layer
 * before the visitor consents. Returns the uninstall.
 */
export function installSocialDataLayer(doc: Document, win: DataLayerWindow, page: () => PageContext, earlier: readonly Event[] = []): () => void {
  const onClick = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.(`a[${SOCIAL_ATTRIBUTE}]`);
    if (!anchor) return;
    (win.dataLayer ??= []).push(socialClick(anchor, page(), doc.body));
  };
  // Clicks made before this code came (the page's inline loader kept them): counted too.
  for (const event of earlier) if (event.type === 'click') onClick(event);
  doc.addEventListener('click', onClick, true);
  return () => doc.removeEventListener('click', onClick, true);
}
