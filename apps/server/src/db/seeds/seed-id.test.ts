import { SEED_ID, SEED_KEY } from '@district/shared';
import { describe, expect, it } from 'vitest';
import { seedId } from './seed-id.js';

describe('seeded ids of the shared contract', () => {
  it('are the ids the seeds compute from their keys', () => {
    for (const name of Object.keys(SEED_KEY) as (keyof typeof SEED_KEY)[]) {
      expect(SEED_ID[name], name).toBe(seedId(SEED_KEY[name]));
    }
  });
});
