import { afterEach, describe, expect, it } from 'vitest';
import { render, renderHook, screen } from '@testing-library/react';
import type { AuthEntry } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { HasPermission } from './has-permission';
import { useFieldDisabled, useHasPermission } from './use-has-permission';

const entry = (action: string, type: '1' | '2', status: '0' | '1'): AuthEntry => ({
  action,
  type,
  status,
  describe: action,
});

function signIn(auth: AuthEntry[], allAuth: AuthEntry[]) {
  useSessionStore.setState({ auth, allAuth });
}

afterEach(() => useSessionStore.setState({ auth: [], allAuth: [] }));

describe('<HasPermission>', () => {
  it('shows the button only when the user holds the action', () => {
    signIn([entry('system:platform:edit', '1', '1')], [entry('system:platform:edit', '1', '1')]);
    const { rerender } = render(
      <HasPermission action="system:platform:edit">
        <button>保存</button>
      </HasPermission>,
    );
    expect(screen.getByRole('button', { name: '保存' })).toBeInTheDocument();

    signIn([], [entry('system:platform:edit', '1', '1')]);
    rerender(
      <HasPermission action="system:platform:edit">
        <button>保存</button>
      </HasPermission>,
    );
    expect(screen.queryByRole('button', { name: '保存' })).not.toBeInTheDocument();
  });

  it('shows an action the full list marks status 0 (not enforced) even without a grant', () => {
    signIn([], [entry('demo:export', '1', '0')]);
    render(
      <HasPermission action="demo:export">
        <button>导出</button>
      </HasPermission>,
    );
    expect(screen.getByRole('button', { name: '导出' })).toBeInTheDocument();
  });

  it('ignores type 2 (field) entries for buttons', () => {
    signIn([entry('demo:name', '2', '1')], [entry('demo:name', '2', '0')]);
    render(
      <HasPermission action="demo:name" fallback={<span>无权限</span>}>
        <button>编辑</button>
      </HasPermission>,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('无权限')).toBeInTheDocument();
  });

  it('accepts a comma-separated list: any allowed action is enough', () => {
    signIn([entry('b:edit', '1', '1')], []);
    const { result } = renderHook(() => useHasPermission());
    expect(result.current('a:add, b:edit')).toBe(true);
    expect(result.current('a:add,c:delete')).toBe(false);
  });
});

describe('useFieldDisabled', () => {
  it('disables a field the stored type-2 entries mark status 0', () => {
    signIn([], [entry('demo:salary', '2', '0')]);
    expect(renderHook(() => useFieldDisabled('demo:salary')).result.current).toBe(true);
    expect(renderHook(() => useFieldDisabled('demo:other')).result.current).toBe(false);
  });

  it('lets a flow-node permission list disable the field', () => {
    signIn([], []);
    const flow = [entry('demo:name', '2', '1')];
    expect(renderHook(() => useFieldDisabled('demo:name', flow)).result.current).toBe(true);
  });
});
