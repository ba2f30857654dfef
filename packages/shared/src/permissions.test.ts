import { describe, expect, it } from 'vitest';
import { timeFix } from './constants.js';
import { hasPermission, isFieldDisabled, type AuthEntry } from './permissions.js';

const entry = (action: string, type: '1' | '2', status: '0' | '1'): AuthEntry => ({
  action,
  describe: action,
  type,
  status,
});

describe('has-permission (app-spec §6)', () => {
  const allAuth = [entry('user:add', '1', '1'), entry('user:export', '1', '0'), entry('user:salary', '2', '1')];

  it('shows a button the user holds, or one whose permission is not enforced', () => {
    expect(hasPermission('user:add', [entry('user:add', '1', '1')], allAuth)).toBe(true);
    expect(hasPermission('user:add', [], allAuth)).toBe(false);
    expect(hasPermission('user:export', [], allAuth)).toBe(true);
    expect(hasPermission('unknown:code', [], allAuth)).toBe(false);
  });

  it('ignores type 2 entries and splits comma lists', () => {
    expect(hasPermission('user:salary', [entry('user:salary', '2', '1')], allAuth)).toBe(false);
    expect(hasPermission('user:delete, user:add', [entry('user:add', '1', '1')], allAuth)).toBe(true);
  });

  it('disables a field marked by the flow node, or by a stored type 2 entry with status 0', () => {
    expect(isFieldDisabled('f', [], [], [entry('f', '2', '1')])).toBe(true);
    expect(isFieldDisabled('f', [], [entry('f', '2', '0')])).toBe(true);
    expect(isFieldDisabled('f', [entry('f', '2', '1')], [entry('f', '2', '0')])).toBe(false);
    expect(isFieldDisabled('f', [], [entry('f', '1', '0')])).toBe(false);
  });
});

describe('greeting bands (app-spec §9)', () => {
  it.each([
    [8, '早上好'],
    [9, '上午好'],
    [11, '上午好'],
    [13, '中午好'],
    [19, '下午好'],
    [20, '晚上好'],
  ])('%i o’clock → %s', (hour, text) => {
    expect(timeFix(new Date(2026, 10, 22, hour, 30))).toBe(text);
  });
});
