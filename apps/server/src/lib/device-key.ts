import { createHash, randomBytes } from 'node:crypto';

/** What is stored of a device's alarm key: its SHA-256 (the demo seed stores its device's the same way). */
export const hashDeviceKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** A new alarm key: 32 random bytes, base64url. Only its hash is kept. */
export function newDeviceKey(): string {
  return randomBytes(32).toString('base64url');
}
