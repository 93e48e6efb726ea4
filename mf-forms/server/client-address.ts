import { createHmac } from 'node:crypto';
import { clientNetwork } from '@qf/shared/server';

/**
 * A client's key as a limit stores it: a keyed hash (the forms secret), so a table of counts holds no
 * address a reader could use without the secret. `purpose` separates the keys of different limits.
 */
export function clientKey(secret: Buffer, purpose: string, address: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${clientNetwork(address)}`, 'utf8').digest('base64url');
}
