import { randomBytes } from 'node:crypto';

export const NONCE_PLACEHOLDER = '__QF_CSP_NONCE__';

export const newNonce = (): string => randomBytes(16).toString('base64');

/**
 * The Content-Security-Policy of an HTML response: scripts only from this origin and the registry's
 * remote origins (plus inline scripts carrying this response's nonce), no plugins, no framing, no
 * foreign base URL. No 'unsafe-inline' and no 'unsafe-eval' for scripts.
 */
export function contentSecurityPolicy(nonce: string, remoteOrigins: readonly string[], imageHosts: readonly string[] = []): string {
  const remotes = [...new Set(remoteOrigins)].join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${remotes}`.trim(),
    `style-src 'self' ${remotes}`.trim(),
    `img-src 'self' data: ${imageHosts.join(' ')}`.trim(),
    "font-src 'self'",
    `connect-src 'self' ${remotes}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers every response carries. */
export const SECURITY_HEADERS: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), payment=(), usb=(), serial=(), magnetometer=(), gyroscope=(), accelerometer=(), geolocation=(self), fullscreen=(self)',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
