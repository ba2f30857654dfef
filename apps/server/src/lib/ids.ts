import { randomBytes } from 'node:crypto';

/** Record ids are 32 hex characters (app-spec §9). */
export function newId(): string {
  return randomBytes(16).toString('hex');
}
