/** SPEC §3, §9: cookie consent is stored under a key with the value 1. */
export const CONSENT_KEY = 'qf_cookie_consent';
export const CONSENT_VALUE = '1';
/**
 * On `<html>` while the banner is to be shown (no consent stored): set by the page's first inline
 * script, so the stylesheet shows the banner, 2 s after the page is first shown (SPEC §4), whether or
 * not the boot has come yet.
 */
export const CONSENT_ASK_ATTR = 'data-qf-consent';

/**
 * The inline pre-paint lines that set CONSENT_ASK_ATTR (storage disabled: no consent can be stored, so
 * ask). `nothingStored`: a JavaScript expression, true when the browser has stored nothing for the site
 * (then storage is not read).
 */
export function consentPrePaintScript(nothingStored = 'false'): string {
  const j = JSON.stringify;
  return `try{if(${nothingStored}||localStorage.getItem(${j(CONSENT_KEY)})!==${j(CONSENT_VALUE)})throw 0}catch(e){document.documentElement.setAttribute(${j(CONSENT_ASK_ATTR)},"ask")}`;
}

/** SPEC §9: the banner slides in after 2 s and slides out in 0.5 s. */
export const BANNER_DELAY_MS = 2000;
export const BANNER_SLIDE_MS = 500;

export function hasConsent(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return storage?.getItem(CONSENT_KEY) === CONSENT_VALUE;
  } catch {
    return false;
  }
}

export function storeConsent(storage: Pick<Storage, 'setItem'> | undefined): void {
  try {
    storage?.setItem(CONSENT_KEY, CONSENT_VALUE);
  } catch {
    // storage disabled: consent holds for this page only
  }
}

const loaded = new Map<string, Promise<void>>();

/**
 * Adds a third-party script once, and only with stored consent (SPEC decisions: no third-party script
 * before the visitor consents). Resolves when it has run; rejects without consent or when it fails.
 */
export function loadThirdPartyScript(src: string, storage: Pick<Storage, 'getItem'> | undefined, doc: Document = document): Promise<void> {
  if (!hasConsent(storage)) return Promise.reject(new Error('no consent for third-party scripts'));
  let promise = loaded.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = doc.createElement('script');
      script.src = src;
      script.async = true;
      script.addEventListener('load', () => resolve());
      script.addEventListener('error', () => {
        loaded.delete(src);
        script.remove();
        reject(new Error(`${src} failed to load`));
      });
      doc.head.append(script);
    });
    loaded.set(src, promise);
  }
  return promise;
}
