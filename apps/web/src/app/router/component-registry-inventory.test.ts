import { describe, expect, it } from 'vitest';
import { componentKind } from './component-registry';

// The components the seeded menus name (apps/server/src/db/seeds/inventory.seed.ts) must open pages.
describe('inventory pages in the component registry', () => {
  it('resolves the three seeded menu components to pages', () => {
    for (const name of ['asset/InventoryCampaigns', 'asset/InventoryCampaign', 'asset/InventoryCheck'])
      expect(componentKind(name)).toBe('page');
  });
});
