import { randomFillSync } from 'node:crypto';

export const NONCE_PLACEHOLDER = '__QF_CSP_NONCE__';

// 16 random bytes per HTML answer, taken from a pool filled 256 nonces at a time from the same CSPRNG:
// one call to the system's generator per answer was a visible share of a cached page's cost.
const NONCE_BYTES = 16;
const pool = Buffer.alloc(NONCE_BYTES * 256);
let taken = pool.length;

/** A fresh nonce: 16 bytes never handed out before, base64. */
export function newNonce(): string {
  if (taken + NONCE_BYTES > pool.length) {
    randomFillSync(pool);
    taken = 0;
  }
  const nonce = pool.toString('base64', taken, taken + NONCE_BYTES);
  taken += NONCE_BYTES;
  return nonce;
}

/**
 * The Content-Security-Policy of an HTML response: scripts only from this origin and the registry's
 * remote origins (plus inline scripts carrying this response's nonce), styles from those origins and
 * inline ones carrying the nonce, no plugins, no framing, no foreign base URL. No 'unsafe-inline' and
 * no 'unsafe-eval' for scripts.
 */
export function contentSecurityPolicy(nonce: string, remoteOrigins: readonly string[], imageHosts: readonly string[] = [], options: { maps?: boolean } = {}): string {
  const remotes = [...new Set(remoteOrigins)].join(' ');
  // The maps service's hosts are allowed only when a key is configured, i.e. when the map can load at all.
  const maps = options.maps ? MAPS_HOSTS : { script: '', style: '', img: '', font: '', connect: '' };
  return [
    "default-src 'self'",
    sources('script-src', "'self'", `'nonce-${nonce}'`, remotes, maps.script),
    // The sections' first-paint styles are inlined with the nonce. With the maps service (whose styles
    // need 'unsafe-inline', which a nonce would switch off) inline styles are allowed anyway.
    sources('style-src', "'self'", options.maps ? '' : `'nonce-${nonce}'`, remotes, maps.style),
    sources('img-src', "'self'", 'data:', ...imageHosts, maps.img),
    sources('font-src', "'self'", maps.font),
    sources('connect-src', "'self'", remotes, maps.connect),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const sources = (directive: string, ...values: string[]) => [directive, ...values.filter(Boolean)].join(' ');

/** What the Maps JavaScript API loads: its scripts, tiles, marker images, fonts and its own data calls. */
const MAPS_HOSTS = {
  script: 'https://maps.googleapis.com',
  style: "'unsafe-inline' https://fonts.googleapis.com",
  img: 'https://maps.googleapis.com https://maps.gstatic.com',
  font: 'https://fonts.gstatic.com',
  connect: 'https://maps.googleapis.com',
};

/**
 * Headers every response carries.
 *
 * No `Cross-Origin-Opener-Policy`: measured, `same-origin` was the largest single cost of a first visit.
 * It makes every arrival from another page switch browsing context group (and on Android, where a site
 * sending COOP is given a process of its own, start a renderer): the script-free copy of a story went
 * from TBT 42-91 ms (Lighthouse 100) to 263-492 ms (88-95) with the header alone. What it protects is a
 * window handle shared with a cross-origin opener or popup (XS-Leaks, Spectre without site isolation);
 * this site holds no session, no signed-in state and no secret per visitor to leak, never calls
 * `window.opener`, opens its outbound links with `noopener`, and cannot be framed (`frame-ancestors
 * 'none'`, `X-Frame-Options`). See SECURITY.md "Headers".
 */
export const SECURITY_HEADERS: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), payment=(), usb=(), serial=(), magnetometer=(), gyroscope=(), accelerometer=(), geolocation=(self), fullscreen=(self)',
  'X-Frame-Options': 'DENY',
};
