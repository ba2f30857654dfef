import { describe, expect, it } from 'vitest';
import { ONLINE_COMPONENTS } from '@district/shared';
import { componentKind } from './component-registry';

// Moved from the online auto list's test: the registry decides which menu components are pages.
describe('component registry', () => {
  it('resolves the online component kinds to pages', () => {
    expect(componentKind(ONLINE_COMPONENTS.autoList)).toBe('page');
    expect(componentKind('modules/online/cgform/auto/erp/OnlCgformErpList')).toBe('page');
    expect(componentKind(ONLINE_COMPONENTS.formList)).toBe('page');
    expect(componentKind(ONLINE_COMPONENTS.reportAutoList)).toBe('page');
    expect(componentKind('modules/online/desform/DesignFormList')).toBe('notOpen');
  });
});
