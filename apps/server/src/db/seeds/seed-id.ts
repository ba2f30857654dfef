import { createHash } from 'node:crypto';

/** Stable 32-hex ids for seeded rows, so every start and every database agree on them. */
export function seedId(key: string): string {
  return createHash('md5').update(`district-assets:${key}`).digest('hex');
}
